import { Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/bookings";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import type { Viewer } from "../../auth/viewer.ts";
import { AllBookings } from "../../components/bookings/all-bookings.tsx";
import { BookingPanel } from "../../components/bookings/booking-panel.tsx";
import { HostInbox } from "../../components/bookings/host-inbox.tsx";
import { OccupancyTable } from "../../components/bookings/occupancy-table.tsx";
import { TripList } from "../../components/bookings/trip-list.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { JobList } from "../../components/quotes/job-list.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages, scopeOf } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  bookingsHref,
  groupTrips,
  hostInbox,
  occupancy,
  type BookingPanel as Panel,
} from "../../lib/booking-dashboard.ts";
import { monthOf, requestedMonth } from "../../lib/months.ts";
import { isoDay } from "../../lib/booking-values.ts";
import { can } from "../../lib/permissions.ts";
import { formatPrice } from "../../lib/money.ts";
import { parseId } from "../../lib/id.ts";
import { idSchema } from "../../lib/schemas/id.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import type { Toast } from "../../lib/toast.ts";
import { answerRequest } from "../../services/bookings/booking-answer.server.ts";
import { cancelBooking, refundPreview } from "../../services/bookings/booking-cancel.server.ts";
import {
  listAllBookings,
  listGuestBookings,
  listHostBookings,
  readBooking,
} from "../../services/bookings/booking-read.server.ts";
import {
  retryBookingCheckout,
  startBalanceCheckout,
} from "../../services/bookings/booking-payment.server.ts";
import { findCurrency } from "../../services/reference/reference.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { readCurrencyCode } from "../../services/session/preferences.server.ts";
import { listMyJobs } from "../../services/quotes/jobs.server.ts";
import { listReviewable } from "../../services/reviews/reviews.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

/**
 * Accept, Decline (an optional reason), Cancel (a reason the host and the admin must give), Pay
 * the balance of a deposit and Pay again after a declined checkout (the guest, sent on to the
 * provider's checkout).
 */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), bookingId: idSchema }),
  z.object({ intent: z.literal("pay-balance"), bookingId: idSchema }),
  z.object({ intent: z.literal("retry-payment"), bookingId: idSchema }),
  z.object({ intent: z.literal("decline"), bookingId: idSchema, reason: z.string().optional() }),
  z.object({ intent: z.literal("cancel"), bookingId: idSchema, reason: z.string().optional() }),
]);

function refused(error: unknown): Panel {
  if (error instanceof AppError)
    return { kind: "refused", message: error.message, params: error.params };
  throw error;
}

/** The confirm step the URL asks for: `?cancel=<id>` with the refund as of now, or `?decline=<id>`. */
async function panelOf(
  viewer: Viewer,
  url: URL,
  hosted: BookingView[] | null,
  now: Date,
): Promise<Panel | null> {
  const cancel = url.searchParams.get("cancel");
  if (cancel !== null) {
    const id = parseId(cancel);
    if (id === null) return { kind: "refused", message: "bookings.errors.notFound" };
    try {
      const [{ booking }, preview] = await Promise.all([
        readBooking(viewer, id, now),
        refundPreview(viewer, id, now),
      ]);
      const canceller = booking.may.cancel;
      if (!canceller) return { kind: "refused", message: "bookings.errors.notCancellable" };
      return {
        kind: "cancel",
        booking,
        refundUsdCents: preview.refundUsdCents,
        canceller,
        reasonRequired: canceller !== "guest",
      };
    } catch (error) {
      return refused(error);
    }
  }
  const decline = url.searchParams.get("decline");
  if (decline !== null) {
    const booking = hosted?.find((b) => b.id === parseId(decline));
    if (!booking) return { kind: "refused", message: "bookings.errors.notFound" };
    if (booking.status !== "requested")
      return { kind: "refused", message: "bookings.errors.notRequested" };
    return { kind: "decline", booking };
  }
  return null;
}

/**
 * The viewer's own bookings; for hosts the booking inbox of their listings and a month of
 * occupancy (`?month=YYYY-MM`); for the administrator every booking on the platform. The time of
 * the request is sent along, so countdowns read the same on the server and after hydration.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "booking:list-own");
  const url = new URL(request.url);
  const now = new Date();
  const today = isoDay(now);
  const month = monthOf(url.searchParams.get("month"), today);
  const [trips, hosted, platform, reviewable] = await Promise.all([
    listGuestBookings(viewer, now),
    can(viewer, "booking:list-hosted") ? listHostBookings(viewer, now) : null,
    can(viewer, "booking:list-all") ? listAllBookings(viewer, undefined, now) : null,
    listReviewable(viewer),
  ]);
  const panel = await panelOf(viewer, url, hosted, now);
  /** Jobs from accepted quotes, the viewer's as a client or a professional. */
  const jobs = await listMyJobs(viewer);
  // The administrator's own listings rarely take bookings: their inbox shows when some do.
  const hosting =
    hosted && (hosted.length > 0 || !platform)
      ? { ...hostInbox(hosted, today), total: hosted.length, month, rows: occupancy(hosted, month) }
      : null;
  return {
    now: now.toISOString(),
    today,
    /** The month the links keep (null: the current one, left out of the URL). */
    month: requestedMonth(url.searchParams.get("month")),
    trips: groupTrips(trips, today),
    tripCount: trips.length,
    jobs,
    /** Completed stays the guest has not reviewed yet ("Write a review"; the others "Reviewed"). */
    reviewable: reviewable.bookings.map((b) => b.bookingId),
    hosting,
    platform,
    panel,
    messages: pickMessages([
      "bookingsDashboard",
      "bookings.statuses",
      "bookings.policies",
      "bookings.policyRules",
      "bookings.units",
      "bookings.payAtProperty",
      "payments.bookings",
      "payments.jobs",
      "quotes.jobs",
      "quotes.jobStatuses",
      "quotes.amount",
      "reviews.form",
      "reviews.bookings",
      ...(panel?.kind === "refused" ? [scopeOf(panel.message)] : []),
    ]),
  };
}

/**
 * Accept or decline a request (its host), cancel a booking (its guest, its host or the
 * administrator). Every answer is a redirect with a toast: what happened, or why nothing did.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "booking:list-own");
  // Back to the list after an action, on the month the viewer was looking at.
  const month = requestedMonth(new URL(request.url).searchParams.get("month"));
  const back = bookingsHref({ month });
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return redirectWithToast(back, {
      title: "bookingsDashboard.toasts.unknownAction",
      description: "bookingsDashboard.toasts.unknownActionDescription",
      variant: "destructive",
    });
  }
  const form = parsed.data;
  const refusedToast = (error: AppError) =>
    redirectWithToast(back, {
      title: "bookingsDashboard.toasts.refused",
      description: error.message,
      params: error.params,
      variant: "destructive",
    } satisfies Toast);

  if (form.intent === "pay-balance" || form.intent === "retry-payment") {
    const currency = await readCurrencyCode(request);
    const start =
      form.intent === "pay-balance"
        ? () => startBalanceCheckout(viewer, form.bookingId, currency)
        : () => retryBookingCheckout(viewer, form.bookingId);
    return answerAction(start, {
      success: ({ checkoutUrl }) => redirect(checkoutUrl),
      refused: (error) =>
        redirectWithToast(back, {
          title: "payments.bookings.checkoutFailed",
          description: error.message,
          params: error.params,
          variant: "destructive",
        }),
    });
  }

  if (form.intent === "accept" || form.intent === "decline") {
    const decision = form.intent;
    return answerAction(
      () =>
        answerRequest(
          viewer,
          form.bookingId,
          decision,
          decision === "decline" ? { reason: form.reason } : {},
        ),
      {
        success: (booking) =>
          redirectWithToast(back, {
            title:
              decision === "accept"
                ? "bookingsDashboard.toasts.accepted"
                : "bookingsDashboard.toasts.declined",
            description:
              decision === "accept"
                ? "bookingsDashboard.toasts.acceptedDescription"
                : "bookingsDashboard.toasts.declinedDescription",
            params: { name: booking.guestName, title: booking.listingTitle },
          }),
        refused: refusedToast,
      },
    );
  }

  const reason = form.reason?.trim() ?? "";
  return answerAction(
    async () => {
      // Not a party: refused as the service refuses it. The host and the administrator say why.
      const { booking } = await readBooking(viewer, form.bookingId);
      const asked = booking.may.cancel !== null && booking.may.cancel !== "guest";
      if (asked && !reason) return null;
      return cancelBooking(viewer, form.bookingId, { reason });
    },
    {
      success: async (booking) => {
        if (!booking) {
          return redirectWithToast(bookingsHref({ month, cancel: form.bookingId }), {
            title: "bookingsDashboard.toasts.reasonRequired",
            description: "bookingsDashboard.toasts.reasonRequiredDescription",
            variant: "destructive",
          });
        }
        const currency = await findCurrency(await readCurrencyCode(request));
        return redirectWithToast(back, {
          title: "bookingsDashboard.toasts.cancelled",
          description: "bookingsDashboard.toasts.cancelledDescription",
          params: { amount: formatPrice(booking.refundUsdCents ?? 0, currency) },
        });
      },
      refused: refusedToast,
    },
  );
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currency } = useRootData();
  const { now, today, month, trips, tripCount, hosting, platform, panel, reviewable } = loaderData;
  const confirmStep = panel && <BookingPanel panel={panel} month={month} currency={currency} />;

  if (tripCount === 0 && !hosting?.total && !platform?.length && loaderData.jobs.length === 0) {
    return (
      <div>
        {confirmStep}
        <EmptyState
          title={t("dashboard.bookings.emptyTitle")}
          body={t("dashboard.bookings.emptyBody")}
          action={
            <Link to="/hospitality" className={buttonVariants({ variant: "outline", size: "md" })}>
              {t("bookingsDashboard.browseStays")}
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="space-y-10">
      {confirmStep}
      {platform && <AllBookings bookings={platform} month={month} currency={currency} />}
      {hosting && (
        <section aria-labelledby="booking-inbox" className="space-y-6">
          <div>
            <SectionHeading id="booking-inbox">
              {t("bookingsDashboard.hosting.title")}
            </SectionHeading>
            <p className="mt-1 text-muted">{t("bookingsDashboard.hosting.subtitle")}</p>
          </div>
          <HostInbox inbox={hosting} now={now} month={month} currency={currency} />
          <OccupancyTable month={hosting.month} rows={hosting.rows} today={today} />
        </section>
      )}
      {loaderData.jobs.length > 0 && <JobList jobs={loaderData.jobs} />}
      <TripList
        groups={trips}
        now={now}
        today={today}
        month={month}
        currency={currency}
        reviewable={reviewable}
      />
    </div>
  );
}
