import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { DEMO_PEOPLE } from "../../app/lib/demo-people.ts";
import { E2E } from "./support/e2e-env.ts";

/**
 * A newcomer's first minute: `npm start` on a fresh machine (no NODE_ENV: development, demo data,
 * no mail server), then one click per role on the sign-in dialog's demo accounts. The shared test
 * server runs in production, where demo sign-in does not exist (the integration test proves
 * that), so this spec starts the built server as a newcomer does, on its own port and data.
 */

const port = E2E.sparePort;
const baseUrl = `http://localhost:${port}`;
let dataDir = "";
let server: ChildProcess | undefined;
let output = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A fresh database loads the whole demo catalogue first, on a machine that may be busy.
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "demo-sign-in-"));
  const { NODE_ENV: _unset, APP_URL: _appUrl, SMTP_URL: _smtp, ...inherited } = process.env;
  server = spawn(process.execPath, ["server.ts"], {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 230_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server was not healthy in time:\n${output}`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const person of DEMO_PEOPLE) {
  test(`signs in as the demo ${person.key} with one click and lands on their dashboard`, async ({
    page,
  }) => {
    const signInPage = person.key === "admin" ? "/admin-login" : "/?auth=login";
    await page.goto(`${baseUrl}${signInPage}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const panel = page.getByRole("region", { name: "Demo accounts" });
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: new RegExp(`^Sign in as ${person.name} \\(`) }).click();
    await page.waitForURL(`${baseUrl}/dashboard/overview`);
    const welcome = page.getByRole("heading", { level: 1 });
    await expect(welcome).toHaveText(
      person.userId ? `Welcome back, ${person.name}!` : /^Welcome back, .+!$/,
    );
  });
}

test("the sign-up e-mail is readable at /dev/outbox on this machine", async ({ page }) => {
  const response = await page.goto(`${baseUrl}/dev/outbox`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Development outbox" })).toBeVisible();
});
