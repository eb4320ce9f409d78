import { getConfig } from "../../config.server.ts";
import { getMailer, type EmailMessage } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import type { BookingEvent } from "../../lib/booking-values.ts";
import { formatDay } from "../../lib/format-day.ts";
import { formatPrice, USD } from "../../lib/money.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import { bookingIcs } from "./ical.server.ts";

const t = createTranslator();

type MailedBooking = BookingView & { guestEmail: string; hostEmail: string };

/** The total in the guest's display currency, with US dollars beside it when they differ. */
function amount(usdCents: number, booking: BookingView): string {
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
    t("bookings.mail.guests", { count: booking.guests }),
    t("bookings.mail.total", { amount: amount(booking.price.totalUsdCents, booking) }),
    t("bookings.mail.policy", { policy: t(`bookings.policies.${booking.cancellationPolicy}`) }),
    t("bookings.payAtProperty"),
    t("bookings.mail.reference", { id: booking.id }),
  ];
  if (booking.refundUsdCents !== null && booking.status === "cancelled") {
    lines.push(t("bookings.mail.refund", { amount: amount(booking.refundUsdCents, booking) }));
  }
  if (booking.cancelReason) lines.push(t("bookings.mail.reason", { reason: booking.cancelReason }));
  return lines;
}

/** The two e-mails of a transition: the guest's, then the host's. */
export function bookingEmails(booking: MailedBooking, event: BookingEvent): EmailMessage[] {
  const base = getConfig().appUrl;
  const who = booking.cancelledBy ? t(`bookings.mail.who.${booking.cancelledBy}`) : "";
  const params = {
    title: booking.listingTitle,
    host: booking.hostName,
    guest: booking.guestName,
    who,
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
  return [
    layout({
      to: booking.guestEmail,
      subject,
      greeting: t("email.hello", { name: booking.guestName }),
      lines: [t(`bookings.mail.guest.${event}`, params), ...details(booking)],
      action: { label: t("bookings.mail.actionGuest"), url: `${base}/dashboard/bookings` },
      footer,
      attachments,
    }),
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
export async function mailBookingTransition(booking: MailedBooking, event: BookingEvent) {
  for (const message of bookingEmails(booking, event)) {
    await getMailer()
      .send(message)
      .catch((error: unknown) => {
        console.error(
          `Booking #${booking.id} (${event}): an e-mail to ${message.to} failed`,
          error,
        );
      });
  }
}
