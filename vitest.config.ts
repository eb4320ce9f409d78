import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const TESTS = ["app/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"];

/**
 * Files that must not share the machine with another test file, and why. They run one at a
 * time after the parallel files are done; every other file (new ones too) runs in parallel,
 * each on its own database (in-memory PGlite, or its worker's PostgreSQL database).
 */
const SERIAL: Record<string, string> = {
  "tests/integration/ical-import.test.ts":
    "asserts health answers within 200 ms while a large import runs",
  "tests/integration/database-outage.test.ts":
    "cuts its database off through a TCP proxy, points process.env.DATABASE_URL at it, and bounds recovery time",
  "tests/integration/backup-restore.test.ts":
    "drops and re-creates a second database beside its own (`<db>_restore`) with FORCE, and runs pg_dump / pg_restore child processes",
  "tests/integration/database-lock.test.ts":
    "spawns servers and `npm run seed` that race for a data directory lock, within process time limits",
  "tests/integration/rate-limits.test.ts":
    "races concurrent attempts over two app instances on one PostgreSQL database, against real-time windows",
  "tests/integration/seed.test.ts":
    "asserts the demo seed, CPU-bound image generation included, finishes within 60 s",
  "tests/unit/payments-sandbox.test.ts": "asserts the sandbox stops retrying within 1000 ms",
  "tests/unit/ical-parse.test.ts":
    "asserts linear-time parsing within 5 s and the parse worker's time and memory limits",
  "tests/unit/public-fetch.test.ts":
    "asserts a silent server is given up on (300 ms limit) within 2 s",
};

for (const file of Object.keys(SERIAL)) {
  // A renamed file would silently fall back to the parallel project.
  if (!existsSync(file)) throw new Error(`vitest.config.ts lists ${file} as serial: not found`);
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The integration tests wait on the database as much as they compute: one worker per core,
    // and two on a two-core machine (vitest's default would leave one core idle).
    maxWorkers: Math.max(2, availableParallelism()),
    setupFiles: [
      "tests/support/worker-database.ts",
      "tests/support/fail-on-console-error.ts",
      "tests/support/assemble-services.ts",
    ],
    projects: [
      {
        extends: true,
        test: {
          name: "parallel",
          include: TESTS,
          exclude: [...configDefaults.exclude, ...Object.keys(SERIAL)],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "serial",
          include: Object.keys(SERIAL),
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
