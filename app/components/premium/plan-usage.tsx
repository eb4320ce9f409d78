import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { PlanUsage } from "../../lib/schemas/payments.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";

const PLANS_PATH = "/dashboard/premium-plans";

/** "2 of 3 used", or "4 used, unlimited" for a plan without a limit. */
export function usedText(t: ReturnType<typeof useT>, used: number, limit: number | null): string {
  return limit === null
    ? t("payments.plans.usage.unlimited", { used })
    : t("payments.plans.usage.used", { used, limit });
}

function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const t = useT();
  // Nothing of nothing ("0 of 0") is an empty bar, not a full one: there is no limit reached.
  const share = limit === null ? 0 : limit === 0 ? (used > 0 ? 1 : 0) : Math.min(1, used / limit);
  const full = limit !== null && used > 0 && used >= limit;
  const fill = full ? "full" : share > 0 ? "partial" : "empty";
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1">
        <span
          className={cn("font-semibold tabular-nums", full ? "text-warning-strong" : "text-ink")}
        >
          {usedText(t, used, limit)}
        </span>
        {limit !== null && (
          <span
            aria-hidden
            className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-surface-muted"
          >
            <span
              data-meter-fill={fill}
              className={cn(
                "block h-full rounded-full",
                full ? "bg-warning-mid" : "bg-primary-vivid",
              )}
              style={{ width: `${Math.round(share * 100)}%` }}
            />
          </span>
        )}
      </dd>
    </div>
  );
}

/**
 * The account's plan and how much of its limits is used ("2 of 3 used"), with the way to more:
 * on the plans page, My Listings and the overview.
 */
export function PlanUsagePanel({
  usage,
  upgrade = true,
  className,
}: {
  usage: PlanUsage;
  /** A link to the plans page (left out on the plans page itself). */
  upgrade?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="plan-usage-title"
      className={cn(
        cardVariants({ elevated: false }),
        "flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:gap-6 sm:p-5",
        className,
      )}
    >
      <div className="min-w-0 sm:w-48 sm:shrink-0">
        <h2 id="plan-usage-title" className="text-sm text-muted">
          {t("payments.plans.usage.title")}
        </h2>
        <p className="font-bold text-ink">
          {usage.plan
            ? t("payments.plans.usage.current", { plan: usage.plan.name })
            : t("payments.plans.usage.free")}
        </p>
        {usage.endsAt && (
          <p className="text-sm text-muted">
            {t("payments.plans.usage.until", { date: formatDay(usage.endsAt.slice(0, 10)) })}
          </p>
        )}
      </div>
      <dl className="grid flex-1 grid-cols-2 gap-4">
        <Meter
          label={t("payments.plans.usage.listings")}
          used={usage.listingsUsed}
          limit={usage.listingLimit}
        />
        <Meter
          label={t("payments.plans.usage.featured")}
          used={usage.featuredUsed}
          limit={usage.featuredLimit}
        />
      </dl>
      {upgrade && (
        <Link
          to={PLANS_PATH}
          className={cn(buttonVariants({ variant: "brandOutline", size: "md" }), "shrink-0")}
        >
          {t("payments.plans.usage.upgrade")}
        </Link>
      )}
    </section>
  );
}

/** At the listing limit: the message naming it and the way to upgrade (Add Listing). */
export function PlanLimitNotice({ message }: { message: string }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <section
        aria-labelledby="plan-limit-title"
        className={cn(cardVariants(), "border-warning-pale p-6 text-center sm:p-8")}
      >
        <h1 id="plan-limit-title" className="text-xl font-bold text-ink">
          {t("payments.plans.limits.title")}
        </h1>
        <p className="mt-2 text-secondary">{message}</p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Link to={PLANS_PATH} className={buttonVariants({ variant: "primary", size: "md" })}>
            {t("payments.plans.limits.upgrade")}
          </Link>
          <Link
            to="/dashboard/my-listings"
            className={buttonVariants({ variant: "outline", size: "md" })}
          >
            {t("payments.plans.limits.backToListings")}
          </Link>
        </div>
      </section>
    </div>
  );
}
