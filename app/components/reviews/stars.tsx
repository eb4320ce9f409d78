import { useT } from "../../i18n/use-t.ts";
import { MAX_RATING } from "../../lib/conversation-values.ts";
import { cn } from "../../lib/cn.ts";
import { Icon } from "../ui/icon.tsx";

const SLOTS = Array.from({ length: MAX_RATING }, (_, i) => i);

/**
 * A rating drawn as five stars, the gold ones cut to the exact average (4.3 fills four and a
 * third), with the rating in words for screen readers ("4.3 out of 5").
 */
export function Stars({
  rating,
  label,
  className,
}: {
  rating: string | number;
  /** The words read instead of the stars; "{rating} out of 5" unless given. */
  label?: string;
  className?: string;
}) {
  const t = useT();
  const value = Math.min(Math.max(Number(rating), 0), MAX_RATING);
  return (
    <span className={cn("relative inline-flex shrink-0", className)}>
      <span className="sr-only">{label ?? t("reviews.section.average", { rating })}</span>
      <span aria-hidden className="flex text-line-strong">
        {SLOTS.map((slot) => (
          <Icon key={slot} name="star" className="size-[1em]" />
        ))}
      </span>
      <span
        aria-hidden
        className="absolute inset-y-0 left-0 flex overflow-hidden text-accent-bright"
        style={{ width: `${(value / MAX_RATING) * 100}%` }}
      >
        {SLOTS.map((slot) => (
          <Icon key={slot} name="star" className="size-[1em] shrink-0 fill-current" />
        ))}
      </span>
    </span>
  );
}
