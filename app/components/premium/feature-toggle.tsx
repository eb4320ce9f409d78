import { Star } from "lucide-react";
import { useFetcher } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";

/**
 * Feature or Unfeature on one of the owner's rows of My Listings: one of their plan's featured
 * ads. The action answers with a toast (the limit, or a listing that is not live yet).
 */
export function FeatureToggle({
  listing,
  featured,
  action,
  returnTo,
}: {
  listing: { id: number; title: string };
  /** Featured by the owner (a listing the team featured shows no toggle). */
  featured: boolean;
  action: string;
  returnTo: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={featured ? "unfeature" : "feature"} />
      <input type="hidden" name="listingId" value={listing.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        disabled={busy}
        aria-label={t(
          featured
            ? "payments.plans.featured.unfeatureLabel"
            : "payments.plans.featured.featureLabel",
          { title: listing.title },
        )}
        className={cn(
          buttonVariants({ variant: featured ? "quiet" : "outline", size: "sm" }),
          "gap-1.5 text-secondary",
        )}
      >
        <Star
          aria-hidden
          className={cn("size-4", featured ? "fill-accent-bright text-accent" : "text-subtle")}
        />
        {featured ? t("payments.plans.featured.unfeature") : t("payments.plans.featured.feature")}
      </button>
    </fetcher.Form>
  );
}
