import { Icon } from "../ui/icon.tsx";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";

/**
 * "Verified" and "Verified business" (issue 28): shown only while the owner's identity or
 * business approval holds, never for a listing's moderation approval. One component for cards,
 * the listing page, the preview and public pages, so they all say the same thing.
 */
export function HostBadges({
  verified,
  businessVerified,
  className,
}: {
  verified: boolean;
  businessVerified: boolean;
  className?: string;
}) {
  const t = useT();
  const pill =
    "inline-flex items-center gap-1 rounded-full bg-success-tint px-2.5 py-1 text-xs font-semibold text-success-strong ring-1 ring-success-pale";
  return (
    <>
      {verified && (
        <span data-testid="host-verified" className={cn(pill, className)}>
          <Icon name="badge-check" className="size-3.5" />
          {t("listing.card.hostVerified")}
        </span>
      )}
      {businessVerified && (
        <span data-testid="host-business-verified" className={cn(pill, className)}>
          <Icon name="building-2" className="size-3.5" />
          {t("listing.card.hostBusinessVerified")}
        </span>
      )}
    </>
  );
}
