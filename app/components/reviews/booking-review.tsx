import { Check } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { Badge } from "../ui/badge.tsx";
import { buttonVariants } from "../ui/button.tsx";
import { ReviewForm } from "./review-form.tsx";

/**
 * A completed stay's review in the guest's Bookings tab: "Write a review", which unfolds the
 * form (a disclosure, so it opens without JavaScript), or "Reviewed" once it is written.
 */
export function BookingReview({
  booking,
  reviewable,
  redirectTo,
}: {
  booking: { id: number; listingTitle: string };
  /** Whether the stay still awaits its review; false once written. */
  reviewable: boolean;
  redirectTo: string;
}) {
  const t = useT();
  if (!reviewable) {
    return (
      <Badge tone="success" className="inline-flex items-center gap-1 self-center">
        <Check aria-hidden className="size-3.5" />
        {t("reviews.bookings.reviewed")}
      </Badge>
    );
  }
  return (
    <details className="group open:w-full">
      <summary
        aria-label={t("reviews.bookings.writeLabel", { title: booking.listingTitle })}
        className={cn(
          buttonVariants({ variant: "primary", size: "sm" }),
          "w-fit cursor-pointer list-none group-open:mb-3 [&::-webkit-details-marker]:hidden",
        )}
      >
        {t("reviews.bookings.write")}
      </summary>
      <div className="rounded-xl border border-line bg-canvas p-4">
        <ReviewForm bookingId={booking.id} redirectTo={redirectTo} />
      </div>
    </details>
  );
}
