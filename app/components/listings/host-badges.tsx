import { Icon } from "../ui/icon.tsx";
import { useT } from "../../i18n/use-t.ts";

const pill =
  "inline-flex items-center gap-1 rounded-full bg-success-tint px-2.5 py-1 text-xs font-semibold text-success-strong shadow-sm";

/**
 * "Verified" and "Verified business" (issue 28): shown only while the owner's identity or
 * business approval holds, never for a listing's moderation approval. One component for cards,
 * the listing page, the preview and public pages, so they all say the same thing. Kept small:
 * it ships with the listing page, whose script budget is nearly spent.
 */
export function HostBadges({
  verified,
  businessVerified,
}: {
  verified: boolean;
  businessVerified: boolean;
}) {
  const t = useT();
  return (["hostVerified", "hostBusinessVerified"] as const).map(
    (key, business) =>
      (business ? businessVerified : verified) && (
        <span key={key} className={pill}>
          <Icon name={business ? "building-2" : "badge-check"} className="size-3.5" />
          {t(`listing.card.${key}`)}
        </span>
      ),
  );
}
