import { getConfig } from "../../config.server.ts";
import { getMailer, type EmailMessage } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import type { BookingEvent } from "../../lib/booking-values.ts";
import { formatDay } from "../../lib/format-day.ts";
import { formatCharged } from "../../lib/booking-payment.ts";
import { formatPrice, USD } from "../../lib/money.ts";
import type { BookingWithParties } from "./booking-read.server.ts";
import { bookingIcs } from "./ical.server.ts";
import { logger } from "../../lib/logger.server.ts";

const t = createTranslator();

type MailedBooking = BookingWithParties;

/**
 * What a transition e-mails about: each event but the checkout opening and the payment arriving
 * (a paid booking is then told as booked or requested), and `unpaid`, a checkout that ended
 * without payment, told to the guest alone (the host never heard of it).
 */
export type MailEvent = Exclude<BookingEvent, "checkout" | "paid"> | "unpaid";

/** The total in the guest's display currency, with US dollars beside it when they differ. */
function amount(usdCents: number, booking: MailedBooking): string {
  const usd = formatPrice(usdCents, USD);
  if (booking.price.currency === "USD") return usd;
  const local = formatPrice(usdCents, {
    ...USD,
    code: booking.price.currency,
    symbol: `${booking.price.currency} `,
    ratePerUsd: booking.price.currencyRate,
  });
  return `${local} (${usd})`;
}

function details(booking: MailedBooking): string[] {
  const lines = [
    booking.unit === "departure"
      ? t("bookings.mail.departure", { date: formatDay(booking.checkIn) })
      : t("bookings.mail.dates", {
          from: formatDay(booking.checkIn),
          to: formatDay(booking.checkOut),
        }),
    t("bookings.mail.people", {
      people: t(`bookings.units.${booking.unit}.people`),
      count: booking.guests,
    }),
    t("bookings.mail.total", { amount: amount(booking.price.totalUsdCents, booking) }),
    t("bookings.mail.policy", { policy: t(`bookings.policies.${booking.cancellationPolicy}`) }),
    paymentLine(booking),
    t("bookings.mail.reference", { id: booking.id }),
  ];
  const ended = ["cancelled", "declined", "expired"].includes(booking.status);
  if (booking.refundUsdCents !== null && booking.refundUsdCents > 0 && ended) {
    lines.push(t("bookings.mail.refund", { amount: amount(booking.refundUsdCents, booking) }));
  }
  if (booking.cancelReason) lines.push(t("bookings.mail.reason", { reason: booking.cancelReason }));
  return lines;
}

/** How the booking is paid: at the property, or what was paid online and what is left. */
function paymentLine(booking: MailedBooking): string {
  const { mode, paidUsdCents, restUsdCents } = booking.payment;
  if (mode === "on_arrival") return t("bookings.payAtProperty");
  if (booking.status === "awaiting_payment" || paidUsdCents === 0) {
    return t("bookings.mail.notCharged");
  }
  if (mode === "full" || paidUsdCents >= booking.price.totalUsdCents) {
    return t("bookings.mail.paidInFull", { amount: formatCharged(booking.payment.charged) });
  }
  return t("bookings.mail.paidDeposit", {
    amount: formatCharged(booking.payment.charged),
    rest: amount(restUsdCents, booking),
    start: t(`bookings.units.${booking.unit}.startEvent`),
  });
}

/** The e-mails of a transition: the guest's, then the host's (the guest's alone when unpaid). */
export function bookingEmails(booking: MailedBooking, event: MailEvent): EmailMessage[] {
  const base = getConfig().appUrl;
  const who = booking.cancelledBy ? t(`bookings.mail.who.${booking.cancelledBy}`) : "";
  const params = {
    title: booking.listingTitle,
    host: booking.hostName,
    guest: booking.guestName,
    who,
    period: t(`bookings.units.${booking.unit}.period`),
    periodTitle: t(`bookings.units.${booking.unit}.periodTitle`),
  };
  const subject = t(`bookings.mail.subject.${event}`, params);
  const confirmed = event === "booked" || event === "accepted";
  const attachments = confirmed
    ? [
        {
          filename: `booking-${booking.id}.ics`,
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: bookingIcs({
            uid: `booking-${booking.id}@gateway-africa`,
            summary: t("bookings.mail.calendarSummary", {
              title: booking.listingTitle,
              city: booking.listingCity,
            }),
            start: booking.checkIn,
            end: booking.checkOut,
            location: booking.listingCity,
            url: `${base}/listing/${booking.listingId}`,
          }),
        },
      ]
    : undefined;
  const footer = t("bookings.mail.footer");
  // A request paid online is refunded if the host does not accept it; one paid on arrival costs
  // nothing until then.
  const paidRequest = event === "requested" && booking.payment.paidUsdCents > 0;
  const guestMail = layout({
    to: booking.guestEmail,
    subject,
    greeting: t("email.hello", { name: booking.guestName }),
    lines: [
      paidRequest
        ? t("bookings.mail.requestedPaid", params)
        : t(`bookings.mail.guest.${event}`, params),
      ...details(booking),
    ],
    action: { label: t("bookings.mail.actionGuest"), url: `${base}/dashboard/bookings` },
    footer,
    attachments,
  });
  if (event === "unpaid") return [guestMail];
  return [
    guestMail,
    layout({
      to: booking.hostEmail,
      subject,
      greeting: t("email.hello", { name: booking.hostName }),
      lines: [t(`bookings.mail.host.${event}`, params), ...details(booking)],
      quote:
        event === "requested" || event === "booked" ? (booking.message ?? undefined) : undefined,
      action: { label: t("bookings.mail.actionHost"), url: `${base}/dashboard/bookings` },
      footer,
      attachments,
    }),
  ];
}

/**
 * Sends a transition's e-mails. The booking is already stored: a failure is logged, never thrown,
 * and the dashboard shows the same news.
 */
export async function mailBookingTransition(booking: MailedBooking, event: MailEvent) {
  for (const message of bookingEmails(booking, event)) {
    await getMailer()
      .send(message)
      .catch((error: unknown) => {
        logger.error(
          { err: error },
          `Booking #${booking.id} (${event}): an e-mail to ${message.to} failed`,
        );
      });
  }
}
