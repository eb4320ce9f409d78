import { CalendarDays, MapPin, Timer, Users } from "lucide-react";
import { Link } from "react-router";
import type { Translate } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { timeLeft } from "../../lib/booking-dashboard.ts";
import { formatDay } from "../../lib/format-day.ts";
import { formatPrice, type DisplayCurrency } from "../../lib/money.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";

/** "Mar 10, 2027 to Mar 13, 2027 · 3 nights", "Departure Apr 2, 2027" or the months of a room. */
export function stayText(t: Translate, booking: BookingView): string {
  if (booking.unit === "departure") {
    return t("bookingsDashboard.row.departure", { date: formatDay(booking.checkIn) });
  }
  const dates = t("bookingsDashboard.row.dates", {
    from: formatDay(booking.checkIn),
    to: formatDay(booking.checkOut),
  });
  const length = t(
    booking.unit === "month" ? "bookingsDashboard.row.months" : "bookingsDashboard.row.nights",
    { count: booking.price.quantity },
  );
  return `${dates} · ${length}`;
}

/** The listing's title, linking to its page. */
export function ListingLink({ booking }: { booking: BookingView }) {
  return (
    <Link
      to={`/listing/${booking.listingId}`}
      className="font-semibold wrap-break-word text-ink hover:text-primary-strong hover:underline"
    >
      {booking.listingTitle}
    </Link>
  );
}

/** City, dates and guests of a booking, one fact per line on a phone. */
export function BookingFacts({ booking }: { booking: BookingView }) {
  const t = useT();
  return (
    <ul className="mt-1 flex flex-col gap-x-4 gap-y-0.5 text-sm text-muted sm:flex-row sm:flex-wrap">
      <li className="inline-flex items-center gap-1.5">
        <MapPin aria-hidden className="size-4 shrink-0 text-faint" />
        {booking.listingCity}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden className="size-4 shrink-0 text-faint" />
        {stayText(t, booking)}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Users aria-hidden className="size-4 shrink-0 text-faint" />
        {t(`bookings.units.${booking.unit}.peopleCount`, { count: booking.guests })}
      </li>
    </ul>
  );
}

/** The booking's total in the viewer's display currency. */
export function BookingTotal({
  booking,
  currency,
}: {
  booking: BookingView;
  currency: DisplayCurrency;
}) {
  const t = useT();
  return (
    <span className="font-semibold text-ink tabular-nums">
      {t("bookingsDashboard.row.total", {
        amount: formatPrice(booking.price.totalUsdCents, currency),
      })}
    </span>
  );
}

/** "Expires in 5 h 12 min", counted on the server from the time of the request. */
export function expiryText(t: Translate, expiresAt: string | null, now: string): string {
  if (!expiresAt) return t("bookingsDashboard.row.expiringNow");
  const { hours, minutes } = timeLeft(expiresAt, now);
  if (hours === 0 && minutes === 0) return t("bookingsDashboard.row.expiringNow");
  if (hours === 0) return t("bookingsDashboard.row.expiresInMinutes", { minutes });
  return t("bookingsDashboard.row.expiresIn", { hours, minutes });
}

export function ExpiryNote({ expiresAt, now }: { expiresAt: string | null; now: string }) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1.5 font-semibold text-warning-strong">
      <Timer aria-hidden className="size-4 shrink-0" />
      {expiryText(t, expiresAt, now)}
    </span>
  );
}

/** Who cancelled, what came back and why, under a cancelled or declined booking. */
export function EndNote({
  booking,
  currency,
}: {
  booking: BookingView;
  currency: DisplayCurrency;
}) {
  const t = useT();
  const parts: string[] = [];
  if (booking.status === "cancelled" && booking.cancelledBy) {
    parts.push(t(`bookingsDashboard.row.cancelledBy.${booking.cancelledBy}`));
  }
  // A refund made online is told in the currency it was paid in (RefundLines), not here.
  if (
    booking.status === "cancelled" &&
    booking.refundUsdCents !== null &&
    booking.payment.refunds.length === 0
  ) {
    parts.push(
      t("bookingsDashboard.row.refund", {
        amount: formatPrice(booking.refundUsdCents, currency),
      }),
    );
  }
  if (booking.cancelReason) {
    parts.push(t("bookingsDashboard.row.reason", { reason: booking.cancelReason }));
  }
  if (parts.length === 0) return null;
  return <p className="mt-1 text-sm wrap-break-word text-muted">{parts.join(" ")}</p>;
}
