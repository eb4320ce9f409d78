import { MessageSquareQuote } from "lucide-react";
import { useId } from "react";
import { useT } from "../../i18n/use-t.ts";
import type { HostInbox as Inbox } from "../../lib/booking-dashboard.ts";
import { cn } from "../../lib/cn.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import { cardVariants } from "../ui/card.tsx";
import { BookingFacts, BookingTotal, ExpiryNote, ListingLink } from "./booking-facts.tsx";
import { PaymentNote } from "./payment-lines.tsx";
import { AcceptForm, CancelLink, DeclineLink, MessageButton } from "./row-actions.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";

interface RowContext {
  now: string;
  month: string | null;
  currency: DisplayCurrency;
}

/**
 * The booking inbox of the host's listings (for an agency's owner the team's too, each with the
 * member who hosts it): open requests with their countdown, Accept and Decline; then the
 * confirmed stays to come, each with a Cancel (the guest gets everything back).
 */
export function HostInbox({ inbox, ...context }: { inbox: Inbox } & RowContext) {
  const t = useT();
  const requestsId = useId();
  const upcomingId = useId();
  return (
    <div className="space-y-6">
      <section aria-labelledby={requestsId}>
        <h3 id={requestsId} className="font-semibold text-ink-soft">
          {t("bookingsDashboard.hosting.requests")}{" "}
          <span className="font-normal text-subtle">({inbox.requests.length})</span>
        </h3>
        <p className="mb-2 text-sm text-muted">{t("bookingsDashboard.hosting.requestsHint")}</p>
        {inbox.requests.length === 0 ? (
          <Empty text={t("bookingsDashboard.hosting.noRequests")} />
        ) : (
          <ul
            aria-labelledby={requestsId}
            className={cn(cardVariants({ elevated: false }), "divide-y divide-line-soft")}
          >
            {inbox.requests.map((booking) => (
              <RequestRow key={booking.id} booking={booking} {...context} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={upcomingId}>
        <h3 id={upcomingId} className="mb-2 font-semibold text-ink-soft">
          {t("bookingsDashboard.hosting.upcoming")}{" "}
          <span className="font-normal text-subtle">({inbox.upcoming.length})</span>
        </h3>
        {inbox.upcoming.length === 0 ? (
          <Empty text={t("bookingsDashboard.hosting.noUpcoming")} />
        ) : (
          <ul
            aria-labelledby={upcomingId}
            className={cn(cardVariants({ elevated: false }), "divide-y divide-line-soft")}
          >
            {inbox.upcoming.map((booking) => (
              <StayRow key={booking.id} booking={booking} {...context} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-xl border border-dashed border-line-strong bg-surface px-4 py-3 text-sm text-muted">
      {text}
    </p>
  );
}

function RowHead({ booking }: { booking: BookingView }) {
  const t = useT();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <ListingLink booking={booking} />
        <p className="text-sm text-secondary">
          {t("bookingsDashboard.row.guest", { name: booking.guestName })}
          {" · "}
          <span className="text-xs whitespace-nowrap text-subtle">
            {t("bookingsDashboard.row.reference", { id: booking.id })}
          </span>
        </p>
        {booking.teamMember && (
          <p className="text-xs font-medium text-secondary">
            {t("bookingsDashboard.row.teamMember", { name: booking.teamMember })}
          </p>
        )}
      </div>
      <BookingStatusBadge status={booking.status} />
    </div>
  );
}

function RequestRow({ booking, now, month, currency }: { booking: BookingView } & RowContext) {
  const t = useT();
  return (
    <li className="p-4" data-booking={booking.id}>
      <RowHead booking={booking} />
      <BookingFacts booking={booking} />
      <div className="mt-2 flex flex-col gap-x-4 gap-y-1 text-sm sm:flex-row sm:flex-wrap sm:items-center">
        <ExpiryNote expiresAt={booking.expiresAt} now={now} />
        <BookingTotal booking={booking} currency={currency} />
        <PaymentNote booking={booking} currency={currency} today={now.slice(0, 10)} />
      </div>
      {booking.message && (
        <figure className="mt-3 rounded-lg bg-canvas p-3 text-sm">
          <figcaption className="mb-1 inline-flex items-center gap-1.5 text-xs font-semibold text-muted">
            <MessageSquareQuote aria-hidden className="size-4" />
            {t("bookingsDashboard.row.messageFrom", { name: booking.guestName })}
          </figcaption>
          <blockquote className="wrap-break-word whitespace-pre-wrap text-ink-soft">
            {booking.message}
          </blockquote>
        </figure>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {booking.may.answer && (
          <>
            <AcceptForm booking={booking} month={month} />
            <DeclineLink booking={booking} month={month} />
          </>
        )}
        <MessageButton booking={booking} side="host" />
      </div>
    </li>
  );
}

function StayRow({ booking, now, month, currency }: { booking: BookingView } & RowContext) {
  return (
    <li className="p-4" data-booking={booking.id}>
      <RowHead booking={booking} />
      <BookingFacts booking={booking} />
      <div className="mt-2 flex flex-col gap-x-4 gap-y-1 text-sm sm:flex-row sm:flex-wrap sm:items-center">
        <BookingTotal booking={booking} currency={currency} />
        <PaymentNote booking={booking} currency={currency} today={now.slice(0, 10)} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <MessageButton booking={booking} side="host" />
        {booking.may.cancel && <CancelLink booking={booking} month={month} />}
      </div>
    </li>
  );
}
