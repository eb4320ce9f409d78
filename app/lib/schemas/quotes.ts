import { z } from "zod";
import { payoutItemSchema } from "./payouts.ts";
import { JOB_STATUSES, QUOTE_STATUSES } from "../conversation-values.ts";
import { REFUND_STATUSES } from "../payment-values.ts";
import { amountSchema } from "./amount.ts";
import { idSchema } from "./id.ts";
import { isStorableText, oneLine } from "./text.ts";

/**
 * The quotes contract: a client's request (what, where, when), a professional's quote (amount,
 * what it covers, until when), the client's answer, and the job an accepted quote becomes. Forms
 * and the JSON API parse the same schemas; their messages are i18n keys of `quotes.errors`.
 */

const E = {
  need: "quotes.errors.need",
  needLong: "quotes.errors.needTooLong",
  place: "quotes.errors.place",
  placeLong: "quotes.errors.placeTooLong",
  neededBy: "quotes.errors.neededBy",
  amount: "quotes.errors.amount",
  covers: "quotes.errors.covers",
  coversLong: "quotes.errors.coversTooLong",
  validUntil: "quotes.errors.validUntil",
  reason: "quotes.errors.reason",
  text: "quotes.errors.text",
} as const;

export const MAX_NEED = 2000;
export const MAX_PLACE = 200;
export const MAX_COVERS = 2000;
export const MAX_CANCEL_REASON = 500;
/** The largest quote, in US dollars: far above any one job, low enough to catch a typo. */
export const MAX_QUOTE_USD = 1_000_000;

/** Several lines of required text: line breaks kept, surrounding white space dropped. */
function requiredText(missing: string, tooLong: string, max: number) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, tooLong)
    .refine(isStorableText, E.text);
}

/** A calendar day as "YYYY-MM-DD" that exists (the service checks it is not in the past). */
function day(error: string) {
  return z
    .string({ error })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, error)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, error);
}

/** What a client asks a professional for. */
export const quoteRequestBodySchema = z.object({
  need: requiredText(E.need, E.needLong, MAX_NEED).meta({ description: "What they need done." }),
  place: z
    .string({ error: E.place })
    .transform(oneLine)
    .pipe(requiredText(E.place, E.placeLong, MAX_PLACE))
    .meta({ description: "Where: a town, an area or an address." }),
  neededBy: day(E.neededBy).meta({
    description: "The day it is needed by, YYYY-MM-DD (today or later).",
    example: "2027-03-14",
  }),
});
export type QuoteRequestBody = z.output<typeof quoteRequestBodySchema>;

/** The request with the service it is about (the page's form and the service take this). */
export const requestQuoteSchema = quoteRequestBodySchema.extend({
  listingId: idSchema.meta({ description: "The professional's service asked about." }),
});

/**
 * The quote's amount in US dollars as typed (a form's text or a JSON number), more than 0 and
 * with at most two decimals. It stays in dollars here: the service stores cents.
 */
const amountUsd = amountSchema({ error: E.amount, max: MAX_QUOTE_USD })
  .refine((usd) => usd > 0, E.amount)
  .meta({ description: "The price in US dollars, e.g. 250 or 249.99.", example: 250 });

/** A professional's quote on a request. */
export const sendQuoteSchema = z.object({
  amount: amountUsd,
  covers: requiredText(E.covers, E.coversLong, MAX_COVERS).meta({
    description: "What the price includes.",
  }),
  validUntil: day(E.validUntil).meta({
    description: "The last day the client can accept it, YYYY-MM-DD (today or later).",
    example: "2027-03-31",
  }),
});
export type SendQuoteInput = z.output<typeof sendQuoteSchema>;

/** Why a job is cancelled, optional: empty is null. */
export const cancelJobSchema = z.object({
  reason: z
    .union([z.string(), z.null()], { error: E.reason })
    .optional()
    .transform((text) => text?.trim() || null)
    .pipe(z.string().max(MAX_CANCEL_REASON, E.reason).refine(isStorableText, E.text).nullable())
    .meta({ description: "Why, told to the other person (optional)." }),
});

export const QUOTE_DECISIONS = ["accept", "decline"] as const;
export type QuoteDecision = (typeof QUOTE_DECISIONS)[number];

/** The client's answer to a quote. */
export const answerQuoteSchema = z.object({
  decision: z.enum(QUOTE_DECISIONS, { error: "quotes.errors.decision" }),
});

const personSchema = z.object({ id: z.string(), name: z.string() });

export const quoteRequestViewSchema = z.object({
  id: z.int(),
  conversationId: z.int(),
  listingId: z.int(),
  listingTitle: z.string(),
  client: personSchema,
  professional: personSchema,
  need: z.string(),
  place: z.string(),
  neededBy: z.string(),
  createdAt: z.string(),
});
export type QuoteRequestView = z.infer<typeof quoteRequestViewSchema>;

export const quoteViewSchema = z.object({
  id: z.int(),
  requestId: z.int(),
  amountUsdCents: z.int(),
  covers: z.string(),
  validUntil: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** Still `sent`, but past its last valid day: it can no longer be accepted. */
  expired: z.boolean(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

/** Money given back online, in the currency it was paid in. */
const refundLineSchema = z.object({
  id: z.string(),
  amountMinor: z.int(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
});

/**
 * Paying for a job online: the quote plus the platform's service fee (the bookings' basis
 * points), held for the professional until the job is completed.
 */
export const jobPaymentSchema = z.object({
  serviceFeeUsdCents: z.int(),
  totalUsdCents: z.int(),
  /** Paid online: as charged then, whatever the fee is now. */
  paid: z.boolean(),
  refunds: z.array(refundLineSchema),
  /**
   * For the professional, where the money paid online stands for them: held until the client
   * completes the job, then payable, then paid out. Null for the client, and for a job not paid.
   */
  payout: payoutItemSchema.shape.state.nullable(),
});
export type JobPayment = z.infer<typeof jobPaymentSchema>;

export const jobViewSchema = z.object({
  id: z.int(),
  quoteId: z.int(),
  requestId: z.int(),
  conversationId: z.int(),
  listingId: z.int(),
  listingTitle: z.string(),
  client: personSchema,
  professional: personSchema,
  /** Which side the caller is on. */
  side: z.enum(["client", "professional"]),
  amountUsdCents: z.int(),
  covers: z.string(),
  neededBy: z.string(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The client wrote their review of it (only a completed job can be reviewed). */
  reviewed: z.boolean(),
  payment: jobPaymentSchema,
});
export type JobView = z.infer<typeof jobViewSchema>;

/** One request of a conversation with its quotes (oldest first) and the job, if one was agreed. */
export const quoteThreadSchema = z.object({
  request: quoteRequestViewSchema,
  quotes: z.array(quoteViewSchema),
  job: jobViewSchema.nullable(),
  /** What the caller may do with the request, as the quotes service decides. */
  may: z.object({
    quote: z.boolean().meta({
      description:
        "Whether the caller may send a quote now: the professional asked, with no quote accepted or waiting unexpired.",
    }),
  }),
});
export type QuoteThread = z.infer<typeof quoteThreadSchema>;

export const conversationQuotesSchema = z.object({
  conversationId: z.int(),
  /** Which side the caller is on: the client who asks, or the professional who quotes. */
  side: z.enum(["client", "professional"]),
  /** Oldest first. */
  requests: z.array(quoteThreadSchema),
});
export type ConversationQuotes = z.infer<typeof conversationQuotesSchema>;

export const requestedQuoteSchema = z.object({
  conversationId: z.int(),
  request: quoteRequestViewSchema,
});

export const answeredQuoteSchema = z.object({
  quote: quoteViewSchema,
  job: jobViewSchema.nullable(),
});
export type AnsweredQuote = z.infer<typeof answeredQuoteSchema>;

export const jobListSchema = z.object({ jobs: z.array(jobViewSchema) });
