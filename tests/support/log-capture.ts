import { setLogLevel, setLogSink, type LogLevel } from "../../app/lib/logger.server.ts";

/** A parsed log line. */
export type LogLine = Record<string, unknown> & { level: string; msg?: string };

let captured: LogLine[] | undefined;
let expectingErrors = false;

/**
 * Installed for every test (tests/support/fail-on-console-error.ts): the logger's lines are kept
 * instead of written, and an error line fails the test, as console.error does, unless the test
 * called captureLog to look at its lines itself.
 */
export function installLogCheck(): { errors: () => string[] } {
  captured = [];
  expectingErrors = false;
  setLogLevel("warn");
  setLogSink((line) => captured?.push(JSON.parse(line) as LogLine));
  return {
    errors: () =>
      expectingErrors
        ? []
        : (captured ?? [])
            .filter((line) => line.level === "error" || line.level === "fatal")
            .map((line) => JSON.stringify(line)),
  };
}

export function removeLogCheck(): void {
  captured = undefined;
  setLogSink(undefined);
  setLogLevel("warn");
}

/**
 * The lines this test logs from now on, at `level` and above (the raw text too, for searching it
 * for secrets); error lines no longer fail the test.
 */
export function captureLog(level: LogLevel = "info") {
  expectingErrors = true;
  const start = captured?.length ?? 0;
  const raw: string[] = [];
  setLogLevel(level);
  setLogSink((line) => {
    raw.push(line);
    captured?.push(JSON.parse(line) as LogLine);
  });
  return {
    lines: () => (captured ?? []).slice(start),
    text: () => raw.join(""),
  };
}
