import { ArrowLeft, CalendarDays } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/listing-calendar";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { accessDenied, requireViewer } from "../../auth/guards.server.ts";
import { BookingSettingsForm } from "../../components/calendar/booking-settings-form.tsx";
import { DeparturesPanel } from "../../components/calendar/departures-panel.tsx";
import { IcalPanel } from "../../components/calendar/ical-panel.tsx";
import { MonthCalendar } from "../../components/calendar/month-calendar.tsx";
import { getConfig } from "../../config.server.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  dayAfter,
  type CalendarFormResult,
  type CalendarIntent,
} from "../../lib/booking-calendar.ts";
import { monthOf } from "../../lib/months.ts";
import { addDays, isoDay, UNIT_PRICE_TYPE } from "../../lib/booking-values.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import { bookingSettingsFieldsSchema } from "../../lib/schemas/bookings.ts";
import {
  readBookingSettings,
  renewIcalToken,
  requireManagedListing,
  saveBookingSettings,
  stopBookings,
} from "../../services/bookings/booking-settings.server.ts";
import {
  closeNights,
  listingCalendar,
  openNights,
  removeDeparture,
  saveDeparture,
} from "../../services/bookings/calendar.server.ts";
import { addFeed, listFeeds, removeFeed } from "../../services/bookings/ical.server.ts";
import type { Actor } from "../../services/core/actor.server.ts";
import {
  answerAction,
  errorPage,
  loadOrErrorPage,
} from "../../services/session/action-answer.server.ts";
import { formFields, readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const MY_LISTINGS = "/dashboard/my-listings";

/** The page of a listing, on a month when it is not this one. */
function pagePath(listingId: number, month?: string): string {
  const path = `${MY_LISTINGS}/${listingId}/calendar`;
  return month ? `${path}?month=${month}` : path;
}

/**
 * The listing the viewer may run the calendar of. Someone else's is "Access Denied" (as every
 * dashboard refusal), a missing one the 404 page, and one of a kind that takes no bookings goes
 * back to My Listings with a toast that says so.
 */
async function managedListing(viewer: Actor, rawId: unknown) {
  return answerAction(() => requireManagedListing(viewer, rawId), {
    success: (found) => found,
    refused: async (error): Promise<never> => {
      if (error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED") {
        throw await accessDenied();
      }
      if (error.code === "CONFLICT") {
        throw await redirectWithToast(MY_LISTINGS, {
          title: "bookingManage.toasts.notBookable",
          description: error.message,
          params: error.params,
          variant: "destructive",
        });
      }
      throw errorPage(error);
    },
  });
}

/**
 * The listing's booking settings (none while it takes no bookings), its calendar for the month of
 * `?month=YYYY-MM` (this month by default), a tour's departures over a year from that month, and
 * the calendars it imports.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const found = await managedListing(viewer, params.listingId);
  const unit = found.unit!;
  const today = isoDay(new Date());
  const month = monthOf(url.searchParams.get("month"), today);
  const [settings, calendar, feeds] = await loadOrErrorPage(() =>
    Promise.all([
      readBookingSettings(viewer, found.listingId),
      listingCalendar(viewer, found.listingId, {
        from: `${month}-01`,
        months: unit === "departure" ? 12 : 1,
      }),
      unit === "departure" ? Promise.resolve([]) : listFeeds(viewer, found.listingId),
    ]),
  );
  const { listing } = found;
  return {
    messages: pickMessages([
      "bookingManage",
      "bookings.errors",
      "bookings.policies",
      "bookings.policyRules",
      "bookings.units",
      "bookings.statuses",
      // A paid payment mode is refused while no payment provider is set up.
      "payments.errors",
    ]),
    listing: {
      id: found.listingId,
      title: listing.title,
      unit,
      /** The listing's price is the rate of its unit, as bookings need. */
      priceFits:
        listing.priceUsdCents !== null &&
        listing.priceUsdCents > 0 &&
        listing.priceType === UNIT_PRICE_TYPE[unit],
      unitPriceType: UNIT_PRICE_TYPE[unit],
    },
    settings: settings && {
      mode: settings.mode,
      cancellationPolicy: settings.cancellationPolicy,
      minStay: settings.minStay,
      maxStay: settings.maxStay,
      noticeDays: settings.noticeDays,
      preparationDays: settings.preparationDays,
      maxGuests: settings.maxGuests,
      cleaningFeeUsdCents: settings.cleaningFeeUsdCents,
      paymentMode: settings.paymentMode,
      depositPercent: settings.depositPercent,
      icalUrl: `${getConfig().appUrl}${settings.icalExportPath}`,
    },
    today,
    month,
    calendar: {
      blocks: calendar.blocks,
      bookings: calendar.bookings,
      departures: calendar.departures,
    },
    feeds,
  };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** "Mar 3, 2027", or "Mar 3, 2027 – Mar 5, 2027" for the nights of a range. */
function nightsText(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}

/**
 * A refusal of one of the page's forms: "Access Denied" if the viewer lost the right meanwhile;
 * otherwise the form again with the message under each field (400) or the reason above it (409),
 * the values as sent and a toast. Nothing was written.
 */
async function refused(
  intent: CalendarIntent,
  values: Partial<Record<string, string>>,
  error: AppError,
): Promise<ReturnType<typeof data<CalendarFormResult>>> {
  if (error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED") throw await accessDenied();
  const fieldErrors = error.fieldErrors ?? {};
  const named = Object.values(fieldErrors).includes(error.message);
  const params = error.params ?? {};
  return data(
    {
      intent,
      fieldErrors,
      refusal: named ? null : { message: error.message, params },
      values,
      toast: {
        title: "bookingManage.toasts.notSaved",
        description: error.message,
        params,
        variant: "destructive",
      },
    },
    { status: error.status },
  );
}

/**
 * The page takes nights as first and last night; the service, as stays, `[from, to)`. Its
 * refusal of `to` is the last night's.
 */
function asLastNight(error: AppError): AppError {
  const { to, ...others } = error.fieldErrors ?? {};
  if (!to) return error;
  const fieldErrors = { ...others, last: "bookingManage.errors.lastNight" as const };
  const message = error.message === to ? fieldErrors.last : error.message;
  return new AppError(error.code, message, fieldErrors, error.params);
}

/**
 * Every form of the page posts here with its `intent`. A change redirects back with a toast (so
 * it works without JavaScript); a refusal answers the form again (see `refused`).
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer(context);
  const found = await managedListing(viewer, params.listingId);
  const listingId = found.listingId;
  const title = found.listing.title;
  const month = monthOf(url.searchParams.get("month"), isoDay(new Date()));
  const back = pagePath(listingId, month);
  const form = await readForm(request);
  const intent = text(form, "intent");

  function answer<T>(
    intent: CalendarIntent,
    values: Partial<Record<string, string>>,
    run: () => Promise<T>,
    success: (value: T) => Promise<Response>,
    adapt: (error: AppError) => AppError = (error) => error,
  ) {
    return answerAction(run, {
      success,
      refused: (error) => refused(intent, values, adapt(error)),
    });
  }

  switch (intent) {
    case "settings": {
      const values = formFields(form, bookingSettingsFieldsSchema);
      return answer(
        intent,
        values,
        () => saveBookingSettings(viewer, listingId, values),
        (saved) =>
          redirectWithToast(back, {
            title: "bookingManage.toasts.settingsSaved",
            description: `bookingManage.toasts.settingsSavedDescription.${saved.mode}`,
            params: { title },
          }),
      );
    }
    case "stop":
      return answer(
        intent,
        {},
        () => stopBookings(viewer, listingId),
        () =>
          redirectWithToast(back, {
            title: "bookingManage.toasts.stopped",
            description: "bookingManage.toasts.stoppedDescription",
            params: { title },
          }),
      );
    case "close":
    case "open": {
      const values = { from: text(form, "from"), last: text(form, "last") };
      const range = { from: values.from, to: dayAfter(values.last) ?? values.last };
      const closing = intent === "close";
      return answer(
        intent,
        values,
        () => (closing ? closeNights : openNights)(viewer, listingId, range),
        (done) =>
          redirectWithToast(pagePath(listingId, done.from.slice(0, 7)), {
            title: closing ? "bookingManage.toasts.closed" : "bookingManage.toasts.opened",
            description: closing
              ? "bookingManage.toasts.closedDescription"
              : "bookingManage.toasts.openedDescription",
            params: { range: nightsText(done.from, addDays(done.to, -1)) },
          }),
        asLastNight,
      );
    }
    case "departure": {
      const values = { departsOn: text(form, "departsOn"), seats: text(form, "seats") };
      return answer(
        intent,
        values,
        () => saveDeparture(viewer, listingId, values),
        (saved) =>
          redirectWithToast(back, {
            title: "bookingManage.toasts.departureSaved",
            description: "bookingManage.toasts.departureSavedDescription",
            params: { date: formatDay(saved.departsOn), count: saved.seats },
          }),
      );
    }
    case "remove-departure":
      return answer(
        intent,
        {},
        () => removeDeparture(viewer, listingId, text(form, "departureId")),
        () => redirectWithToast(back, { title: "bookingManage.toasts.departureRemoved" }),
      );
    case "renew-link":
      return answer(
        intent,
        {},
        () => renewIcalToken(viewer, listingId),
        () =>
          redirectWithToast(back, {
            title: "bookingManage.toasts.linkRenewed",
            description: "bookingManage.toasts.linkRenewedDescription",
          }),
      );
    case "add-feed": {
      const values = { url: text(form, "url") };
      return answer(
        intent,
        values,
        () => addFeed(viewer, listingId, values),
        (feed) =>
          redirectWithToast(back, {
            title: "bookingManage.toasts.feedAdded",
            description: "bookingManage.toasts.feedAddedDescription",
            params: { count: feed.nights },
          }),
      );
    }
    case "remove-feed":
      return answer(
        intent,
        {},
        () => removeFeed(viewer, listingId, text(form, "feedId")),
        () =>
          redirectWithToast(back, {
            title: "bookingManage.toasts.feedRemoved",
            description: "bookingManage.toasts.feedRemovedDescription",
          }),
      );
    default:
      throw data(null, { status: 400 });
  }
}

export default function ListingCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const showToast = useToast();
  const pageRef = useRef<HTMLDivElement>(null);
  const { listing, settings, month, today, calendar, feeds } = loaderData;
  const result = actionData ?? null;
  const formAction = pagePath(listing.id, month);

  // A refused form: its toast, and the first field it names gets the focus.
  useEffect(() => {
    if (!result) return;
    showToast(result.toast);
    pageRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [result, showToast]);

  const stays = listing.unit !== "departure";
  return (
    <div ref={pageRef} className="space-y-6">
      <div>
        <Link
          to={MY_LISTINGS}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-strong hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("bookingManage.back")}
        </Link>
        <SectionHeading className="mt-2 flex items-center gap-2">
          <CalendarDays aria-hidden className="size-5 shrink-0 text-primary" />
          {t("bookingManage.title")}
        </SectionHeading>
        <p className="mt-1 font-semibold wrap-break-word text-ink-soft">{listing.title}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span>{t(`bookingManage.units.${listing.unit}`)}</span>
          <span aria-hidden>·</span>
          <span
            className={cn("font-semibold", settings ? "text-success-strong" : "text-secondary")}
            data-testid="booking-state"
          >
            {t(settings ? `bookingManage.state.${settings.mode}` : "bookingManage.state.off")}
          </span>
        </p>
        {!listing.priceFits && (
          <p
            role="note"
            className="mt-3 rounded-lg border border-warning-pale bg-warning-tint p-3 text-sm text-warning-deep"
          >
            {t("bookingManage.priceDoesNotFit", {
              unit: t(`bookingManage.unitNames.${listing.unit}`),
              priceType: listing.unitPriceType.replace("_", " "),
            })}{" "}
            <Link
              to={`/add-listing?edit=${listing.id}`}
              className="font-semibold underline hover:no-underline"
            >
              {t("bookingManage.editListing")}
            </Link>
          </p>
        )}
      </div>

      <BookingSettingsForm
        action={formAction}
        unit={listing.unit}
        settings={settings}
        result={result}
      />

      <MonthCalendar
        action={formAction}
        listingId={listing.id}
        unit={listing.unit}
        month={month}
        today={today}
        calendar={calendar}
        result={result}
      />

      {!stays && (
        <DeparturesPanel
          action={formAction}
          month={month}
          today={today}
          departures={calendar.departures}
          result={result}
        />
      )}

      {stays && (
        <IcalPanel
          action={formAction}
          exportUrl={settings?.icalUrl ?? null}
          feeds={feeds}
          result={result}
        />
      )}
    </div>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? t("bookingManage.metaTitle", { title: loaderData.listing.title })
        : t("dashboard.metaTitle"),
    },
    { name: "robots", content: "noindex" },
  ];
}
