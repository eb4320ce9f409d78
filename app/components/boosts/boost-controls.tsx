import { Megaphone } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { BoostAllowance } from "../../lib/schemas/boosts.ts";
import type { DashboardListingRow } from "../../lib/schemas/listing-view.ts";
import { buttonVariants } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

const outlineClass = cn(
  buttonVariants({ variant: "outline", size: "sm" }),
  "gap-1.5 text-secondary",
);

/** What the plan allows this period, or the refusal's sentence and the way to the plans. */
export function BoostPanel({
  allowance,
  locked,
}: {
  allowance: BoostAllowance;
  locked: string | null;
}) {
  const t = useT();
  return (
    <Card
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 p-4"
      data-testid="boost-panel"
    >
      <Megaphone aria-hidden className="size-5 text-primary" />
      <h3 className="font-semibold text-ink">{t("boosts.host.panelTitle")}</h3>
      <p className="text-sm text-secondary">
        {locked ??
          (allowance.unlimited
            ? t("boosts.host.unlimited")
            : t("boosts.host.allowance", {
                used: allowance.used,
                count: allowance.perPeriod ?? 0,
              }))}
      </p>
      {locked && (
        <Link
          to="/dashboard/premium-plans"
          className="text-sm font-medium text-primary-strong underline underline-offset-2"
        >
          {t("boosts.host.lockedLink")}
        </Link>
      )}
    </Card>
  );
}

/** Boost: asks the site's team to post the listing (the service judges the plan's count). */
export function BoostButton({
  row,
  action,
  returnTo,
}: {
  row: Pick<DashboardListingRow, "id" | "title">;
  action: string;
  returnTo: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const boosting = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="boost" />
      <input type="hidden" name="listingId" value={row.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        disabled={boosting}
        aria-label={t("boosts.host.boostLabel", { title: row.title })}
        className={outlineClass}
      >
        <Megaphone aria-hidden className="size-4" />
        {boosting ? t("boosts.host.boosting") : t("boosts.host.boost")}
      </button>
    </fetcher.Form>
  );
}
