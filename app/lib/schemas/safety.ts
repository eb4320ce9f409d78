import { z } from "zod";
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from "../conversation-values.ts";
import { ROLES } from "../roles.ts";
import {
  MAX_REPORT_DETAILS,
  MAX_RESOLUTION_NOTE,
  REPORT_FILTERS,
  REPORT_RESOLUTIONS,
  REPORTS_PAGE_SIZE,
} from "../safety-values.ts";
import { idSchema } from "./id.ts";
import { isStorableText } from "./text.ts";

/**
 * The safety contract: filing a report, closing one, the reports queue, blocks and the
 * notification switch. Forms and the JSON API parse the same schemas; their messages are i18n
 * keys of `safety.errors`.
 */

const E = "safety.errors";

/** A text of several lines, optional: kept as written, surrounding white space dropped. */
function optionalText(max: number, tooLong: `safety.errors.${string}`) {
  return z
    .string({ error: `${E}.invalidCharacters` })
    .refine(isStorableText, `${E}.invalidCharacters`)
    .trim()
    .max(max, tooLong)
    .default("");
}

/** An account's id as better-auth makes them: what a path or form names, never read as a number. */
export const userIdSchema = z
  .string({ error: `${E}.userNotFound` })
  .trim()
  .min(1, `${E}.userNotFound`)
  .max(100, `${E}.userNotFound`)
  // Letters, digits, "-" and "_" only: anything else (a NUL byte) is nobody's id.
  .regex(/^[\w-]+$/, `${E}.userNotFound`)
  .meta({ description: "A person's account id.", example: "3bd1c0f8-6a8e-4ad4-9a9c-1f0e2b7d5c11" });

const reportCommon = {
  reason: z.enum(REPORT_REASONS, { error: `${E}.reasonRequired` }),
  details: optionalText(MAX_REPORT_DETAILS, `${E}.detailsTooLong`).meta({
    description: "What happened, in the reporter's words (optional).",
  }),
};

const reportId = (description: string) => idSchema.meta({ description, example: 42 });

/** What a person reports: a conversation or message they are part of, a review, or a person. */
export const reportInputSchema = z.discriminatedUnion(
  "target",
  [
    z.object({
      target: z.literal("conversation"),
      conversationId: reportId("A conversation the reporter is part of."),
      ...reportCommon,
    }),
    z.object({
      target: z.literal("message"),
      messageId: reportId("A message of a conversation the reporter is part of."),
      ...reportCommon,
    }),
    z.object({
      target: z.literal("review"),
      reviewId: reportId("A review shown on the site."),
      ...reportCommon,
    }),
    z.object({
      target: z.literal("user"),
      userId: userIdSchema,
      ...reportCommon,
    }),
  ],
  { error: `${E}.targetRequired` },
);
export type ReportInput = z.output<typeof reportInputSchema>;

/** Closing a report, with an optional note for the record. */
export const resolveReportSchema = z.object({
  status: z.enum(REPORT_RESOLUTIONS, { error: `${E}.statusRequired` }),
  note: optionalText(MAX_RESOLUTION_NOTE, `${E}.noteTooLong`),
});

/** `?status=&page=` of the queue page, which forgives: a bad value means open, or page 1. */
export const reportsPageQuerySchema = z.object({
  status: z.enum(REPORT_FILTERS).catch("open"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The same for GET /api/v1/admin/reports: a value it does not accept is a 400. */
export const reportsQuerySchema = z.object({
  status: z
    .enum(REPORT_FILTERS)
    .default("open")
    .meta({ description: "open (the default), resolved, dismissed, or all (open ones first)" }),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .meta({ description: `Page number; ${REPORTS_PAGE_SIZE} reports per page.` }),
});

/** The profile's notification switch. */
export const notificationSettingsSchema = z.object(
  {
    messageEmails: z.boolean({ error: `${E}.settingsInvalid` }).meta({
      description: "Whether new messages are e-mailed (at most one per conversation an hour).",
    }),
  },
  { error: `${E}.settingsInvalid` },
);
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

// ── What the queue and the block list look like (the pages and the API) ────────────────────────

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

const contextMessageSchema = z.object({
  id: z.int(),
  senderName: z.string(),
  body: z.string().meta({ description: "Plain text, shown as text." }),
  hasImage: z.boolean(),
  flagged: z.boolean(),
  createdAt: z.string().meta({ description: "ISO 8601" }),
});
export type ReportContextMessage = z.output<typeof contextMessageSchema>;

export const reportViewSchema = z.object({
  id: z.int(),
  target: z.enum(REPORT_TARGETS),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  /** Filed by the payment rule, not a person: `details` then lists the rule's reasons. */
  system: z.boolean(),
  ruleReasons: z
    .array(z.string())
    .meta({ description: "For the payment rule's reports: what it matched." }),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string().meta({ description: "ISO 8601" }),
  /** The person who filed it; null for the payment rule's reports or a deleted account. */
  reporter: personSchema.nullable(),
  reportedUser: personSchema.extend({ role: z.enum(ROLES).nullable() }).nullable(),
  conversation: z
    .object({
      id: z.int(),
      listing: z.object({ id: z.int(), title: z.string() }),
      guest: z.object({ id: z.string(), name: z.string() }),
      host: z.object({ id: z.string(), name: z.string() }),
      lastMessages: z.array(contextMessageSchema),
    })
    .nullable(),
  message: contextMessageSchema.nullable(),
  review: z
    .object({
      id: z.int(),
      listing: z.object({ id: z.int(), title: z.string() }),
      authorName: z.string(),
      rating: z.int(),
      body: z.string(),
      hidden: z.boolean(),
      hiddenReason: z.string().nullable(),
    })
    .nullable(),
  resolution: z
    .object({
      by: z.string().nullable().meta({ description: "The administrator's name" }),
      at: z.string().meta({ description: "ISO 8601" }),
      note: z.string(),
    })
    .nullable(),
});
export type ReportView = z.output<typeof reportViewSchema>;

export const reportPageSchema = z.object({
  reports: z.array(reportViewSchema),
  status: z.enum(REPORT_FILTERS),
  page: z.int(),
  pageCount: z.int(),
  /** Reports that match the filter. */
  total: z.int(),
  /** Open reports in the whole queue. */
  open: z.int(),
});
export type ReportPage = z.output<typeof reportPageSchema>;

export const filedReportSchema = z.object({
  id: z.int(),
  target: z.enum(REPORT_TARGETS),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type FiledReport = z.output<typeof filedReportSchema>;

export const blockedPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  blockedAt: z.string().meta({ description: "ISO 8601" }),
});
export type BlockedPerson = z.output<typeof blockedPersonSchema>;

export const blockStateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  blocked: z.boolean(),
});
export type BlockState = z.output<typeof blockStateSchema>;
