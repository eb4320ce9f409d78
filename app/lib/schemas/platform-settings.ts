import { z } from "zod";
import type { MessageKey } from "../../i18n/translate.ts";
import type { Toast } from "../toast.ts";
import { MAX_REPORT_HIDE_THRESHOLD, MIN_REPORT_HIDE_THRESHOLD } from "../safety-values.ts";
import { isValidPhone } from "./profile.ts";
import { isStorableText, oneLine } from "./text.ts";

/**
 * The administrator's Settings tab: the platform's branding and notification settings, its logo,
 * the home page's hero, and the replies to contact messages. One schema per form, used by the
 * route actions, the services and the API; messages are i18n keys.
 */

const ERRORS = "dashboard.settings.errors";

/** A one-line text of `min` to `max` characters, runs of white space collapsed. */
function lineText(max: number, messages: { required: MessageKey; tooLong: MessageKey }) {
  return z
    .string({ error: messages.required })
    .refine(isStorableText, `${ERRORS}.invalidCharacters`)
    .overwrite(oneLine)
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong);
}

/** A text of several lines (a description, an e-mail body), kept as written. */
function blockText(max: number, messages: { required: MessageKey; tooLong: MessageKey }) {
  return z
    .string({ error: messages.required })
    .refine(isStorableText, `${ERRORS}.invalidCharacters`)
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong);
}

function emailAddress(message: MessageKey) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, message)
    .pipe(z.email({ error: message }));
}

/** A checkbox: "on" (or true) when ticked; absent when not. */
const checkbox = z.preprocess(
  (value) => value === true || value === "on" || value === "true",
  z.boolean(),
);

// ── Branding and notifications ────────────────────────────────────────────────────────────────

export const MAX_SITE_NAME_LENGTH = 60;
export const MAX_TAGLINE_LENGTH = 160;

export const platformSettingsSchema = z.object({
  siteName: lineText(MAX_SITE_NAME_LENGTH, {
    required: `${ERRORS}.siteNameRequired`,
    tooLong: `${ERRORS}.siteNameTooLong`,
  }),
  tagline: lineText(MAX_TAGLINE_LENGTH, {
    required: `${ERRORS}.taglineRequired`,
    tooLong: `${ERRORS}.taglineTooLong`,
  }),
  supportEmail: emailAddress(`${ERRORS}.supportEmail`),
  supportPhone: z
    .string({ error: `${ERRORS}.supportPhone` })
    .trim()
    .transform((v) => v.replace(/\s+/g, " "))
    .refine((v) => v.length <= 30 && isValidPhone(v), `${ERRORS}.supportPhone`),
  notificationEmail: emailAddress(`${ERRORS}.notificationEmail`),
  requireManualApproval: checkbox,
  /**
   * The service fee on new bookings, in percent with two decimals at most; absent keeps the
   * current fee (clients written before it existed).
   */
  serviceFeePercent: z
    .union([z.number(), z.string()], { error: `${ERRORS}.serviceFee` })
    .optional()
    .transform((value) =>
      value === undefined || (typeof value === "string" && value.trim() === "")
        ? undefined
        : Number(value),
    )
    .pipe(
      z
        .number({ error: `${ERRORS}.serviceFee` })
        .min(0, `${ERRORS}.serviceFee`)
        .max(20, `${ERRORS}.serviceFee`)
        .refine(
          (pct) => Number.isInteger(Math.round(pct * 100 * 1e6) / 1e6),
          `${ERRORS}.serviceFee`,
        )
        .optional(),
    ),
  /**
   * The weighted count of distinct people's open reports that hides a listing pending review;
   * absent keeps the current threshold (clients written before it existed).
   */
  reportHideThreshold: z
    .union([z.number(), z.string()], { error: `${ERRORS}.reportThreshold` })
    .optional()
    .transform((value) =>
      value === undefined || (typeof value === "string" && value.trim() === "")
        ? undefined
        : Number(value),
    )
    .pipe(
      z
        .int({ error: `${ERRORS}.reportThreshold` })
        .min(MIN_REPORT_HIDE_THRESHOLD, `${ERRORS}.reportThreshold`)
        .max(MAX_REPORT_HIDE_THRESHOLD, `${ERRORS}.reportThreshold`)
        .optional(),
    ),
});

export type PlatformSettingsInput = z.output<typeof platformSettingsSchema>;
export const SETTINGS_FIELDS = [
  "siteName",
  "tagline",
  "supportEmail",
  "supportPhone",
  "notificationEmail",
  "requireManualApproval",
] as const satisfies readonly (keyof PlatformSettingsInput)[];

// ── Logo ──────────────────────────────────────────────────────────────────────────────────────

/** A logo is small: at most 2 MB, PNG, JPEG, GIF or WebP (an SVG could carry script). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const LOGO_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
/** The stored logo fits in this box (about three times the header's 36 px height). */
export const LOGO_BOX = { width: 480, height: 120 } as const;

// ── Hero ──────────────────────────────────────────────────────────────────────────────────────

export const MAX_HERO_SLIDES = 8;
export const MAX_HERO_TITLE_LENGTH = 120;
export const MAX_HERO_SUBTITLE_LENGTH = 80;
export const MAX_HERO_DESCRIPTION_LENGTH = 500;
export const MAX_SLIDE_ALT_LENGTH = 200;
export const MAX_SLIDE_DESCRIPTION_LENGTH = 300;

/**
 * Where a slide's picture may come from: the pictures the site ships, or one the administrator
 * uploaded (its largest variant, in the hero folder of the media store).
 */
export const HERO_IMAGE_URL =
  /^\/(?:images\/hero\/[a-z0-9-]+\.webp|media\/hero\/[0-9a-f]{16}-gallery\.webp)$/;

const HERO = "dashboard.hero.errors";

export const heroSlideSchema = z.object({
  imageUrl: z.string({ error: `${HERO}.slideImage` }).regex(HERO_IMAGE_URL, `${HERO}.slideImage`),
  alt: lineText(MAX_SLIDE_ALT_LENGTH, {
    required: `${HERO}.slideAltRequired`,
    tooLong: `${HERO}.slideAltTooLong`,
  }),
  description: z
    .string()
    .refine(isStorableText, `${ERRORS}.invalidCharacters`)
    .overwrite(oneLine)
    .trim()
    .max(MAX_SLIDE_DESCRIPTION_LENGTH, `${HERO}.slideDescriptionTooLong`)
    .default(""),
});

export const heroContentSchema = z.object({
  title: lineText(MAX_HERO_TITLE_LENGTH, {
    required: `${HERO}.titleRequired`,
    tooLong: `${HERO}.titleTooLong`,
  }),
  subtitle: lineText(MAX_HERO_SUBTITLE_LENGTH, {
    required: `${HERO}.subtitleRequired`,
    tooLong: `${HERO}.subtitleTooLong`,
  }),
  description: blockText(MAX_HERO_DESCRIPTION_LENGTH, {
    required: `${HERO}.descriptionRequired`,
    tooLong: `${HERO}.descriptionTooLong`,
  }).overwrite(oneLine),
  slides: z
    .array(heroSlideSchema, { error: `${HERO}.noSlides` })
    .min(1, `${HERO}.noSlides`)
    .max(MAX_HERO_SLIDES, `${HERO}.tooManySlides`),
});

export type HeroContentInput = z.output<typeof heroContentSchema>;

export const HERO_SAVED_TOAST: Toast = {
  title: "dashboard.hero.saved",
};

export const HERO_FAILED_TOAST: Toast = {
  title: "dashboard.hero.failedTitle",
  description: "dashboard.hero.failed",
  variant: "destructive",
};

// ── The contact messages' inbox ───────────────────────────────────────────────────────────────

export const INBOX_PAGE_SIZE = 20;
export const INBOX_FILTERS = ["all", "unread"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const MAX_REPLY_SUBJECT_LENGTH = 200;
export const MAX_REPLY_BODY_LENGTH = 10_000;

const INBOX = "dashboard.messages.errors";

/** `?filter=&page=` of the inbox page, which forgives: a bad value means all, or page 1. */
export const inboxPageQuerySchema = z.object({
  filter: z.enum(INBOX_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The same for GET /api/v1/admin/messages: a value it does not accept is a 400. */
export const inboxQuerySchema = z.object({
  filter: z.enum(INBOX_FILTERS).default("all").meta({ description: "all, or unread only" }),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .meta({ description: `Page number; ${INBOX_PAGE_SIZE} messages per page.` }),
});

/** PATCH /api/v1/admin/messages/{id} and the page's mark read / unread buttons. */
export const messageReadSchema = z.object(
  { read: z.boolean({ error: `${INBOX}.readFlag` }) },
  { error: `${INBOX}.readFlag` },
);

/** The reply to a contact message, e-mailed to its sender. */
export const messageReplySchema = z.object(
  {
    subject: lineText(MAX_REPLY_SUBJECT_LENGTH, {
      required: `${INBOX}.subjectRequired`,
      tooLong: `${INBOX}.subjectTooLong`,
    }),
    body: blockText(MAX_REPLY_BODY_LENGTH, {
      required: `${INBOX}.bodyRequired`,
      tooLong: `${INBOX}.bodyTooLong`,
    }),
  },
  { error: `${INBOX}.bodyRequired` },
);

export type MessageReply = z.output<typeof messageReplySchema>;

/** The reply's subject as the form first shows it: "Re: " once, before the message's subject. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  const re = /^re:\s*/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
  return re.slice(0, MAX_REPLY_SUBJECT_LENGTH);
}

/** A message as the inbox lists it (the page and GET /api/v1/admin/messages). */
export const inboxMessageSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The sender's account, when they wrote while signed in (null after it was deleted). */
  userId: z.string().nullable(),
  createdAt: z.string().meta({ description: "ISO 8601" }),
  readAt: z.string().nullable().meta({ description: "ISO 8601; null while unread" }),
  repliedAt: z.string().nullable().meta({ description: "ISO 8601; null until answered" }),
});
export type InboxMessage = z.output<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({
  messages: z.array(inboxMessageSchema),
  filter: z.enum(INBOX_FILTERS),
  page: z.int(),
  pageCount: z.int(),
  /** Messages that match the filter. */
  total: z.int(),
  /** Unread messages in the whole inbox. */
  unread: z.int(),
});
export type InboxPage = z.output<typeof inboxPageSchema>;
