import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, type DbTransaction } from "../../db/client.server.ts";
import { bookings, ledgerEntries, payments } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay } from "../../lib/booking-values.ts";
import { serviceFeeShare } from "../../lib/booking-payment.ts";
import { HOLD_AFTER_CHECK_IN_HOURS } from "../../lib/payment-values.ts";
import { can } from "../../lib/permissions.ts";
import type { CheckoutStarted } from "../../lib/schemas/payments.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import {
  createPayment,
  openCheckout,
  requirePaymentProvider,
  type PaymentRow,
} from "../payments/checkout.server.ts";
import { startSingleCheckout } from "../payments/single-checkout.server.ts";
import type { PurposeHandler } from "../payments/purpose.server.ts";
import { mailBookingTransition, type MailEvent } from "./booking-mail.server.ts";
import { expireUnpaid, lockBooking, markBookingPaid } from "./booking-lifecycle.server.ts";
import { bookingById, bookingRow, type BookingRow } from "./booking-read.server.ts";
import { releaseHeld } from "./held-money.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * Bookings paid online: what a booking's payment (the total or a deposit) and a deposit's
 * balance do when the provider says the money arrived or did not, the balance's checkout, and the
 * job that releases held money to the host 48 hours after check-in (HousingAnywhere's model).
 */

const t = createTranslator();

/**
 * Where a payment for a booking goes: the service fee's share of it to the platform, the rest held
 * for the host until 48 hours after check-in.
 */
function bookingCredits(payment: PaymentRow, booking: BookingRow) {
  const fee = serviceFeeShare(
    payment.amountMinor,
    booking.serviceFeeUsdCents,
    booking.totalUsdCents,
  );
  return [
    { account: "service_fee_revenue" as const, userId: null, amountMinor: fee },
    {
      account: "host_held" as const,
      userId: booking.hostId,
      amountMinor: payment.amountMinor - fee,
    },
  ].filter((leg) => leg.amountMinor > 0);
}

/** Another payment of the balance already went through: a second one is given back. */
async function balanceAlreadyPaid(tx: DbTransaction, payment: PaymentRow): Promise<boolean> {
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, payment.bookingId!),
        eq(payments.purpose, "booking_balance"),
        eq(payments.status, "paid"),
        sql`${payments.id} <> ${payment.id}`,
      ),
    )
    .limit(1);
  return Boolean(other);
}

async function mailAfter(bookingId: number, event: MailEvent) {
  const db = await getDb();
  await mailBookingTransition(await bookingById(db, bookingId), event);
}

/**
 * A booking's payment confirms it (instant book) or sends its request to the host, then the
 * usual e-mails go; money for a booking that is no longer waiting for it (it expired or was
 * cancelled meanwhile) is not applied, and the payments core refunds it. A balance counts while
 * the booking is confirmed.
 */
export const bookingPaymentHandler: PurposeHandler = {
  async onPaid(tx, payment) {
    if (payment.bookingId === null) return { credits: null };
    const booking = await lockBooking(tx, payment.bookingId);
    if (!booking) return { credits: null };
    if (payment.purpose === "booking_balance") {
      if (booking.status !== "confirmed" || (await balanceAlreadyPaid(tx, payment))) {
        return { credits: null };
      }
      return { credits: bookingCredits(payment, booking) };
    }
    if (booking.status !== "awaiting_payment") return { credits: null };
    const mail = await markBookingPaid(tx, booking, payment.paidAt ?? new Date());
    return {
      credits: bookingCredits(payment, booking),
      afterCommit: () => mailAfter(booking.id, mail),
    };
  },
  async onUnpaid(tx, payment) {
    if (payment.purpose !== "booking" || payment.bookingId === null) return {};
    const booking = await lockBooking(tx, payment.bookingId);
    // A declined card or a cancelled checkout leaves the hold while its window lasts: the guest
    // pays again on the same booking (`retryBookingCheckout`); the expiry job ends it after.
    if (!booking || stillHeld(booking, new Date())) return {};
    if (!(await expireUnpaid(tx, booking, new Date()))) return {};
    return { afterCommit: () => mailAfter(booking.id, "unpaid") };
  },
};

/** A booking awaiting payment whose checkout window (the hold on its nights) is still open. */
function stillHeld(booking: BookingRow, now: Date): boolean {
  return (
    booking.status === "awaiting_payment" &&
    booking.expiresAt !== null &&
    booking.expiresAt.getTime() > now.getTime()
  );
}

/** The guest of a booking, refused to anyone else as `startBalanceCheckout` does. */
function requireGuest(actor: Actor, booking: BookingRow) {
  if (booking.guestId === actor.id) return;
  // The host and the administrator see the booking, but only its guest pays for it.
  const party = booking.hostId === actor.id || can(actor, "booking:list-all");
  throw party
    ? new AppError("FORBIDDEN", "bookings.errors.notYourBooking")
    : new AppError("NOT_FOUND", "bookings.errors.notFound");
}

/**
 * Pays a booking awaiting payment again after its checkout was declined or cancelled: the same
 * booking, the same held nights, a new checkout (a provider closes one once it failed) that ends
 * with the hold, where the guest can use another card or method. A checkout still open is
 * reused rather than doubled. Once the window has closed the booking is refused as over.
 */
export async function retryBookingCheckout(
  actor: Actor | null,
  rawBookingId: unknown,
  now = new Date(),
): Promise<CheckoutStarted> {
  requireAllowed(actor, "payment:pay");
  await requireUnderWriteLimit("checkout", actor);
  const db = await getDb();
  const found = await bookingRow(db, rawBookingId);
  requireGuest(actor, found);
  if (!stillHeld(found, now)) throw new AppError("CONFLICT", "bookings.errors.checkoutClosed");
  requirePaymentProvider();
  const view = await bookingById(db, found.id);
  const opened = await db.transaction(async (tx) => {
    // Locked, so two tries at once open one checkout between them.
    const booking = await lockBooking(tx, found.id);
    if (!booking || !stillHeld(booking, now)) {
      throw new AppError("CONFLICT", "bookings.errors.checkoutClosed");
    }
    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, booking.id),
          eq(payments.purpose, "booking"),
          inArray(payments.status, ["pending", "paid"]),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open) return { payment: open, reused: true };
    const payment = await createPayment(tx, {
      payerId: actor.id,
      purpose: "booking",
      bookingId: booking.id,
      amountUsdCents: booking.dueNowUsdCents,
      description: t("payments.bookings.description", { id: booking.id, title: view.listingTitle }),
      displayCurrency: booking.currencyCode,
      expiresAt: booking.expiresAt!,
    });
    return { payment, reused: false };
  });
  const { payment, reused } = opened;
  if (reused) {
    // Paid meanwhile (its webhook is on its way), or a checkout still open: back to it.
    if (payment.status === "paid" || !payment.checkoutUrl) {
      throw new AppError("CONFLICT", "bookings.errors.checkoutOpen");
    }
    return { paymentId: payment.id, checkoutUrl: payment.checkoutUrl };
  }
  return { paymentId: payment.id, checkoutUrl: await openCheckout(payment, view.guestEmail) };
}

/**
 * Opens the checkout of a deposit booking's balance for its guest, while it is confirmed and
 * check-in is still ahead. The checkout of it already open is given back rather than doubled,
 * also to requests at the same moment.
 */
export async function startBalanceCheckout(
  actor: Actor | null,
  rawBookingId: unknown,
  displayCurrency?: string | null,
  now = new Date(),
): Promise<CheckoutStarted> {
  requireAllowed(actor, "payment:pay");
  await requireUnderWriteLimit("checkout", actor);
  const db = await getDb();
  const booking = await bookingRow(db, rawBookingId);
  requireGuest(actor, booking);
  if (booking.paymentMode !== "deposit")
    throw new AppError("CONFLICT", "bookings.errors.notDeposit");
  if (booking.status !== "confirmed") {
    throw new AppError("CONFLICT", "bookings.errors.balanceNotConfirmed");
  }
  if (isoDay(now) >= booking.checkIn) {
    throw new AppError("CONFLICT", "bookings.errors.balanceTooLate");
  }
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, booking.id),
        eq(payments.purpose, "booking_balance"),
        eq(payments.status, "paid"),
      ),
    )
    .limit(1);
  if (paid) throw new AppError("CONFLICT", "bookings.errors.balancePaid");

  requirePaymentProvider();
  const view = await bookingById(db, booking.id);
  return startSingleCheckout(
    {
      payerId: actor.id,
      purpose: "booking_balance",
      bookingId: booking.id,
      amountUsdCents: booking.totalUsdCents - booking.dueNowUsdCents,
      description: t("payments.bookings.balanceDescription", {
        id: booking.id,
        title: view.listingTitle,
      }),
      displayCurrency,
    },
    view.guestEmail,
  );
}

/**
 * The release job: confirmed or completed bookings whose check-in was HOLD_AFTER_CHECK_IN_HOURS
 * ago or more and that still hold money for their host make it payable, each in its own
 * transaction (the booking locked, so a cancellation at the same moment waits or is waited for).
 * Returns how many bookings released money.
 */
export async function releaseHeldBookings(now = new Date()): Promise<number> {
  const db = await getDb();
  // A check-in day starts at midnight UTC: 48 hours after it is the day two days later.
  const lastCheckIn = isoDay(new Date(now.getTime() - HOLD_AFTER_CHECK_IN_HOURS * 3_600_000));
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.bookingId, bookings.id))
    .where(
      and(
        inArray(bookings.status, ["confirmed", "completed"]),
        lte(bookings.checkIn, lastCheckIn),
        eq(ledgerEntries.account, "host_held"),
      ),
    )
    .groupBy(bookings.id)
    .having(sql`sum(${ledgerEntries.amountMinor}) <> 0`)
    .orderBy(asc(bookings.id))
    .limit(500);
  let released = 0;
  for (const { id } of due) {
    const moved = await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, id);
      if (!booking || (booking.status !== "confirmed" && booking.status !== "completed")) return 0;
      return releaseHeld(tx, { hostId: booking.hostId, bookingId: booking.id });
    });
    if (moved > 0) released++;
  }
  return released;
}
