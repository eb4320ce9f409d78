import { cn } from "../../lib/cn.ts";

/** A country flag served by the app itself (flag-icons SVGs), decorative next to its name. */
export function Flag({
  countryCode,
  className,
}: {
  countryCode: string | null;
  className?: string;
}) {
  if (!countryCode)
    return (
      <span
        aria-hidden
        className={cn("inline-block h-3.5 w-5 rounded-sm bg-surface-strong", className)}
      />
    );
  return (
    <img
      src={`/flags/${countryCode.toLowerCase()}.svg`}
      alt=""
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      className={cn(
        "inline-block h-[15px] w-5 shrink-0 rounded-[2px] object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.08)]",
        className,
      )}
    />
  );
}
