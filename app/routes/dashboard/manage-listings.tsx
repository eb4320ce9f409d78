import { Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/manage-listings";
import { requirePermission } from "../../auth/guards.server.ts";
import { ListingRows } from "../../components/listings/listing-rows.tsx";
import { ListingSignals } from "../../components/listings/listing-signals.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ListSearch } from "../../components/ui/list-search.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { createTranslator, pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { managedListingsPageQuerySchema } from "../../lib/schemas/dashboard.ts";
import { idSchema } from "../../lib/schemas/id.ts";
import type { DashboardListingRow } from "../../lib/schemas/listing-view.ts";
import { LISTING_ATTRIBUTES, type ListingAttribute } from "../../lib/listing-status.ts";
import { SIGNAL_FILTERS, type SignalFilter } from "../../lib/signal-values.ts";
import {
  listManagedListings,
  setListingAttribute,
} from "../../services/listings/moderation.server.ts";
import { dismissListingSignal } from "../../services/signals/signal-review.server.ts";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { answerAction, refusalText } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/manage-listings";
/** The pages whose rows post here: Manage Listings, and Moderation's Dismiss signal. */
const RETURN_PATHS = [PATH, "/dashboard/moderation"];
const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-attribute"),
    attribute: z.enum(LISTING_ATTRIBUTES),
    listingId: idSchema,
    value: z.enum(["true", "false"]).transform((v) => v === "true"),
    returnTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("dismiss-signal"),
    signalId: z.string(),
    returnTo: z.string().optional(),
  }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "listing:list-all");
  const url = new URL(request.url);
  const { q, filter, page } = managedListingsPageQuerySchema.parse({
    q: url.searchParams.get("q") ?? "",
    filter: url.searchParams.get("filter") ?? "all",
    page: url.searchParams.get("page") ?? 1,
  });
  return {
    ...(await listManagedListings({ actor: viewer, query: q, filter, page })),
    messages: pickMessages(["safety.paymentRule"]),
  };
}

/**
 * Featured / Premium switches ("Listing {attribute} updated.") and Dismiss signal ("Signal
 * dismissed."), back to the page the administrator was on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "listing:list-all");
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const back = safeRedirectPath(parsed.data.returnTo, PATH);
  const returnTo = RETURN_PATHS.some((path) => back === path || back.startsWith(`${path}?`))
    ? back
    : PATH;
  if (parsed.data.intent === "dismiss-signal") {
    const { signalId } = parsed.data;
    return answerAction(() => dismissListingSignal({ actor: viewer, signalId }), {
      success: () => redirectWithToast(returnTo, { title: "publish.signals.dismissed" }),
      refused: (error) =>
        redirectWithToast(returnTo, {
          title: "publish.signals.dismissFailed",
          description: "publish.signals.dismissFailedDescription",
          params: { message: refusalText(error) },
          variant: "destructive",
        }),
    });
  }
  const { attribute, listingId, value } = parsed.data;
  const t = createTranslator();
  const word = t(`publish.manage.attributes.${attribute}`);
  return answerAction(() => setListingAttribute({ actor: viewer, listingId, attribute, value }), {
    success: () =>
      redirectWithToast(returnTo, { title: "publish.manage.updated", params: { attribute: word } }),
    refused: (error) =>
      redirectWithToast(returnTo, {
        title: "publish.manage.updateFailed",
        description: "publish.manage.updateFailedDescription",
        params: { attribute: word, message: refusalText(error) },
        variant: "destructive",
      }),
  });
}

/**
 * A switch that submits its own little form: optimistic while the request runs, correct after
 * the page reloads its data. Without JavaScript it is a plain submit button.
 */
function AttributeSwitch({
  row,
  attribute,
  returnTo,
}: {
  row: DashboardListingRow;
  attribute: ListingAttribute;
  returnTo: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const stored = attribute === "featured" ? row.featured : row.agentType === "premium";
  const sending = fetcher.formData?.get("value");
  const on = typeof sending === "string" ? sending === "true" : stored;
  const label =
    attribute === "featured" ? t("publish.manage.featured") : t("publish.manage.premium");
  return (
    <fetcher.Form method="post" action={PATH} preventScrollReset>
      <input type="hidden" name="intent" value="set-attribute" />
      <input type="hidden" name="attribute" value={attribute} />
      <input type="hidden" name="listingId" value={row.id} />
      <input type="hidden" name="value" value={String(!on)} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={t(
          attribute === "featured" ? "publish.manage.featuredLabel" : "publish.manage.premiumLabel",
          { title: row.title },
        )}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-1.5 text-sm font-medium text-secondary hover:bg-canvas sm:gap-2 sm:px-2"
      >
        <span
          aria-hidden
          className={cn(
            "relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors",
            on
              ? attribute === "featured"
                ? "bg-accent-mid"
                : "bg-primary-strong"
              : "bg-line-strong",
          )}
        >
          <span
            className={cn(
              "inline-block size-5 rounded-full bg-surface shadow transition-transform",
              on ? "translate-x-[18px]" : "translate-x-0.5",
            )}
          />
        </span>
        {label}
      </button>
    </fetcher.Form>
  );
}

export default function ManageListings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currency } = useRootData();
  const { rows, total, page, pageCount, query, filter } = loaderData;
  const href = (p: number, show: SignalFilter = filter) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (show !== "all") params.set("filter", show);
    if (p > 1) params.set("page", String(p));
    const search = params.toString();
    return search ? `${PATH}?${search}` : PATH;
  };
  const returnTo = href(page);
  const pager = cn(buttonVariants({ variant: "outline", size: "md" }), "gap-1 px-3 text-secondary");

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <SectionHeading>{t("dashboard.manage.title")}</SectionHeading>
          <p className="text-sm text-muted">{t("publish.manage.total", { count: total })}</p>
        </div>
        <ListSearch
          action={PATH}
          id="manage-q"
          query={query}
          texts={{
            label: t("publish.manage.search"),
            placeholder: t("publish.manage.searchPlaceholder"),
            button: t("publish.manage.searchButton"),
          }}
        />
      </div>

      <nav aria-label={t("publish.signals.filterLabel")} className="mb-3 flex flex-wrap gap-2">
        {SIGNAL_FILTERS.map((option) => (
          <Link
            key={option}
            to={href(1, option)}
            aria-current={option === filter ? "page" : undefined}
            className={cn(
              "rounded-full px-3 py-1.5 text-sm font-semibold",
              option === filter
                ? "bg-primary text-white"
                : "bg-surface-muted text-secondary hover:bg-surface-strong",
            )}
          >
            {t(`publish.signals.filters.${option}`)}
          </Link>
        ))}
      </nav>

      {rows.length > 0 ? (
        <ListingRows
          rows={rows}
          currency={currency}
          showStatus
          details={(row) => (
            <ListingSignals
              signals={row.signals}
              title={row.title}
              currency={currency}
              returnTo={returnTo}
            />
          )}
          actions={(row) => (
            <>
              <AttributeSwitch row={row} attribute="featured" returnTo={returnTo} />
              <AttributeSwitch row={row} attribute="premium" returnTo={returnTo} />
            </>
          )}
        />
      ) : filter === "flagged" && !query ? (
        <EmptyState
          title={t("publish.signals.noFlagged")}
          body={t("dashboard.overview.noActivityAdmin")}
        />
      ) : query ? (
        <EmptyState
          title={t("publish.manage.noResults", { query })}
          body={t("dashboard.overview.noActivityAdmin")}
          action={
            <Link to={PATH} className={pager}>
              {t("publish.manage.clear")}
            </Link>
          }
        />
      ) : (
        <EmptyState
          title={t("dashboard.listings.emptyAdmin")}
          body={t("dashboard.overview.noActivityAdmin")}
        />
      )}

      <Pager
        page={page}
        pageCount={pageCount}
        href={href}
        texts={{
          pages: t("publish.manage.pages"),
          previous: t("publish.manage.previous"),
          next: t("publish.manage.next"),
          pageOf: t("publish.manage.pageOf", { page, count: pageCount }),
        }}
      />
    </div>
  );
}
