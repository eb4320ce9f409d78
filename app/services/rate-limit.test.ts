import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server.ts";

describe("createRateLimiter", () => {
  it("allows max requests per window and key, then refuses until the window ends", () => {
    const limiter = createRateLimiter({ windowMs: 1000, max: 2 });
    expect([limiter.hit("a", 0), limiter.hit("a", 10), limiter.hit("a", 20)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.hit("b", 20)).toBe(true);
    expect(limiter.hit("a", 1000)).toBe(true);
  });

  // What the limiter holds shows in its answers: a key it dropped is counted afresh.
  it("stays bounded in memory: a key beyond maxKeys drops the oldest one", () => {
    const limiter = createRateLimiter({ windowMs: 1000, max: 1, maxKeys: 3 });
    for (const key of ["a", "b", "c"]) expect(limiter.hit(key, 0)).toBe(true);
    expect(limiter.hit("a", 0)).toBe(false);
    expect(limiter.hit("d", 0)).toBe(true);
    // "a" was forgotten to make room, so its window starts again.
    expect(limiter.hit("a", 0)).toBe(true);
  });

  it("drops windows that have ended before live ones", () => {
    const limiter = createRateLimiter({ windowMs: 1000, max: 1, maxKeys: 3 });
    limiter.hit("live", 0);
    limiter.hit("ended", 100);
    // A new window for "live", which stays first in line.
    expect(limiter.hit("live", 1000)).toBe(true);
    limiter.hit("other", 1100);
    // Full: "ended" (its window is over) goes, not "live", whose count is still kept.
    expect(limiter.hit("new", 1150)).toBe(true);
    expect(limiter.hit("live", 1150)).toBe(false);
  });
});
