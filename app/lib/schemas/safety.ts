import { z } from "zod";
import { AUDIT_ACTIONS } from "../admin-values.ts";
import { REPORT_STATUSES, REPORT_TARGETS } from "../conversation-values.ts";
import {
  CONVERSATION_REPORT_REASONS,
  LISTING_REPORT_REASONS,
  REPORT_REASONS,
} from "../report-reasons.ts";
import { MAX_REASON_LENGTH } from "../listing-status.ts";
import { LISTING_STATUSES } from "../listing-values.ts";
import { ROLES } from "../roles.ts";
import { SIGNAL_KINDS } from "../signal-values.ts";
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
  reason: z.enum(CONVERSATION_REPORT_REASONS, { error: `${E}.reasonRequired` }),
  details: optionalText(MAX_REPORT_DETAILS, `${E}.detailsTooLong`).meta({
    description: "What happened, in the reporter's words (optional).",
  }),
};

/** A listing's reason and details: "other" says nothing without the reporter's words. */
const listingReportFields = {
  reason: z.enum(LISTING_REPORT_REASONS, { error: `${E}.reasonRequired` }),
  details: optionalText(MAX_REPORT_DETAILS, `${E}.detailsTooLong`).meta({
    description: 'What is wrong, in the reporter\'s words: required with the reason "other".',
  }),
};
function otherNeedsDetails(value: { reason: string; details: string }, ctx: z.RefinementCtx) {
  if (value.reason === "other" && value.details === "") {
    ctx.addIssue({ code: "custom", path: ["details"], message: `${E}.otherNeedsDetails` });
  }
}

/** Reporting a listing from its page or POST /api/v1/listings/{listingId}/reports. */
export const listingReportSchema = z.object(listingReportFields).superRefine(otherNeedsDetails);
export type ListingReportInput = z.output<typeof listingReportSchema>;

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
    z
      .object({
        target: z.literal("listing"),
        listingId: reportId("A listing shown on the site, not the reporter's own."),
        ...listingReportFields,
      })
      .superRefine(otherNeedsDetails),
  ],
  { error: `${E}.targetRequired` },
);
export type ReportInput = z.output<typeof reportInputSchema>;

/** Closing a report, with an optional note for the record. */
export const resolveReportSchema = z.object({
  status: z.enum(REPORT_RESOLUTIONS, { error: `${E}.statusRequired` }),
  note: optionalText(MAX_RESOLUTION_NOTE, `${E}.noteTooLong`),
});

/** Dismissing a listing's open reports, with an optional note for the record. */
export const dismissListingReportsSchema = z.object({
  note: optionalText(MAX_RESOLUTION_NOTE, `${E}.noteTooLong`),
});

/** Taking a reported listing down: the reason its owner reads (e-mail and My Listings). */
export const takeDownListingSchema = z.object({
  reason: z
    .string({ error: `${E}.takeDownReasonRequired` })
    .refine(isStorableText, `${E}.invalidCharacters`)
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, `${E}.takeDownReasonRequired`)
        .max(MAX_REASON_LENGTH, `${E}.takeDownReasonTooLong`),
    )
    .meta({
      description: `Why the listing is taken down, at most ${MAX_REASON_LENGTH} characters; e-mailed to its owner and shown on their My Listings.`,
    }),
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

/** A listing's earlier or other report, as its history lists it. */
const listingReportLineSchema = z.object({
  id: z.int(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporterName: z.string().nullable().meta({ description: "Null for a deleted account" }),
  /** What the reporter weighs now: 1, or 0.5 for a new or unverified account. */
  weight: z.number(),
  createdAt: z.string().meta({ description: "ISO 8601" }),
});

/** A reported listing with what the administrator needs to decide: its state and its history. */
export const reportedListingSchema = z.object({
  id: z.int(),
  title: z.string(),
  status: z.enum(LISTING_STATUSES),
  rejectionReason: z.string().nullable(),
  /** When reports hid it pending review; null while it is not hidden by reports. */
  hiddenByReportsAt: z.string().nullable().meta({ description: "ISO 8601" }),
  owner: personSchema,
  createdAt: z.string().meta({ description: "ISO 8601" }),
  /** Its last edit (edits are not kept one by one). */
  updatedAt: z.string().meta({ description: "ISO 8601" }),
  /** The weighted count of distinct people's open reports, and the threshold that hides it. */
  openWeight: z.number(),
  threshold: z.int(),
  reports: z.array(listingReportLineSchema).meta({ description: "Its reports, newest first" }),
  signals: z
    .array(
      z.object({
        id: z.int(),
        kind: z.enum(SIGNAL_KINDS),
        createdAt: z.string(),
        dismissed: z.boolean(),
      }),
    )
    .meta({ description: "Its scam signals, open and dismissed" }),
  audit: z
    .array(
      z.object({
        id: z.int(),
        action: z.enum(AUDIT_ACTIONS),
        actorEmail: z.string(),
        createdAt: z.string(),
        detail: z.record(z.string(), z.unknown()),
      }),
    )
    .meta({ description: "The administrators' actions on it (moderation included), newest first" }),
});
export type ReportedListing = z.output<typeof reportedListingSchema>;

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
  listing: reportedListingSchema
    .nullable()
    .meta({ description: "For a listing's report: the listing and its history." }),
  resolution: z
    .object({
      by: z.string().nullable().meta({ description: "The administrator's name" }),
      at: z.string().meta({ description: "ISO 8601" }),
      note: z.string(),
    })
    .nullable(),
});
export type ReportView = z.output<typeof reportViewSchema>;

/** What dismissing a listing's reports or taking it down did. */
export const listingReportsOutcomeSchema = z.object({
  listingId: z.int(),
  status: z.enum(LISTING_STATUSES),
  /** The open reports closed. */
  closed: z.int(),
  /** Dismissing: the listing was hidden by the reports and is on the site again. */
  restored: z.boolean(),
});
export type ListingReportsOutcome = z.output<typeof listingReportsOutcomeSchema>;

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
