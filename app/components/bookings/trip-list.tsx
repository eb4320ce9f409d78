import { useId } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translator.ts";
import { bookingsHref, type TripGroups } from "../../lib/booking-dashboard.ts";
import { cn } from "../../lib/cn.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { BookingFacts, BookingTotal, EndNote, ExpiryNote, ListingLink } from "./booking-facts.tsx";
import { AttemptLines, PaymentActions, PaymentNote, RefundLines } from "./payment-lines.tsx";
import { CancelLink, MessageButton } from "./row-actions.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";
import { BookingReview } from "../reviews/booking-review.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

const GROUPS: { key: keyof TripGroups; title: MessageKey; empty: MessageKey }[] = [
  {
    key: "upcoming",
    title: "bookingsDashboard.trips.upcoming",
    empty: "bookingsDashboard.trips.emptyUpcoming",
  },
  {
    key: "past",
    title: "bookingsDashboard.trips.past",
    empty: "bookingsDashboard.trips.emptyPast",
  },
  {
    key: "cancelled",
    title: "bookingsDashboard.trips.cancelled",
    empty: "bookingsDashboard.trips.emptyCancelled",
  },
];

/** "My bookings": the viewer's own bookings as a guest, upcoming, past and cancelled. */
export function TripList({
  groups,
  now,
  today,
  month,
  currency,
  reviewable,
}: {
  groups: TripGroups;
  now: string;
  today: string;
  month: string | null;
  currency: DisplayCurrency;
  /** Completed bookings still awaiting the guest's review. */
  reviewable: readonly number[];
}) {
  const t = useT();
  const headingId = useId();
  const none = GROUPS.every(({ key }) => groups[key].length === 0);
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{t("bookingsDashboard.trips.title")}</SectionHeading>
      <p className="mt-1 text-muted">{t("bookingsDashboard.trips.subtitle")}</p>
      {none ? (
        <div className={cn(cardVariants({ elevated: false }), "mt-4 p-6 text-center")}>
          <p className="text-muted">{t("bookingsDashboard.trips.noneYet")}</p>
          <Link
            to="/hospitality"
            className={cn(buttonVariants({ variant: "outline", size: "md" }), "mt-3")}
          >
            {t("bookingsDashboard.browseStays")}
          </Link>
        </div>
      ) : (
        <div className="mt-4 space-y-6">
          {GROUPS.map(({ key, title, empty }) => (
            <TripGroup
              key={key}
              title={t(title)}
              empty={t(empty)}
              bookings={groups[key]}
              now={now}
              today={today}
              month={month}
              currency={currency}
              reviewable={reviewable}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function TripGroup({
  title,
  empty,
  bookings,
  ...row
}: {
  title: string;
  empty: string;
  bookings: BookingView[];
  now: string;
  today: string;
  month: string | null;
  currency: DisplayCurrency;
  reviewable: readonly number[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-semibold text-ink-soft">
        {title} <span className="font-normal text-subtle">({bookings.length})</span>
      </h3>
      {bookings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong bg-surface px-4 py-3 text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ul
          aria-labelledby={headingId}
          className={cn(cardVariants({ elevated: false }), "divide-y divide-line-soft")}
        >
          {bookings.map((booking) => (
            <TripRow key={booking.id} booking={booking} {...row} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TripRow({
  booking,
  now,
  today,
  month,
  currency,
  reviewable,
}: {
  booking: BookingView;
  now: string;
  today: string;
  month: string | null;
  currency: DisplayCurrency;
  reviewable: readonly number[];
}) {
  const t = useT();
  return (
    <li className="p-4" data-booking={booking.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <ListingLink booking={booking} />
          <p className="text-xs text-subtle">
            <span className="whitespace-nowrap">
              {t("bookingsDashboard.row.reference", { id: booking.id })}
            </span>{" "}
            · {t("bookingsDashboard.row.host", { name: booking.hostName })}
          </p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      <BookingFacts booking={booking} />
      <div className="mt-2 flex flex-col gap-x-4 gap-y-1 text-sm sm:flex-row sm:flex-wrap sm:items-center">
        <BookingTotal booking={booking} currency={currency} />
        <PaymentNote booking={booking} currency={currency} today={today} />
        {booking.status === "awaiting_payment" && (
          <ExpiryNote expiresAt={booking.expiresAt} now={now} />
        )}
        {booking.status === "requested" && (
          <>
            <ExpiryNote expiresAt={booking.expiresAt} now={now} />
            <span className="text-muted">{t("bookingsDashboard.row.waitingForHost")}</span>
          </>
        )}
      </div>
      <EndNote booking={booking} currency={currency} />
      <AttemptLines attempts={booking.payment.attempts} />
      <RefundLines refunds={booking.payment.refunds} />
      <div className="mt-3 flex flex-wrap gap-2">
        <PaymentActions booking={booking} month={month} today={today} now={now} />
        <MessageButton booking={booking} side="guest" />
        {booking.may.cancel && <CancelLink booking={booking} month={month} />}
        {booking.status === "completed" && (
          <BookingReview
            booking={booking}
            reviewable={reviewable.includes(booking.id)}
            redirectTo={bookingsHref({ month })}
          />
        )}
      </div>
    </li>
  );
}
