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

  it("stays bounded in memory", () => {
    const limiter = createRateLimiter({ windowMs: 1000, max: 1, maxKeys: 3 });
    for (const key of ["a", "b", "c", "d", "e"]) expect(limiter.hit(key, 0)).toBe(true);
  });
});
