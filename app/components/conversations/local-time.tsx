import { useHydrated } from "../../hooks/use-hydrated.ts";

const utc = new Intl.DateTimeFormat("en", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "UTC",
});
const local = new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * A moment as "24 Nov, 14:05": in UTC (with the zone named) as the server renders it and while
 * the page hydrates, then in the reader's own time zone, so hydration sees the server's text.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  return (
    <time dateTime={iso} className={className}>
      {hydrated ? local.format(date) : `${utc.format(date)} UTC`}
    </time>
  );
}
