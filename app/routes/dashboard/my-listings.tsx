import { CalendarDays, Pencil, Trash2 } from "lucide-react";
import { data, Form, Link, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/my-listings";
import { requireViewer } from "../../auth/guards.server.ts";
import { Pagination } from "../../components/browse/pagination.tsx";
import { BoostButton, BoostPanel } from "../../components/boosts/boost-controls.tsx";
import { BoostPosts } from "../../components/boosts/boost-posts.tsx";
import { ListingRows } from "../../components/listings/listing-rows.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { FeatureToggle } from "../../components/premium/feature-toggle.tsx";
import { PlanUsagePanel } from "../../components/premium/plan-usage.tsx";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { bookingUnitOf } from "../../lib/booking-values.ts";
import { can, dashboardRole } from "../../lib/permissions.ts";
import { dashboardPageQuerySchema } from "../../lib/schemas/dashboard.ts";
import { idSchema } from "../../lib/schemas/id.ts";
import type { DashboardListingRow } from "../../lib/schemas/listing-view.ts";
import { boostPanel, latestBoosts, requestBoost } from "../../services/boosts/boosts.server.ts";
import { pageDashboardListings } from "../../services/dashboard/dashboard-listings.server.ts";
import { reassignListing } from "../../services/teams/team-assign.server.ts";
import { runningAgencyOwnedBy, teamOfListings } from "../../services/teams/team-rights.server.ts";
import {
  HandListing,
  PublishedBy,
  type AssignRefusal,
} from "../../components/teams/assign-control.tsx";
import { deleteListing } from "../../services/listings/listing-write.server.ts";
import {
  ownerFeaturedIds,
  planUsageFor,
  setOwnFeatured,
} from "../../services/premium/plan-limits.server.ts";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { answerAction, refusalText } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { ReportedNote } from "../../components/listings/reported-note.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/my-listings";
const actionSchema = z.object({
  intent: z.enum(["delete", "feature", "unfeature", "boost", "reassign"]),
  listingId: idSchema,
  returnTo: z.string().optional(),
  memberId: z.string().optional(),
});

/** `/dashboard/my-listings`, or with `?page=` past the first page. */
function pageHref(page: number): string {
  return page > 1 ? `${PATH}?page=${page}` : PATH;
}

/**
 * Favourites for a regular user, own listings for agents and professionals, all for the admin:
 * one page at a time, with the total.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const { page } = dashboardPageQuerySchema.parse({
    page: url.searchParams.get("page") ?? undefined,
  });
  const featuresOwn = can(viewer, "listing:feature-own", { ownerId: viewer.id });
  const teamAgencyId = await runningAgencyOwnedBy(viewer.id);
  const [listed, usage, ownFeatured, panel] = await Promise.all([
    pageDashboardListings({ viewer, page, teamAgencyId }),
    planUsageFor(viewer),
    featuresOwn ? ownerFeaturedIds(viewer.id) : Promise.resolve<number[]>([]),
    boostPanel(viewer),
  ]);
  const ids = listed.rows.map((row) => row.id);
  const boosts = panel ? await latestBoosts(viewer.id, ids) : {};
  const team = await teamOfListings(teamAgencyId, ids);
  return {
    role: dashboardRole(viewer.role),
    ...listed,
    usage,
    featuresOwn,
    /** The rows the owner featured as one of their plan's ads (the team's show no toggle). */
    ownFeatured,
    /** The plan's boosts (null for those who cannot boost) and each row's latest boost. */
    boost: panel && {
      allowance: panel.allowance,
      locked: panel.refusal && refusalText(panel.refusal),
    },
    boosts,
    /** For the owner of a running agency: who publishes each team listing, and the team. */
    team,
    messages: pickMessages([
      "teams.assign",
      "bookingManage.link",
      "bookingManage.linkLabel",
      "payments.plans",
      "boosts.host",
      "boosts.networks",
      "safety.reasons", // why a listing hidden by reports waits for review
    ]),
  };
}

/**
 * Delete, Feature / Unfeature (one of the plan's featured ads), Boost, and the agency owner's
 * hand-over of a team listing to a member: the services decide whether this person may; the
 * answer is a toast on the page the person was on (the service shows the last page if that one
 * is now past the end), or a refused hand-over's reason under its choice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const back = safeRedirectPath(parsed.data.returnTo, PATH);
  const returnTo = back === PATH || back.startsWith(`${PATH}?`) ? back : PATH;
  const { intent, listingId } = parsed.data;
  if (intent === "reassign") {
    return answerAction(
      () => reassignListing(viewer, listingId, { memberId: parsed.data.memberId }),
      {
        success: () =>
          redirectWithToast(returnTo, {
            title: "teams.toasts.listingHanded",
            description: "teams.toasts.listingHandedDescription",
          }),
        refused: (error) =>
          data<AssignRefusal>(
            { assignRefusal: { id: listingId, message: refusalText(error) } },
            { status: error.status },
          ),
      },
    );
  }
  if (intent === "boost") {
    return answerAction(() => requestBoost({ actor: viewer, listingId }), {
      success: () =>
        redirectWithToast(returnTo, {
          title: "boosts.host.requested",
          description: "boosts.host.requestedDescription",
        }),
      refused: (error) =>
        redirectWithToast(returnTo, {
          title: "boosts.host.failed",
          description: "boosts.host.refusal",
          params: { message: refusalText(error) },
          variant: "destructive",
        }),
    });
  }
  if (intent !== "delete") {
    const featured = intent === "feature";
    return answerAction(() => setOwnFeatured({ actor: viewer, listingId, featured }), {
      success: () =>
        redirectWithToast(
          returnTo,
          featured
            ? {
                title: "payments.plans.featured.saved",
                description: "payments.plans.featured.savedDescription",
              }
            : { title: "payments.plans.featured.removed" },
        ),
      refused: (error) =>
        redirectWithToast(returnTo, {
          title: "payments.plans.featured.failed",
          description: error.message,
          params: error.params,
          variant: "destructive",
        }),
    });
  }
  return answerAction(() => deleteListing({ actor: viewer, listingId }), {
    success: () => redirectWithToast(returnTo, { title: "publish.myListings.deleted" }),
    refused: (error) =>
      redirectWithToast(returnTo, {
        title: "publish.myListings.deleteFailed",
        description: "publish.myListings.deleteFailedDescription",
        params: { message: refusalText(error) },
        variant: "destructive",
      }),
  });
}

const outlineClass = cn(
  buttonVariants({ variant: "outline", size: "sm" }),
  "gap-1.5 text-secondary",
);

function StatusNote({ row }: { row: DashboardListingRow }) {
  const t = useT();
  if (row.hiddenByReports) return <ReportedNote reasons={row.hiddenByReports} />;
  if (row.status === "pending_approval") {
    return (
      <p className="mt-1 text-xs text-warning-strong">{t("publish.myListings.pendingNote")}</p>
    );
  }
  if (row.status === "paused") {
    return (
      <p className="mt-1 text-xs text-secondary">
        {t("payments.plans.pausedNote")}{" "}
        <Link
          to="/dashboard/premium-plans"
          className="font-medium text-primary-strong underline underline-offset-2"
        >
          {t("payments.plans.limits.upgrade")}
        </Link>
      </p>
    );
  }
  if (row.status === "rejected") {
    return (
      <p className="mt-1 text-xs text-danger-strong">
        {row.rejectionReason
          ? t("publish.myListings.rejectedReason", { reason: row.rejectionReason })
          : t("publish.myListings.rejectedNote")}
      </p>
    );
  }
  return null;
}

/**
 * Delete asks the browser's confirmation first (the spec's words). Before JavaScript the button
 * leads to `?delete={id}`, where the same question is asked on the page.
 */
function DeleteButton({ row, returnTo }: { row: DashboardListingRow; returnTo: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [params] = useSearchParams();
  const deleting = fetcher.state !== "idle";
  const danger = cn(buttonVariants({ variant: "dangerOutline", size: "sm" }), "gap-1.5");

  if (!hydrated) {
    if (params.get("delete") === String(row.id)) {
      return (
        <Form method="post" action={PATH} className="flex flex-wrap items-center gap-2">
          <p className="w-full text-sm font-medium text-danger-strong">
            {t("publish.myListings.confirmDelete")}
          </p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="listingId" value={row.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className={danger}>
            <Trash2 aria-hidden className="size-4" />
            {t("publish.myListings.delete")}
          </button>
          <Link to={returnTo} className={outlineClass}>
            {t("publish.actions.cancel")}
          </Link>
        </Form>
      );
    }
    return (
      <Link
        to={`${returnTo}${returnTo.includes("?") ? "&" : "?"}delete=${row.id}`}
        aria-label={t("publish.myListings.deleteLabel", { title: row.title })}
        className={danger}
      >
        <Trash2 aria-hidden className="size-4" />
        {t("publish.myListings.delete")}
      </Link>
    );
  }

  return (
    <fetcher.Form
      method="post"
      action={PATH}
      preventScrollReset
      onSubmit={(event) => {
        if (!window.confirm(t("publish.myListings.confirmDelete"))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="listingId" value={row.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        disabled={deleting}
        aria-label={t("publish.myListings.deleteLabel", { title: row.title })}
        className={danger}
      >
        <Trash2 aria-hidden className="size-4" />
        {deleting ? t("publish.myListings.deleting") : t("publish.myListings.delete")}
      </button>
    </fetcher.Form>
  );
}

export default function MyListings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currency, viewer } = useRootData();
  const { role, rows, total, page, pageCount, usage, featuresOwn, ownFeatured, boost, boosts } =
    loaderData;
  const { publishers, mates } = loaderData.team;
  // A member's listing is featured and boosted on the member's own plan, not the owner's.
  const ownRow = (id: number) => publishers[id] === undefined || publishers[id].id === viewer?.id;
  const returnTo = pageHref(page);
  const title =
    role === "user"
      ? t("dashboard.listings.titleUser")
      : role === "admin"
        ? t("dashboard.listings.titleAdmin")
        : t("dashboard.listings.titlePublisher");
  const manages = can({ role }, "listing:list-own");
  return (
    <div>
      <div className="mb-4">
        <SectionHeading>{title}</SectionHeading>
        {total > 0 && (
          <p className="text-sm text-muted">
            {t(role === "user" ? "dashboard.listings.savedTotal" : "dashboard.listings.total", {
              count: total,
            })}
          </p>
        )}
      </div>
      {usage && <PlanUsagePanel usage={usage} className="mb-4" />}
      {boost && <BoostPanel allowance={boost.allowance} locked={boost.locked} />}
      {rows.length > 0 ? (
        <ListingRows
          rows={rows}
          currency={currency}
          showStatus={manages}
          details={
            manages
              ? (row) => (
                  <>
                    <PublishedBy publisher={publishers[row.id]} />
                    <StatusNote row={row} />
                    {publishers[row.id] && mates.length > 1 && (
                      <HandListing
                        action={PATH}
                        listing={row}
                        mates={mates}
                        publisherId={publishers[row.id]!.id}
                      />
                    )}
                    {boosts[row.id] && (
                      <div className="mt-1">
                        <BoostPosts boost={boosts[row.id]!} />
                      </div>
                    )}
                  </>
                )
              : undefined
          }
          actions={
            manages
              ? (row) => (
                  <>
                    <Link
                      to={`/add-listing?edit=${row.id}`}
                      aria-label={t("publish.myListings.editLabel", { title: row.title })}
                      className={outlineClass}
                    >
                      <Pencil aria-hidden className="size-4" />
                      {t("publish.myListings.edit")}
                    </Link>
                    {bookingUnitOf(row) !== null && (
                      <Link
                        to={`${PATH}/${row.id}/calendar`}
                        aria-label={t("bookingManage.linkLabel", { title: row.title })}
                        className={outlineClass}
                      >
                        <CalendarDays aria-hidden className="size-4" />
                        {t("bookingManage.link")}
                      </Link>
                    )}
                    {featuresOwn &&
                      ownRow(row.id) &&
                      row.status === "approved" &&
                      (!row.featured || ownFeatured.includes(row.id)) && (
                        <FeatureToggle
                          listing={row}
                          featured={row.featured}
                          action={PATH}
                          returnTo={returnTo}
                        />
                      )}
                    {boost &&
                      !boost.locked &&
                      ownRow(row.id) &&
                      row.status === "approved" &&
                      boosts[row.id]?.postedAt !== null && (
                        <BoostButton row={row} action={PATH} returnTo={returnTo} />
                      )}
                    <DeleteButton row={row} returnTo={returnTo} />
                  </>
                )
              : undefined
          }
        />
      ) : role === "user" ? (
        <EmptyState
          title={t("dashboard.listings.emptyUser")}
          body={t("dashboard.listings.emptyUserBody")}
          action={
            <Link to="/real-estate" className={buttonVariants({ variant: "primary", size: "md" })}>
              {t("dashboard.listings.explore")}
            </Link>
          }
        />
      ) : role === "admin" ? (
        <EmptyState
          title={t("dashboard.listings.emptyAdmin")}
          body={t("dashboard.overview.noActivityAdmin")}
        />
      ) : (
        <EmptyState
          title={
            role === "agent"
              ? t("dashboard.listings.emptyAgent")
              : t("dashboard.listings.emptyProfessional")
          }
          body={t("dashboard.listings.emptyPublisherBody")}
          action={
            <Link to="/add-listing" className={buttonVariants({ variant: "primary", size: "md" })}>
              {t("dashboard.overview.addListing")}
            </Link>
          }
        />
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={pageHref} />
    </div>
  );
}
