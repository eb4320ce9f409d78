import { runBookingJobs } from "./bookings/booking-jobs.server.ts";
import { releaseHeldBookings } from "./bookings/booking-payment.server.ts";
import { sweepOrphanedListingImages } from "./listings/orphan-images.server.ts";
import { reconcilePayments } from "./payments/settle.server.ts";
import { runPlanJobs } from "./premium/plan-jobs.server.ts";
import { deleteExpiredDocuments } from "./verification/documents.server.ts";
import { pruneRateLimits } from "../auth/rate-limit.server.ts";
import { pruneExpiredPhoneCodes } from "./verification/phone.server.ts";
import { logger } from "../lib/logger.server.ts";

/**
 * The site's scheduled work, every minute: bookings (requests expire, stays complete, imported
 * calendars refresh), payments (pending ones reconciled with the provider, refunds sent again,
 * held money released 48 hours after check-in), plans (reminders, expiry), the abuse limits'
 * ended windows and expired phone codes; at start and then hourly, listing image files that a
 * crash left without a row are removed, and identity documents decided more than
 * DOCUMENT_RETENTION_DAYS ago are deleted. Each step asks the database what is due, so a restart
 * loses nothing; one failing
 * step does not stop the others.
 */

const INTERVAL_MS = 60_000;
const HOUR_MS = 60 * 60_000;

/** A step that runs on the first tick and then once `intervalMs` has passed since its last run. */
function atMostEvery(intervalMs: number, step: (now: Date) => Promise<unknown>) {
  let last = Number.NEGATIVE_INFINITY;
  return async (now: Date) => {
    if (now.getTime() - last < intervalMs) return;
    last = now.getTime();
    await step(now);
  };
}

const STEPS: [string, (now: Date) => Promise<unknown>][] = [
  ["bookings", runBookingJobs],
  ["payment reconciliation", reconcilePayments],
  ["held money release", releaseHeldBookings],
  ["plans", runPlanJobs],
  ["rate-limit pruning", pruneRateLimits],
  ["expired phone code pruning", pruneExpiredPhoneCodes],
  ["orphaned image sweep", atMostEvery(HOUR_MS, (now) => sweepOrphanedListingImages({ now }))],
  ["verification document deletion", atMostEvery(HOUR_MS, deleteExpiredDocuments)],
];

export async function runScheduledJobs(now = new Date()): Promise<void> {
  for (const [name, step] of STEPS) {
    await step(now).catch((error: unknown) =>
      logger.error({ err: error }, `Scheduled ${name} failed; it runs again in a minute.`),
    );
  }
}

/** Runs the jobs now and then every minute, one run at a time, until stopped. */
export function startScheduledJobs(): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = runScheduledJobs().finally(() => {
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
