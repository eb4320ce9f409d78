import { inspect } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";
import { installLogCheck, removeLogCheck } from "./log-capture.ts";

/**
 * An unexpected console.error, or a line logged at error level, fails the test; a test that
 * expects one mocks console.error, or calls captureLog, itself.
 */
let errors: unknown[][] = [];
let logCheck: ReturnType<typeof installLogCheck> | undefined;

beforeEach(() => {
  errors = [];
  logCheck = installLogCheck();
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  const logged = logCheck?.errors() ?? [];
  removeLogCheck();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((e) => e.map((v) => (typeof v === "string" ? v : inspect(v))).join(" ")).join("\n")}`,
    );
  }
  if (logged.length > 0) {
    throw new Error(`An error was logged during the test:\n${logged.join("\n")}`);
  }
});
