import { asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Executor } from "../../db/client.server.ts";
import {
  bookingEvents,
  bookings,
  listings,
  payments,
  refunds,
  user,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { paymentTerms } from "../../lib/booking-payment.ts";
import { countryTimeZone, dayIn } from "../../lib/listing-time-zone.ts";
import { can } from "../../lib/permissions.ts";
import { type BookingView } from "../../lib/schemas/bookings.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { runningAgencyOwner, teamListScope } from "../teams/team-rights.server.ts";
import { bookingRights } from "./booking-rights.server.ts";

/**
 * Bookings as their guest, their host or the administrator sees them, with both parties and what
 * was paid online.
 */

export type BookingRow = typeof bookings.$inferSelect;

export async function bookingRow(
  db: Executor,
  rawId: unknown,
): Promise<BookingRow & { agencyOwnerId: string | undefined }> {
  const id = requireId(rawId, "booking");
  const [row] = await db
    .select({ booking: bookings, agencyId: listings.agencyId })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(eq(bookings.id, id));
  if (!row) throw new AppError("NOT_FOUND", "bookings.errors.notFound");
  // The owner of the running agency the listing is under manages its bookings as its host does.
  return { ...row.booking, agencyOwnerId: await runningAgencyOwner(row.agencyId, new Date(), db) };
}

/**
 * A booking its actor may see: the guest, the host, the owner of the listing's running agency,
 * or the administrator; anyone else 404.
 */
export function requireParty(
  actor: Actor,
  booking: BookingRow & { agencyOwnerId?: string | undefined },
) {
  const party =
    booking.guestId === actor.id ||
    booking.hostId === actor.id ||
    can(actor, "booking:manage-listing", {
      ownerId: booking.hostId,
      agencyOwnerId: booking.agencyOwnerId,
    }) ||
    can(actor, "booking:list-all");
  if (!party) throw new AppError("NOT_FOUND", "bookings.errors.notFound");
}

const guest = alias(user, "guest");
const host = alias(user, "host");

const viewColumns = {
  booking: bookings,
  listingTitle: listings.title,
  listingCity: listings.city,
  listingCountry: listings.countryCode,
  guestName: guest.name,
  guestEmail: guest.email,
  hostName: host.name,
  hostEmail: host.email,
  listingAgencyId: listings.agencyId,
};

/**
 * A booking as the server keeps it between reading and answering: with both parties' ids and
 * addresses and the listing's time zone, and without what a viewer may do with it.
 */
export type BookingWithParties = Omit<BookingView, "may" | "teamMember"> & {
  guestId: string;
  hostId: string;
  guestEmail: string;
  hostEmail: string;
  timeZone: string;
};

type ViewRow = {
  booking: BookingRow;
  listingTitle: string;
  listingCity: string;
  listingCountry: string;
  guestName: string;
  guestEmail: string;
  hostName: string;
  hostEmail: string;
  listingAgencyId: number | null;
};

/** What was paid online for each booking, and refunded: one query for a whole list. */
async function onlinePayments(db: Executor, ids: number[]) {
  const byBooking = new Map<number, BookingView["payment"]["refunds"]>();
  const paid = new Map<number, number>();
  const charged = new Map<number, Map<string, number>>();
  const attempts = new Map<number, BookingView["payment"]["attempts"]>();
  const checkout = new Map<number, string>();
  if (ids.length === 0) return { byBooking, paid, charged, attempts, checkout };
  const rows = await db
    .select({ payment: payments, refund: refunds })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(inArray(payments.bookingId, ids))
    .orderBy(asc(payments.createdAt), asc(refunds.createdAt));
  const counted = new Set<string>();
  for (const { payment, refund } of rows) {
    const id = payment.bookingId!;
    if (payment.status === "paid" && !counted.has(payment.id)) {
      counted.add(payment.id);
      paid.set(id, (paid.get(id) ?? 0) + payment.amountUsdCents);
      const inCurrency = charged.get(id) ?? new Map<string, number>();
      inCurrency.set(
        payment.currency,
        (inCurrency.get(payment.currency) ?? 0) + payment.amountMinor,
      );
      charged.set(id, inCurrency);
    }
    if (
      (payment.status === "failed" || payment.status === "cancelled") &&
      !counted.has(payment.id)
    ) {
      counted.add(payment.id);
      const list = attempts.get(id) ?? [];
      list.push({
        status: payment.status,
        method: payment.method,
        at: payment.updatedAt.toISOString(),
      });
      attempts.set(id, list);
    }
    if (payment.status === "pending" && payment.purpose === "booking" && payment.checkoutUrl) {
      checkout.set(id, payment.checkoutUrl);
    }
    if (refund) {
      const list = byBooking.get(id) ?? [];
      list.push({
        id: refund.id,
        amountMinor: refund.amountMinor,
        currency: payment.currency,
        status: refund.status,
      });
      byBooking.set(id, list);
    }
  }
  return { byBooking, paid, charged, attempts, checkout };
}

async function toViews(db: Executor, rows: ViewRow[]): Promise<BookingWithParties[]> {
  const online = await onlinePayments(
    db,
    rows.filter((r) => r.booking.paymentMode !== "on_arrival").map((r) => r.booking.id),
  );
  return rows.map((row) => {
    const b = row.booking;
    return toView(row, {
      ...paymentTerms(
        b.paymentMode,
        b.paymentMode === "deposit" && b.totalUsdCents > 0
          ? Math.round((b.dueNowUsdCents * 100) / b.totalUsdCents)
          : null,
        b.totalUsdCents,
      ),
      // The amount written at booking, not one recomputed from a rounded percentage.
      dueNowUsdCents: b.dueNowUsdCents,
      restUsdCents: b.totalUsdCents - b.dueNowUsdCents,
      paidUsdCents: online.paid.get(b.id) ?? 0,
      charged: [...(online.charged.get(b.id) ?? [])].map(([currency, amountMinor]) => ({
        amountMinor,
        currency,
      })),
      checkoutUrl: b.status === "awaiting_payment" ? (online.checkout.get(b.id) ?? null) : null,
      attempts: online.attempts.get(b.id) ?? [],
      refunds: online.byBooking.get(b.id) ?? [],
    });
  });
}

function toView(row: ViewRow, payment: BookingView["payment"]): BookingWithParties {
  const b = row.booking;
  return {
    id: b.id,
    listingId: b.listingId,
    listingTitle: row.listingTitle,
    listingCity: row.listingCity,
    timeZone: countryTimeZone(row.listingCountry),
    guestId: b.guestId,
    hostId: b.hostId,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    hostName: row.hostName,
    hostEmail: row.hostEmail,
    unit: b.unit,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    departureId: b.departureId,
    guests: b.guests,
    status: b.status,
    cancelledBy: b.cancelledBy,
    cancelReason: b.cancelReason,
    cancellationPolicy: b.cancellationPolicy,
    message: b.message,
    expiresAt: b.expiresAt?.toISOString() ?? null,
    refundUsdCents: b.refundUsdCents,
    createdAt: b.createdAt.toISOString(),
    price: {
      unit: b.unit,
      rateUsdCents: b.rateUsdCents,
      quantity: b.quantity,
      subtotalUsdCents: b.subtotalUsdCents,
      cleaningFeeUsdCents: b.cleaningFeeUsdCents,
      serviceFeeUsdCents: b.serviceFeeUsdCents,
      totalUsdCents: b.totalUsdCents,
      currency: b.currencyCode,
      currencyRate: b.currencyRate,
    },
    payment,
  };
}

function selectViews(db: Executor, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .innerJoin(guest, eq(guest.id, bookings.guestId))
    .innerJoin(host, eq(host.id, bookings.hostId))
    .where(where);
}

export async function bookingById(db: Executor, id: number): Promise<BookingWithParties> {
  const [row] = await selectViews(db, eq(bookings.id, id));
  if (!row) throw new AppError("NOT_FOUND", "bookings.errors.notFound");
  return (await toViews(db, [row]))[0]!;
}

/** One booking with its history, for its guest, its host or the administrator. */
export async function readBooking(actor: Actor | null, rawBookingId: unknown, now = new Date()) {
  requireAllowed(actor, "dashboard:open");
  const db = await getDb();
  const booking = await bookingRow(db, rawBookingId);
  requireParty(actor, booking);
  const events = await db
    .select({
      event: bookingEvents.event,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      actorName: user.name,
      note: bookingEvents.note,
      at: bookingEvents.createdAt,
    })
    .from(bookingEvents)
    .leftJoin(user, eq(user.id, bookingEvents.actorId))
    .where(eq(bookingEvents.bookingId, booking.id))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  const view = publicView(await bookingById(db, booking.id), actor, now, booking.agencyOwnerId);
  return { booking: view, events: events.map((e) => ({ ...e, at: e.at.toISOString() })) };
}

/**
 * A booking as its parties and the API see it, with what the actor may do with it as of `now`
 * (on the listing's calendar): without their e-mail addresses, which the other party only gets
 * through the counted "reveal on click". The addresses stay on the server, for the booking's
 * e-mails and the checkout. The owner of the listing's running agency sees which member hosts it.
 */
export function publicView(
  { guestEmail: _g, hostEmail: _h, guestId, hostId, timeZone, ...view }: BookingWithParties,
  actor: Actor,
  now: Date,
  agencyOwnerId?: string,
): BookingView {
  const parties = { ...view, guestId, hostId, agencyOwnerId };
  const teamMember = agencyOwnerId === actor.id && hostId !== actor.id ? view.hostName : null;
  return { ...view, teamMember, may: bookingRights(actor, parties, now, dayIn(now, timeZone)) };
}

/** The guest's own bookings, soonest first. */
export async function listGuestBookings(
  actor: Actor | null,
  now = new Date(),
): Promise<BookingView[]> {
  requireAllowed(actor, "booking:list-own");
  const db = await getDb();
  const rows = await selectViews(db, eq(bookings.guestId, actor.id)).orderBy(
    asc(bookings.checkIn),
    desc(bookings.id),
  );
  return (await toViews(db, rows)).map((view) => publicView(view, actor, now));
}

/**
 * Bookings of the host's listings, and for the owner of a running agency those of the team's:
 * open requests first (soonest deadline), then by stay.
 */
export async function listHostBookings(
  actor: Actor | null,
  now = new Date(),
): Promise<BookingView[]> {
  requireAllowed(actor, "booking:list-hosted");
  const db = await getDb();
  const teamAgencyId = await teamListScope(actor, "booking:manage-listing", now, db);
  const hosted = eq(bookings.hostId, actor.id);
  const rows = await selectViews(
    db,
    teamAgencyId === null ? hosted : or(hosted, eq(listings.agencyId, teamAgencyId)),
  ).orderBy(
    sql`${bookings.status} = 'requested' DESC`,
    asc(bookings.expiresAt),
    asc(bookings.checkIn),
  );
  return (await toViews(db, rows)).map((view, i) =>
    publicView(
      view,
      actor,
      now,
      teamAgencyId !== null && rows[i]!.listingAgencyId === teamAgencyId ? actor.id : undefined,
    ),
  );
}

/** Every booking on the platform, newest first (the administrator). */
export async function listAllBookings(
  actor: Actor | null,
  limit = 200,
  now = new Date(),
): Promise<BookingView[]> {
  requireAllowed(actor, "booking:list-all");
  const db = await getDb();
  const rows = await selectViews(db, undefined)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  return (await toViews(db, rows)).map((view) => publicView(view, actor, now));
}
