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
    // Sized by its container, not its one-line text: a long agency name would otherwise widen
    // the card and the contact card past a phone's screen instead of being cut short.
    <p
      data-testid="agency-badge"
      className={cn(
        "flex items-center gap-1 text-sm font-medium contain-inline-size",
        badge.verified ? "text-primary-strong" : "text-muted",
        className,
      )}
    >
      <Icon name="check" className={cn("size-3.5 shrink-0", !badge.verified && "opacity-50")} />
      <span className="truncate">
        {withName
          ? t(badge.verified ? "listing.card.agencyVerified" : "listing.card.agencyPending", {
              agency: badge.agency,
            })
          : t(badge.verified ? "listing.card.verifiedAgency" : "listing.card.pendingAgency")}
      </span>
    </p>
  );
}
