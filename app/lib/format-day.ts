/** "2026-11-24" → "Nov 24, 2026" (or "Nov 24" without the year), read as a UTC day everywhere. */
export function formatDay(day: string, { year = true }: { year?: boolean } = {}): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en", {
    month: "short",
    day: "numeric",
    ...(year ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
}
