import { Flag } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatPrice, type DisplayCurrency } from "../../lib/money.ts";
import type { ListingSignal, SignalDetail } from "../../lib/schemas/signals.ts";
import {
  HIGH_VALUE_PERCENTILE,
  LOW_PRICE_SHARE,
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_MAX_LISTINGS_PER_DAY,
} from "../../lib/signal-values.ts";
import { Badge } from "../ui/badge.tsx";
import { buttonVariants } from "../ui/button.tsx";

/** Where the Dismiss forms post: Manage Listings' action, which sends the admin back. */
export const SIGNALS_ACTION = "/dashboard/manage-listings";

/** The reason of a signal in words, with its figures. */
function SignalReason({ detail, currency }: { detail: SignalDetail; currency: DisplayCurrency }) {
  const t = useT();
  const price = (cents: number) => formatPrice(cents, currency);
  switch (detail.kind) {
    case "low_price":
      return t("publish.signals.reasons.lowPrice", {
        price: price(detail.priceUsdCents),
        median: price(detail.medianUsdCents),
        count: detail.comparables,
        share: Math.round(LOW_PRICE_SHARE * 100),
      });
    case "duplicate_photos":
      return (
        <>
          {t("publish.signals.reasons.duplicatePhotos", { count: detail.listingIds.length })}{" "}
          {detail.listingIds.map((id, i) => (
            <span key={id}>
              {i > 0 && ", "}
              <Link to={`/listing/${id}`} className="font-medium text-primary-strong underline">
                #{id}
              </Link>
            </span>
          ))}
        </>
      );
    case "new_account_many":
      return t("publish.signals.reasons.newAccountMany", {
        count: detail.listingsInDay,
        days: NEW_ACCOUNT_DAYS,
        most: NEW_ACCOUNT_MAX_LISTINGS_PER_DAY,
      });
    case "new_account_high_value":
      return t("publish.signals.reasons.newAccountHighValue", {
        price: price(detail.priceUsdCents),
        percentile: price(detail.percentileUsdCents),
        rank: Math.round(HIGH_VALUE_PERCENTILE * 100),
        days: NEW_ACCOUNT_DAYS,
      });
    case "payment_rule":
      return t("publish.signals.reasons.paymentRule", {
        reasons: detail.reasons.map((reason) => t(`safety.paymentRule.${reason}`)).join(", "),
      });
  }
}

function DismissButton({
  signal,
  title,
  returnTo,
}: {
  signal: ListingSignal;
  title: string;
  returnTo: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={SIGNALS_ACTION} preventScrollReset>
      <input type="hidden" name="intent" value="dismiss-signal" />
      <input type="hidden" name="signalId" value={signal.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={t("publish.signals.dismissLabel", {
          kind: t(`publish.signals.kinds.${signal.detail.kind}`),
          title,
        })}
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "shrink-0 whitespace-nowrap bg-surface text-secondary",
        )}
      >
        {t("publish.signals.dismiss")}
      </button>
    </fetcher.Form>
  );
}

/**
 * A listing's scam signals for the administrator: the "Flagged" mark and each reason in words,
 * each with its Dismiss button. Nothing when the listing raised none.
 */
export function ListingSignals({
  signals,
  title,
  currency,
  returnTo,
}: {
  signals: ListingSignal[];
  title: string;
  currency: DisplayCurrency;
  returnTo: string;
}) {
  const t = useT();
  if (signals.length === 0) return null;
  return (
    <div className="mt-2 rounded-lg bg-danger-tint p-2.5">
      <Badge tone="danger" className="inline-flex items-center gap-1 bg-surface">
        <Flag aria-hidden className="size-3.5" />
        {t("publish.signals.flagged")}
      </Badge>
      <ul aria-label={t("publish.signals.listLabel", { title })} className="mt-2 space-y-2">
        {signals.map((signal) => (
          <li
            key={signal.id}
            className="flex flex-col gap-2 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="min-w-0 whitespace-normal">
              <span className="font-semibold">
                {t(`publish.signals.kinds.${signal.detail.kind}`)}:
              </span>{" "}
              <SignalReason detail={signal.detail} currency={currency} />
            </p>
            <DismissButton signal={signal} title={title} returnTo={returnTo} />
          </li>
        ))}
      </ul>
    </div>
  );
}
