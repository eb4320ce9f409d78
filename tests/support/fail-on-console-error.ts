import { inspect } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

/** An unexpected console.error fails the test; a test that expects one mocks console.error itself. */
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((e) => e.map((v) => (typeof v === "string" ? v : inspect(v))).join(" ")).join("\n")}`,
    );
  }
});
