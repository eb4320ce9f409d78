import { completeStays, expireRequests } from "./bookings.server.ts";
import { refreshDueFeeds } from "./ical.server.ts";

/**
 * The bookings' scheduled work: requests past their 24 hours expire, stays past check-out
 * complete, imported calendars are read again. Each run asks the database what is due, so a
 * restart loses nothing: what fell due while the server was down is done on the first run.
 */

const INTERVAL_MS = 60_000;

export async function runBookingJobs(now = new Date()) {
  const expired = await expireRequests(now);
  const completed = await completeStays(now);
  const feeds = await refreshDueFeeds(now);
  return { expired, completed, feeds };
}

/** Runs the jobs now and then every minute, one run at a time, until stopped. */
export function startBookingJobs(): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = runBookingJobs()
      .catch((error: unknown) =>
        console.error("Booking jobs failed; they run again in a minute.", error),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, INTERVAL_MS).unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
