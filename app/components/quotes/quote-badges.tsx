import { Ban, CheckCircle2, Clock, Hammer, Undo2, type LucideIcon } from "lucide-react";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import type { JobStatus, QuoteStatus } from "../../lib/conversation-values.ts";
import { formatPrice, USD } from "../../lib/money.ts";
import { Badge } from "../ui/badge.tsx";

type Tone = "warning" | "success" | "neutral" | "danger";

const QUOTE_LOOK: Record<QuoteStatus | "expired", { tone: Tone; icon: LucideIcon }> = {
  sent: { tone: "warning", icon: Clock },
  accepted: { tone: "success", icon: CheckCircle2 },
  declined: { tone: "danger", icon: Ban },
  withdrawn: { tone: "neutral", icon: Undo2 },
  expired: { tone: "neutral", icon: Ban },
};

const JOB_LOOK: Record<JobStatus, { tone: Tone; icon: LucideIcon }> = {
  accepted: { tone: "warning", icon: Hammer },
  completed: { tone: "success", icon: CheckCircle2 },
  cancelled: { tone: "danger", icon: Ban },
};

const badgeClass = "inline-flex shrink-0 items-center gap-1 whitespace-nowrap";

/** A quote's status in words; a sent quote past its last day reads "Expired". */
export function QuoteStatusBadge({ status, expired }: { status: QuoteStatus; expired: boolean }) {
  const t = useT();
  const shown = expired ? "expired" : status;
  const { tone, icon: Icon } = QUOTE_LOOK[shown];
  return (
    <Badge tone={tone} data-status={shown} className={badgeClass}>
      <Icon aria-hidden className="size-3.5" />
      {t(`quotes.statuses.${shown}`)}
    </Badge>
  );
}

/** A job's status in words (the colour and icon only repeat them). */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  const t = useT();
  const { tone, icon: Icon } = JOB_LOOK[status];
  return (
    <Badge tone={tone} data-status={status} className={badgeClass}>
      <Icon aria-hidden className="size-3.5" />
      {t(`quotes.jobStatuses.${status}`)}
    </Badge>
  );
}

/**
 * An amount in the viewer's display currency, with the US dollars it was quoted in beside it
 * when they differ (the quote is in dollars; the conversion is for reading only).
 */
export function QuoteAmount({ usdCents, className }: { usdCents: number; className?: string }) {
  const t = useT();
  const { currency } = useRootData();
  const usd = formatPrice(usdCents, USD);
  return (
    <span className={className}>
      <span className="font-semibold text-ink tabular-nums">{formatPrice(usdCents, currency)}</span>
      {currency.code !== USD.code && (
        <span className="ml-1 text-sm text-muted tabular-nums">
          {t("quotes.amount.usd", { amount: usd })}
        </span>
      )}
    </span>
  );
}

/** The plain-text amount for an accessible name ("Accept the quote of ₦375,000"). */
export function useAmountText(): (usdCents: number) => string {
  const { currency } = useRootData();
  return (usdCents) => formatPrice(usdCents, currency);
}
