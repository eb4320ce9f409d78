import { Icon } from "../ui/icon.tsx";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";

/**
 * The agency badge of a listing published under an agency whose plan grants it: the agency's
 * name, marked verified once its business is, and pending until then (issue 27, point 4).
 */
export function AgencyBadge({
  badge,
  className,
  withName = true,
}: {
  badge: ListingSummary["agencyBadge"];
  className?: string;
  /** False where the agency's name is already the heading (its own page). */
  withName?: boolean;
}) {
  const t = useT();
  if (!badge) return null;
  return (
    // Sized by its container, not its text: a long agency name would otherwise widen the card
    // past a phone's screen. The line wraps rather than being cut short, so "pending" is never
    // hidden and an unverified agency never reads as a verified one.
    <p
      data-testid="agency-badge"
      className={cn(
        "flex items-start gap-1 text-sm font-medium contain-inline-size",
        badge.verified ? "text-primary-strong" : "text-muted",
        className,
      )}
    >
      <Icon
        name="check"
        className={cn("mt-0.5 size-3.5 shrink-0", !badge.verified && "opacity-50")}
      />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {withName
          ? t(badge.verified ? "listing.card.agencyVerified" : "listing.card.agencyPending", {
              agency: badge.agency,
            })
          : t(badge.verified ? "listing.card.verifiedAgency" : "listing.card.pendingAgency")}
      </span>
    </p>
  );
}
