import { AppError } from "../../lib/app-error.ts";

/**
 * Decoding and re-encoding an image takes a core and up to ~100 MB for a second or more (see
 * docs/decisions/012): this many run at once, the machine's two cores' worth.
 */
export const IMAGE_SLOTS = 2;
/** Jobs waiting for a slot; one more is refused at once, so waits and memory stay bounded. */
export const IMAGE_QUEUE = 8;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs an image job when a slot is free, in arrival order. With every slot taken and the queue
 * full the job is refused with SERVICE_UNAVAILABLE (503) and a "try again in a moment" message.
 */
export async function withImageSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running < IMAGE_SLOTS) {
    running += 1;
  } else {
    if (waiting.length >= IMAGE_QUEUE) {
      throw new AppError("SERVICE_UNAVAILABLE", "publish.errors.imageBusy", {
        images: "publish.errors.imageBusy",
      });
    }
    // The slot is handed over by the job that frees it (running stays the same).
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Jobs running and waiting now (for tests and the decision record's measurements). */
export function imageSlotUse(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
