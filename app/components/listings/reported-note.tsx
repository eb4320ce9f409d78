import { useT } from "../../i18n/use-t.ts";
import type { ReportReason } from "../../lib/report-reasons.ts";

/**
 * On the owner's My Listings: their listing is hidden because several people reported it, with
 * what they reported (never who) and what happens next.
 */
export function ReportedNote({ reasons }: { reasons: readonly ReportReason[] }) {
  const t = useT();
  return (
    <p className="mt-1 text-xs text-warning-strong">
      {t("publish.myListings.reportedNote", {
        reasons: reasons.map((reason) => t(`safety.reasons.${reason}`)).join(", "),
      })}
    </p>
  );
}
