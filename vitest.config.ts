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

/**
 * Integration files that run on the embedded engine only, and why: with DATABASE_URL set (the
 * PostgreSQL pass, `npm run test:db`), they run no second time. The rule: a file is listed only
 * when nothing it checks depends on the engine. Where the engines differ (the driver and its
 * pool, concurrent transactions, timeouts, connection loss) every other file runs on both.
 */
const EMBEDDED_ONLY: Record<string, string> = {
  "tests/integration/hostile-input.test.ts":
    "sends its 42,000 requests one at a time, so the pool and concurrency are never exercised; what a hostile value can reach in the database (a cast, a range check, a parse) is PostgreSQL's own code in both engines, and the permission matrix runs every page and endpoint on PostgreSQL",
};

for (const [list, files] of Object.entries({ serial: SERIAL, "embedded-only": EMBEDDED_ONLY })) {
  for (const file of Object.keys(files)) {
    // A renamed file would silently fall back to the parallel project, or run on both engines.
    if (!existsSync(file)) throw new Error(`vitest.config.ts lists ${file} as ${list}: not found`);
  }
}
const onPostgres = Boolean(process.env.DATABASE_URL);

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
          exclude: [
            ...configDefaults.exclude,
            ...Object.keys(SERIAL),
            ...(onPostgres ? Object.keys(EMBEDDED_ONLY) : []),
          ],
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
