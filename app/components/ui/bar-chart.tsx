import { cn } from "../../lib/cn.ts";

/**
 * A small bar chart in SVG, with no chart library: one bar per value on a scale from zero to a
 * round figure. The drawing is one image for assistive technology, named by `summary`; the page
 * that shows it also gives the figures as text (a table), which is what a screen reader reads.
 */

/** A round top of the scale at or above `max` whose half is a whole number: 2, 4, 6, 8, 10 × 10ⁿ. */
export function scaleTop(max: number): number {
  if (!(max > 0)) return 2;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const unit = magnitude < 1 ? 1 : magnitude;
  for (const step of [2, 4, 6, 8, 10]) {
    if (step * unit >= max) return step * unit;
  }
  return 20 * unit;
}

export function BarChart({
  summary,
  values,
  labels,
  barClassName,
  className,
}: {
  /** What the chart shows, in a sentence: its accessible name. */
  summary: string;
  values: number[];
  /** One per value (a day), shown under the first, middle and last bars and as bar tooltips. */
  labels: string[];
  barClassName: string;
  className?: string;
}) {
  const top = scaleTop(Math.max(0, ...values));
  const count = Math.max(values.length, 1);
  const ticks = [top, top / 2, 0];
  const axis = [0, Math.floor((labels.length - 1) / 2), labels.length - 1].filter(
    (i, n, all) => i >= 0 && all.indexOf(i) === n,
  );
  return (
    <div className={cn("grid grid-cols-[auto_minmax(0,1fr)] gap-x-2", className)}>
      <div
        aria-hidden
        className="flex h-36 flex-col justify-between text-right text-xs text-subtle tabular-nums"
      >
        {ticks.map((tick) => (
          <span key={tick} className="-my-2 leading-4">
            {tick.toLocaleString("en")}
          </span>
        ))}
      </div>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${count} 100`}
        preserveAspectRatio="none"
        className="h-36 w-full overflow-visible"
      >
        {[0, 50, 100].map((y) => (
          <line
            key={y}
            x1={0}
            x2={count}
            y1={y}
            y2={y}
            vectorEffect="non-scaling-stroke"
            className={y === 100 ? "stroke-line-strong" : "stroke-line-soft"}
          />
        ))}
        {values.map((value, i) => {
          const height = (value / top) * 100;
          return (
            <rect
              key={labels[i] ?? i}
              x={i + 0.15}
              width={0.7}
              y={100 - height}
              height={height}
              className={barClassName}
            >
              <title>{`${labels[i] ?? ""}: ${value.toLocaleString("en")}`}</title>
            </rect>
          );
        })}
      </svg>
      <div
        aria-hidden
        className="col-start-2 mt-1 flex justify-between text-xs text-subtle tabular-nums"
      >
        {axis.map((i) => (
          <span key={i}>{labels[i]}</span>
        ))}
      </div>
    </div>
  );
}
