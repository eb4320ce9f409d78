import { completeStays, expireRequests } from "./booking-sweeps.server.ts";
import { refreshDueFeeds } from "./ical.server.ts";

/**
 * The bookings' scheduled work: requests past their 24 hours expire, stays past check-out
 * complete, imported calendars are read again. Each run asks the database what is due, so a
 * restart loses nothing: what fell due while the server was down is done on the first run
 * (app/services/scheduled-jobs.server.ts runs them every minute).
 */

export async function runBookingJobs(now = new Date()) {
  const expired = await expireRequests(now);
  const completed = await completeStays(now);
  const feeds = await refreshDueFeeds(now);
  return { expired, completed, feeds };
}
