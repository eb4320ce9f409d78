import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import {
  BOOKING_EVENTS,
  BOOKING_MODES,
  BOOKING_STATUSES,
  BOOKING_UNITS,
  CANCELLATION_POLICIES,
  CANCELLERS,
  MAX_GUESTS,
  MAX_NOTICE_DAYS,
  MAX_PREPARATION_DAYS,
  MAX_STAY,
  type BookingEvent,
  type BookingMode,
  type BookingStatus,
  type BookingUnit,
  type CancellationPolicy,
  type Canceller,
} from "../../lib/booking-values.ts";
import {
  BOOKING_PAYMENT_MODES,
  MAX_DEPOSIT_PERCENT,
  MIN_DEPOSIT_PERCENT,
  type BookingPaymentMode,
} from "../../lib/payment-values.ts";
import { user } from "./auth.ts";
import { listings } from "./listings.ts";
import { oneOf } from "./sql-helpers.ts";

/** A range of nights, `[check-in, check-out)`, as PostgreSQL's daterange writes it. */
const daterange = customType<{ data: string }>({ dataType: () => "daterange" });

/**
 * How a listing takes bookings, set by its lister. A listing without a row takes none. Stay
 * lengths are in the listing's unit (nights, or months for student rooms).
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    listingId: integer("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    mode: text("mode").$type<BookingMode>().notNull().default("request"),
    cancellationPolicy: text("cancellation_policy")
      .$type<CancellationPolicy>()
      .notNull()
      .default("moderate"),
    minStay: smallint("min_stay").notNull().default(1),
    maxStay: smallint("max_stay"),
    noticeDays: smallint("notice_days").notNull().default(0),
    preparationDays: smallint("preparation_days").notNull().default(0),
    maxGuests: smallint("max_guests").notNull().default(2),
    cleaningFeeUsdCents: bigint("cleaning_fee_usd_cents", { mode: "number" }).notNull().default(0),
    /** Paid at the property, online in full, or a deposit online (the rest before check-in). */
    paymentMode: text("payment_mode").$type<BookingPaymentMode>().notNull().default("on_arrival"),
    /** Of the total, for a deposit. */
    depositPercent: smallint("deposit_percent"),
    /** The secret of the listing's iCal feed URL; a new one revokes the old URL. */
    icalToken: text("ical_token").notNull().unique(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_settings_mode_check", oneOf(t.mode, BOOKING_MODES)),
    check("booking_settings_policy_check", oneOf(t.cancellationPolicy, CANCELLATION_POLICIES)),
    check(
      "booking_settings_min_stay_check",
      sql`${t.minStay} BETWEEN 1 AND ${sql.raw(String(MAX_STAY))}`,
    ),
    check(
      "booking_settings_max_stay_check",
      sql`${t.maxStay} IS NULL OR ${t.maxStay} BETWEEN ${t.minStay} AND ${sql.raw(String(MAX_STAY))}`,
    ),
    check(
      "booking_settings_notice_check",
      sql`${t.noticeDays} BETWEEN 0 AND ${sql.raw(String(MAX_NOTICE_DAYS))}`,
    ),
    check(
      "booking_settings_preparation_check",
      sql`${t.preparationDays} BETWEEN 0 AND ${sql.raw(String(MAX_PREPARATION_DAYS))}`,
    ),
    check(
      "booking_settings_guests_check",
      sql`${t.maxGuests} BETWEEN 1 AND ${sql.raw(String(MAX_GUESTS))}`,
    ),
    check("booking_settings_cleaning_fee_check", sql`${t.cleaningFeeUsdCents} >= 0`),
    check("booking_settings_payment_mode_check", oneOf(t.paymentMode, BOOKING_PAYMENT_MODES)),
    check(
      "booking_settings_deposit_check",
      sql`(${t.paymentMode} = 'deposit') = (${t.depositPercent} IS NOT NULL) AND (${t.depositPercent} IS NULL OR ${t.depositPercent} BETWEEN ${sql.raw(String(MIN_DEPOSIT_PERCENT))} AND ${sql.raw(String(MAX_DEPOSIT_PERCENT))})`,
    ),
  ],
);

/** A travel package's departure: its date and seats; `seats_taken` can never pass `seats`. */
export const tourDepartures = pgTable(
  "tour_departures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    departsOn: date("departs_on", { mode: "string" }).notNull(),
    seats: smallint("seats").notNull(),
    seatsTaken: smallint("seats_taken").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("tour_departures_listing_day_unique").on(t.listingId, t.departsOn),
    check("tour_departures_seats_check", sql`${t.seats} BETWEEN 1 AND 500`),
    check("tour_departures_seats_taken_check", sql`${t.seatsTaken} BETWEEN 0 AND ${t.seats}`),
  ],
);

/** A calendar the lister imports (an Airbnb or Booking.com iCal URL), refreshed on a schedule. */
export const icalFeeds = pgTable(
  "ical_feeds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** What went wrong on the last refresh, or null when it worked. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("ical_feeds_listing_url_unique").on(t.listingId, t.url)],
);

/** Nights the lister closed, by hand or from an imported calendar (then `feed_id` says which). */
export const calendarBlocks = pgTable(
  "calendar_blocks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    /** The first free day again (exclusive), as a check-out date is. */
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    feedId: integer("feed_id").references(() => icalFeeds.id, { onDelete: "cascade" }),
    summary: text("summary"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("calendar_blocks_range_check", sql`${t.endsOn} > ${t.startsOn}`),
    index("calendar_blocks_listing_idx").on(t.listingId, t.startsOn),
  ],
);

/**
 * A booking with its price as it was quoted (US cents; the guest's display currency and its rate
 * are kept beside it) and the policy it was made under. `occupied` is the nights it holds plus the
 * listing's preparation days after it; the exclusion constraint of migration 0006 refuses two
 * holding bookings of one listing whose `occupied` ranges overlap.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    guestId: text("guest_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    unit: text("unit").$type<BookingUnit>().notNull(),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    preparationDays: smallint("preparation_days").notNull().default(0),
    occupied: daterange("occupied")
      .notNull()
      .generatedAlwaysAs(sql`daterange("check_in", "check_out" + "preparation_days", '[)')`),
    departureId: integer("departure_id").references(() => tourDepartures.id, {
      onDelete: "cascade",
    }),
    guests: smallint("guests").notNull(),
    quantity: smallint("quantity").notNull(),
    status: text("status").$type<BookingStatus>().notNull(),
    cancellationPolicy: text("cancellation_policy").$type<CancellationPolicy>().notNull(),
    rateUsdCents: bigint("rate_usd_cents", { mode: "number" }).notNull(),
    subtotalUsdCents: bigint("subtotal_usd_cents", { mode: "number" }).notNull(),
    cleaningFeeUsdCents: bigint("cleaning_fee_usd_cents", { mode: "number" }).notNull(),
    serviceFeeUsdCents: bigint("service_fee_usd_cents", { mode: "number" }).notNull(),
    totalUsdCents: bigint("total_usd_cents", { mode: "number" }).notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    /** Units of the display currency per US dollar when the guest booked. */
    currencyRate: numeric("currency_rate", { precision: 18, scale: 6 }).notNull(),
    message: text("message"),
    /** A request's deadline for the host. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").$type<Canceller>(),
    cancelReason: text("cancel_reason"),
    refundUsdCents: bigint("refund_usd_cents", { mode: "number" }),
    /** The listing's payment terms when it was booked. */
    paymentMode: text("payment_mode").$type<BookingPaymentMode>().notNull().default("on_arrival"),
    /** What is paid online at booking: the total, the deposit, or 0 on arrival. */
    dueNowUsdCents: bigint("due_now_usd_cents", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("bookings_unit_check", oneOf(t.unit, BOOKING_UNITS)),
    check("bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("bookings_policy_check", oneOf(t.cancellationPolicy, CANCELLATION_POLICIES)),
    check(
      "bookings_cancelled_by_check",
      sql`(${t.status} = 'cancelled') = (${t.cancelledBy} IS NOT NULL) AND (${t.cancelledBy} IS NULL OR ${oneOf(t.cancelledBy, CANCELLERS)})`,
    ),
    check("bookings_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check("bookings_guests_check", sql`${t.guests} BETWEEN 1 AND ${sql.raw(String(MAX_GUESTS))}`),
    check("bookings_quantity_check", sql`${t.quantity} >= 1`),
    check("bookings_payment_mode_check", oneOf(t.paymentMode, BOOKING_PAYMENT_MODES)),
    check("bookings_due_now_check", sql`${t.dueNowUsdCents} BETWEEN 0 AND ${t.totalUsdCents}`),
    check("bookings_not_own_check", sql`${t.guestId} <> ${t.hostId}`),
    check(
      "bookings_departure_check",
      sql`(${t.unit} = 'departure') = (${t.departureId} IS NOT NULL)`,
    ),
    index("bookings_guest_idx").on(t.guestId, t.checkIn),
    index("bookings_host_idx").on(t.hostId, t.status, t.checkIn),
    index("bookings_listing_idx").on(t.listingId, t.checkIn),
    index("bookings_requested_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'requested'`),
    index("bookings_confirmed_checkout_idx")
      .on(t.checkOut)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);

/** Every transition of a booking: what, from which status, by whom (null: a scheduled job), when. */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    event: text("event").$type<BookingEvent>().notNull(),
    fromStatus: text("from_status").$type<BookingStatus>(),
    toStatus: text("to_status").$type<BookingStatus>().notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_events_event_check", oneOf(t.event, BOOKING_EVENTS)),
    index("booking_events_booking_idx").on(t.bookingId, t.createdAt),
  ],
);
