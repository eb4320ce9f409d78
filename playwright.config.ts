import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium.ts";
import { embeddedOnlyFiles } from "./tests/e2e/support/embedded-only.ts";

const PORT = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://localhost:${PORT}`;

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  // On PostgreSQL (DATABASE_URL set), the specs that write nothing to the server's database run
  // no second time: tests/e2e/support/embedded-only.ts says why, and checks each of them.
  testIgnore: process.env.DATABASE_URL ? embeddedOnlyFiles : [],
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    // The built production server on a fresh embedded database (or DATABASE_URL when set).
    command: "node tests/e2e/support/start-server.ts",
    url: `${baseURL}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(PORT), APP_URL: baseURL },
  },
});
