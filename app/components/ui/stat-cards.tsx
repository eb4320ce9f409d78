import { cn } from "../../lib/cn.ts";
import { formatCountPlus } from "../../lib/format-count.ts";
import { cardVariants } from "./card.tsx";

/** Figures in cards, label under value: a dashboard's totals. */
export function StatCards({
  cards,
  className,
  exact = false,
}: {
  cards: { label: string; value: number }[];
  className: string;
  /** Every digit (figures a report repeats) rather than a rounded "170+". */
  exact?: boolean;
}) {
  return (
    <dl className={className}>
      {cards.map((card) => (
        <div
          key={card.label}
          className={cn(cardVariants({ elevated: false }), "flex flex-col-reverse p-4")}
        >
          <dt className="text-sm text-muted">{card.label}</dt>
          <dd className="text-2xl font-bold text-ink tabular-nums">
            {exact ? card.value.toLocaleString("en") : formatCountPlus(card.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
