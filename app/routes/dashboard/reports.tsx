import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reports";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { Pagination } from "../../components/browse/pagination.tsx";
import { ReportItem } from "../../components/safety/report-item.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import type { AppError } from "../../lib/app-error.ts";
import { cn } from "../../lib/cn.ts";
import { REPORT_FILTERS, type ReportFilter } from "../../lib/safety-values.ts";
import { reportsPageQuerySchema } from "../../lib/schemas/safety.ts";
import type { Toast } from "../../lib/toast.ts";
import {
  hideReportedReview,
  listReports,
  resolveReport,
} from "../../services/safety/report-queue.server.ts";
import {
  dismissListingReports,
  takeDownListing,
} from "../../services/safety/listing-reports.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/reports";

/** The queue's address for a filter and page (the defaults left out). */
function reportsHref(options: { status: ReportFilter; page?: number }): string {
  const params = new URLSearchParams();
  if (options.status !== "open") params.set("status", options.status);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

function query(url: URL) {
  return reportsPageQuerySchema.parse(Object.fromEntries(url.searchParams));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "report:manage");
  const { status, page } = query(new URL(request.url));
  return {
    queue: await listReports(viewer, { status, page }),
    // A listing's history names scam signals and audit actions in words.
    messages: pickMessages(["safety", "publish.signals", "dashboard.audit"]),
  };
}

/**
 * Resolve or Dismiss (a note), or Hide review (a reason); for a listing, Dismiss reports (a note)
 * or Take listing down (a reason).
 */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["resolve", "dismiss"]), reportId: z.string(), note: z.string() }),
  z.object({ intent: z.literal("hide-review"), reportId: z.string(), reason: z.string() }),
  z.object({ intent: z.literal("dismiss-listing"), listingId: z.string(), note: z.string() }),
  z.object({ intent: z.literal("take-down"), listingId: z.string(), reason: z.string() }),
]);

/**
 * Closes a report, or hides the review it is about and resolves it. Every answer is a redirect
 * back to the list the administrator was on, with a toast: what happened, or why nothing did.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "report:manage");
  const { status, page } = query(new URL(request.url));
  const back = reportsHref({ status, page });
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return redirectWithToast(back, {
      title: "safety.toasts.unknownAction",
      description: "safety.toasts.unknownActionDescription",
      variant: "destructive",
    });
  }
  const form = parsed.data;
  const refused = (error: AppError) =>
    redirectWithToast(back, {
      title: "safety.toasts.refused",
      description: error.message,
      params: error.params,
      variant: "destructive",
    } satisfies Toast);

  if (form.intent === "hide-review") {
    return answerAction(
      () => hideReportedReview(viewer, { reportId: form.reportId, reason: form.reason }),
      {
        success: (report) =>
          redirectWithToast(back, {
            title: "safety.toasts.reviewHidden",
            description: "safety.toasts.reviewHiddenDescription",
            params: { id: report.id },
          }),
        refused,
      },
    );
  }

  if (form.intent === "dismiss-listing") {
    return answerAction(
      () => dismissListingReports(viewer, { listingId: form.listingId, note: form.note }),
      {
        success: (outcome) =>
          redirectWithToast(back, {
            title: "safety.toasts.listingReportsDismissed",
            description: outcome.restored
              ? "safety.toasts.listingRestoredDescription"
              : "safety.toasts.listingReportsDismissedDescription",
            params: { id: outcome.listingId },
          }),
        refused,
      },
    );
  }

  if (form.intent === "take-down") {
    return answerAction(
      () => takeDownListing(viewer, { listingId: form.listingId, reason: form.reason }),
      {
        success: (outcome) =>
          redirectWithToast(back, {
            title: "safety.toasts.listingTakenDown",
            description: "safety.toasts.listingTakenDownDescription",
            params: { id: outcome.listingId },
          }),
        refused,
      },
    );
  }

  const resolution = form.intent === "resolve" ? "resolved" : "dismissed";
  return answerAction(
    () => resolveReport(viewer, { reportId: form.reportId, status: resolution, note: form.note }),
    {
      success: (report) =>
        redirectWithToast(back, {
          title: resolution === "resolved" ? "safety.toasts.resolved" : "safety.toasts.dismissed",
          description:
            resolution === "resolved"
              ? "safety.toasts.resolvedDescription"
              : "safety.toasts.dismissedDescription",
          params: { id: report.id },
        }),
      refused,
    },
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { queue } = loaderData;
  const { status, page, pageCount, reports, total, open } = queue;
  // A listing's open reports are decided together, with the first of them on the page.
  const decidedWith = new Map<number, number>();
  const firstOpen = new Map<number, number>();
  for (const report of reports) {
    if (report.status !== "open" || !report.listing) continue;
    const first = firstOpen.get(report.listing.id);
    if (first === undefined) firstOpen.set(report.listing.id, report.id);
    else decidedWith.set(report.id, first);
  }
  return (
    <div>
      <SectionHeading>{t("safety.queue.title")}</SectionHeading>
      <p className="mt-1 mb-4 text-muted">{t("safety.queue.subtitle")}</p>

      <nav
        aria-label={t("safety.queue.filterLabel")}
        className="mb-3 flex flex-wrap items-center gap-2"
      >
        {REPORT_FILTERS.map((option) => (
          <Link
            key={option}
            to={reportsHref({ status: option })}
            aria-current={option === status ? "page" : undefined}
            className={cn(
              "rounded-full px-3 py-1.5 text-sm font-semibold",
              option === status
                ? "bg-primary text-white"
                : "bg-surface-muted text-secondary hover:bg-surface-strong",
            )}
          >
            {t(`safety.queue.filters.${option}`)}
            {option === "open" && open > 0 && ` (${open})`}
          </Link>
        ))}
        <span className="ml-auto text-sm text-muted">
          {t("safety.queue.total", { count: total })} ·{" "}
          {t("safety.queue.openCount", { count: open })}
        </span>
      </nav>

      {reports.length === 0 ? (
        <p className={cn(cardVariants({ elevated: false }), "p-6 text-center text-muted")}>
          {status === "open" ? t("safety.queue.emptyOpen") : t("safety.queue.empty")}
        </p>
      ) : (
        <ul aria-label={t("safety.queue.listLabel")} className="space-y-4">
          {reports.map((report) => (
            <li key={report.id}>
              <ReportItem
                report={report}
                action={reportsHref({ status, page })}
                decidedWith={decidedWith.get(report.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(target) => reportsHref({ status, page: target })}
        />
      </div>
    </div>
  );
}
