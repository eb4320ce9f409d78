import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium.ts";
import { E2E, E2E_WORKERS, serverPort } from "./tests/e2e/support/e2e-env.ts";
import { embeddedOnlyFiles } from "./tests/e2e/support/embedded-only.ts";

// Loaded by the runner and again by each worker: in a worker, E2E names that worker's server.
const baseURL = E2E.baseUrl;

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  // On PostgreSQL (DATABASE_URL set), the specs that write nothing to the server's database run
  // no second time: tests/e2e/support/embedded-only.ts says why, and checks each of them.
  testIgnore: process.env.DATABASE_URL ? embeddedOnlyFiles : [],
  outputDir: `test-results/e2e-${E2E.port}`,
  // Spec files are shared out between the workers; a file's tests run in order on one of them.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // One retry on CI, where a slower machine can lose a race the tests did not foresee; the
  // report still names such a test as flaky, so it gets fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
  ],
  // One server per worker, each on a fresh database of its own (see start-server.ts).
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const url = `http://localhost:${serverPort(index)}`;
    return {
      // The built production server on a fresh embedded database (or beside DATABASE_URL).
      command: "node tests/e2e/support/start-server.ts",
      url: `${url}/api/v1/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      env: { E2E_PORT: String(serverPort(index)), E2E_SERVER_INDEX: String(index) },
    };
  }),
});
