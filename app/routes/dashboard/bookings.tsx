import { EmptyState } from "../../components/dashboard/listing-rows.tsx";
import { useT } from "../../i18n/use-t.ts";

/** Bookings and enquiries do not exist on the platform yet: the spec's empty state. */
export default function Bookings() {
  const t = useT();
  return (
    <EmptyState
      title={t("dashboard.bookings.emptyTitle")}
      body={t("dashboard.bookings.emptyBody")}
    />
  );
}
