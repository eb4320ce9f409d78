import { z } from "zod";
import {
  BOOKING_EVENTS,
  BOOKING_MODES,
  BOOKING_STATUSES,
  BOOKING_UNITS,
  CANCELLATION_POLICIES,
  CANCELLERS,
  MAX_GUESTS,
  MAX_MESSAGE_LENGTH,
  MAX_NOTICE_DAYS,
  MAX_PREPARATION_DAYS,
  MAX_STAY,
} from "../booking-values.ts";
import {
  BOOKING_PAYMENT_MODES,
  MAX_DEPOSIT_PERCENT,
  MIN_DEPOSIT_PERCENT,
  PAYMENT_METHODS,
  REFUND_STATUSES,
} from "../payment-values.ts";
import { amountSchema } from "./amount.ts";
import { idSchema } from "./id.ts";
import { isStorableText } from "./text.ts";

/**
 * The bookings contract: what a guest asks for (a quote, a booking), what a lister sets (how the
 * listing is booked, its calendar, its departures, its imported calendars) and what comes back.
 * Forms and the JSON API parse the same schemas; their messages are i18n keys of `bookings.errors`.
 */

const E = {
  date: "bookings.errors.date",
  checkOut: "bookings.errors.checkOutAfterCheckIn",
  guests: "bookings.errors.guests",
  months: "bookings.errors.months",
  departure: "bookings.errors.departure",
  message: "bookings.errors.message",
  reason: "bookings.errors.reason",
  mode: "bookings.errors.mode",
  policy: "bookings.errors.policy",
  minStay: "bookings.errors.minStay",
  maxStay: "bookings.errors.maxStay",
  notice: "bookings.errors.notice",
  preparation: "bookings.errors.preparation",
  maxGuests: "bookings.errors.maxGuests",
  cleaningFee: "bookings.errors.cleaningFee",
  seats: "bookings.errors.seats",
  url: "bookings.errors.icalUrl",
  paymentMode: "bookings.errors.paymentMode",
  depositPercent: "bookings.errors.depositPercent",
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as "YYYY-MM-DD" that exists (no 31 February). */
export const daySchema = z
  .string({ error: E.date })
  .trim()
  .regex(ISO_DATE, E.date)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, E.date)
  .meta({ description: "A calendar day, YYYY-MM-DD.", example: "2027-03-14" });

/** A whole number from a form's text or a JSON number, within bounds. */
function wholeNumber(error: string, min: number, max: number) {
  return z
    .union([z.number(), z.string()], { error })
    .transform((value) => (typeof value === "string" ? Number(value.trim() || Number.NaN) : value))
    .pipe(z.number({ error }).int(error).min(min, error).max(max, error));
}

/** Free text of a few lines, optional: empty is null. */
function optionalText(error: string, max: number) {
  return z
    .union([z.string(), z.null()], { error })
    .optional()
    .transform((text) => text?.trim() || null)
    .pipe(z.string().max(max, error).refine(isStorableText, error).nullable());
}

/**
 * What a guest asks for. A stay by the night gives its check-in and check-out; a student room its
 * move-in day and months; a tour its departure and seats (`guests`).
 */
export const bookingRequestSchema = z.object({
  checkIn: daySchema.optional(),
  checkOut: daySchema.optional(),
  months: wholeNumber(E.months, 1, MAX_STAY).optional(),
  departureId: idSchema.optional(),
  guests: wholeNumber(E.guests, 1, MAX_GUESTS),
  message: optionalText(E.message, MAX_MESSAGE_LENGTH),
  /** The display currency the guest saw the price in; kept with its rate at booking time. */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .meta({ description: "Display currency code, e.g. NGN; USD when absent." }),
});
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** A quote asks for the same as a booking, without the message. */
export const quoteQuerySchema = bookingRequestSchema.omit({ message: true });

/**
 * A stay carried in a listing page's link (from a search's results, or the booking card's own
 * GET form). A value that does not parse is absent, never a refusal: a shared link always opens.
 */
export const carriedStaySchema = z.object({
  checkIn: daySchema.optional().catch(undefined),
  checkOut: daySchema.optional().catch(undefined),
  months: wholeNumber(E.months, 1, MAX_STAY).optional().catch(undefined),
  departureId: idSchema.optional().catch(undefined),
  guests: wholeNumber(E.guests, 1, MAX_GUESTS).optional().catch(undefined),
});

/**
 * The fields of a listing's booking settings, each as the form and the API send it: the page's
 * action reads its form by these keys, so a field added here reaches the service.
 */
export const bookingSettingsFieldsSchema = z.object({
  mode: z.enum(BOOKING_MODES, { error: E.mode }),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES, { error: E.policy }),
  minStay: wholeNumber(E.minStay, 1, MAX_STAY),
  maxStay: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value))
    .pipe(wholeNumber(E.maxStay, 1, MAX_STAY).nullable()),
  noticeDays: wholeNumber(E.notice, 0, MAX_NOTICE_DAYS),
  preparationDays: wholeNumber(E.preparation, 0, MAX_PREPARATION_DAYS),
  maxGuests: wholeNumber(E.maxGuests, 1, MAX_GUESTS),
  /**
   * In US dollars as typed; the service stores cents. Parsed twice (by the API and by the
   * service), so the value stays in dollars here: a transform to cents would apply twice.
   */
  cleaningFeeUsd: amountSchema({ error: E.cleaningFee, max: 100_000, blankIs: 0 }),
  /** Paid at the property (the default), online in full, or a deposit online. */
  paymentMode: z.enum(BOOKING_PAYMENT_MODES, { error: E.paymentMode }).default("on_arrival"),
  /** The deposit's share of the total; read only for a deposit (the form sends it always). */
  depositPercent: z
    .union([z.number(), z.string(), z.null()], { error: E.depositPercent })
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value)),
});

/** How the lister takes bookings on one listing. */
export const bookingSettingsInputSchema = bookingSettingsFieldsSchema
  .refine((s) => s.maxStay === null || s.maxStay >= s.minStay, {
    path: ["maxStay"],
    message: E.maxStay,
  })
  .transform((s, context) => {
    if (s.paymentMode !== "deposit") return { ...s, depositPercent: null };
    const percent = wholeNumber(E.depositPercent, MIN_DEPOSIT_PERCENT, MAX_DEPOSIT_PERCENT)
      .nullable()
      .safeParse(s.depositPercent);
    if (!percent.success || percent.data === null) {
      context.addIssue({ code: "custom", path: ["depositPercent"], message: E.depositPercent });
      return z.NEVER;
    }
    return { ...s, depositPercent: percent.data };
  });
export type BookingSettingsInput = z.output<typeof bookingSettingsInputSchema>;

/** Nights the lister closes or opens again: `[from, to)`, as a stay's dates are. */
export const calendarRangeSchema = z
  .object({ from: daySchema, to: daySchema })
  .refine((r) => r.to > r.from, { path: ["to"], message: E.checkOut });

export const departureInputSchema = z.object({
  departsOn: daySchema,
  seats: wholeNumber(E.seats, 1, 500),
});

export const icalFeedInputSchema = z.object({
  url: z
    .string({ error: E.url })
    .trim()
    .max(2000, E.url)
    // Only the usual ports and no password: the server fetches this address (decision 013).
    .refine((url) => {
      try {
        const parsed = new URL(url);
        return (
          ["http:", "https:"].includes(parsed.protocol) &&
          ["", "80", "443"].includes(parsed.port) &&
          !parsed.username &&
          !parsed.password
        );
      } catch {
        return false;
      }
    }, E.url),
});

export const cancelInputSchema = z.object({ reason: optionalText(E.reason, 500) });

/** A booking's money as quoted, in US cents, with the amounts in the display currency. */
export const priceSchema = z.object({
  unit: z.enum(BOOKING_UNITS),
  rateUsdCents: z.int(),
  quantity: z.int(),
  subtotalUsdCents: z.int(),
  cleaningFeeUsdCents: z.int(),
  serviceFeeUsdCents: z.int(),
  totalUsdCents: z.int(),
  currency: z.string(),
  currencyRate: z.string(),
});

/** How a stay is paid: what goes online at booking and what is left, in US cents. */
export const paymentTermsSchema = z.object({
  mode: z.enum(BOOKING_PAYMENT_MODES),
  /** Of the total, for a deposit; null otherwise. */
  depositPercent: z.int().nullable(),
  /** Paid online when booking: the total, the deposit, or 0 when paid at the property. */
  dueNowUsdCents: z.int(),
  /** Left after that: a deposit's balance, or the whole total paid at the property. */
  restUsdCents: z.int(),
});
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

/** An amount as the provider charges it: in minor units of the currency it is charged in. */
export const chargeSchema = z.object({
  amountMinor: z.int(),
  currency: z.string().meta({ description: "ISO 4217, e.g. KES." }),
});
export type ChargeView = z.infer<typeof chargeSchema>;

export const quoteSchema = z.object({
  listingId: z.int(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.int(),
  mode: z.enum(BOOKING_MODES),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  price: priceSchema,
  payment: paymentTermsSchema,
  /**
   * What the checkout charges when booking now (the amount due now, in the currency the provider
   * takes); null when nothing is paid online.
   */
  charge: chargeSchema.nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * What the viewer may do with a booking, decided by the bookings service with the rules its
 * writes check: the pages and the API show an action only when it would be allowed.
 */
export const bookingRightsSchema = z.object({
  cancel: z.enum(CANCELLERS).nullable().meta({
    description:
      "The side the viewer would cancel as (guest, host or admin); null when they may not cancel it now.",
  }),
  answer: z.boolean().meta({
    description:
      "Whether the viewer may accept or decline the booking now: they manage its listing, and it is a request still open.",
  }),
});
export type BookingRights = z.infer<typeof bookingRightsSchema>;

export const bookingSchema = z.object({
  id: z.int(),
  listingId: z.int(),
  listingTitle: z.string(),
  listingCity: z.string(),
  guestName: z.string(),
  hostName: z.string(),
  teamMember: z.string().nullable().meta({
    description:
      "For the owner of the running agency the listing is under: the member who hosts it (null when the caller hosts it, and for everybody else).",
  }),
  unit: z.enum(BOOKING_UNITS),
  checkIn: z.string(),
  checkOut: z.string(),
  departureId: z.int().nullable(),
  guests: z.int(),
  status: z.enum(BOOKING_STATUSES),
  cancelledBy: z.enum(CANCELLERS).nullable(),
  cancelReason: z.string().nullable(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  message: z.string().nullable(),
  expiresAt: z.string().nullable(),
  refundUsdCents: z.int().nullable(),
  createdAt: z.string(),
  price: priceSchema,
  payment: paymentTermsSchema.extend({
    /** Paid online so far, in US cents at each payment's rate (refunds not taken off). */
    paidUsdCents: z.int(),
    /** Paid online so far as it was charged: one amount per currency (refunds not taken off). */
    charged: z.array(chargeSchema),
    /** Tries to pay online that did not go through (declined, cancelled), oldest first. */
    attempts: z.array(
      z.object({
        status: z.enum(["failed", "cancelled"]),
        method: z.enum(PAYMENT_METHODS).nullable(),
        at: z.string(),
      }),
    ),
    /** The provider's checkout of a booking awaiting payment, to go back to while it is open. */
    checkoutUrl: z.string().nullable(),
    /** Money given back online, in the currency it was paid in. */
    refunds: z.array(
      z.object({
        id: z.string(),
        amountMinor: z.int(),
        currency: z.string(),
        status: z.enum(REFUND_STATUSES),
      }),
    ),
  }),
  may: bookingRightsSchema,
});
export type BookingView = z.infer<typeof bookingSchema>;

export const bookingEventSchema = z.object({
  event: z.enum(BOOKING_EVENTS),
  fromStatus: z.enum(BOOKING_STATUSES).nullable(),
  toStatus: z.enum(BOOKING_STATUSES),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });

/** A listing's calendar over a window: nights held by bookings, closed nights, departures. */
export const availabilitySchema = z.object({
  listingId: z.int(),
  unit: z.enum(BOOKING_UNITS),
  mode: z.enum(BOOKING_MODES),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  from: z.string(),
  to: z.string(),
  /** The first day a stay may start, after the lister's notice. */
  firstBookableDay: z.string(),
  minStay: z.int(),
  maxStay: z.int().nullable(),
  maxGuests: z.int(),
  /** Days not free (taken, closed, or resting between stays), each `[from, to)`. */
  unavailable: z.array(z.object({ from: z.string(), to: z.string() })),
  departures: z.array(
    z.object({ id: z.int(), departsOn: z.string(), seats: z.int(), seatsLeft: z.int() }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const availabilityQuerySchema = z.object({
  from: daySchema.optional(),
  months: wholeNumber("bookings.errors.months", 1, 12).optional(),
});

export const bookingSettingsSchema = z.object({
  listingId: z.int(),
  unit: z.enum(BOOKING_UNITS),
  mode: z.enum(BOOKING_MODES),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  minStay: z.int(),
  maxStay: z.int().nullable(),
  noticeDays: z.int(),
  preparationDays: z.int(),
  maxGuests: z.int(),
  cleaningFeeUsdCents: z.int(),
  paymentMode: z.enum(BOOKING_PAYMENT_MODES),
  depositPercent: z.int().nullable(),
  icalExportPath: z.string(),
});
export type BookingSettingsView = z.infer<typeof bookingSettingsSchema>;
