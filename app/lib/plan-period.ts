/**
 * A premium plan's period: it lasts whole calendar months from its start, in UTC. A start on a
 * day the last month lacks (31 January plus one month) ends on that month's last day.
 */
export function addMonths(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which reminder a plan ending at `endsAt` is due at `now`: a week before, a day before, or none. */
export function reminderDue(endsAt: Date, now: Date): "week" | "day" | null {
  const left = endsAt.getTime() - now.getTime();
  if (left <= 0 || left > 7 * DAY_MS) return null;
  return left <= DAY_MS ? "day" : "week";
}
