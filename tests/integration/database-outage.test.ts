import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTranslator } from "../../app/i18n/translate.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { captureLog } from "../support/log-capture.ts";
import { textOf } from "../support/page-handler.ts";
import { createServerApp } from "../support/server-app.ts";
import { answers, startTcpProxy } from "../support/tcp-proxy.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const CREATE_DATABASE = path.resolve(import.meta.dirname, "../support/create-database.ts");

/**
 * The PostgreSQL server to cut off: DATABASE_URL's when the suite runs on PostgreSQL; on PGlite,
 * a throw-away database on the local server when one answers (an embedded database cannot go
 * away), else the test is skipped.
 */
const configured = process.env.DATABASE_URL;
const localAnswers = configured ? true : await answers("127.0.0.1", 5432);
const reason =
  "no PostgreSQL server answers on 127.0.0.1:5432 (an embedded database cannot go away); set DATABASE_URL or start one to run it";

describe.skipIf(!localAnswers)(
  `the database going away and coming back (PostgreSQL; the suite runs on ${testEngine})`,
  () => {
    let app: TestApp;
    let send: Awaited<ReturnType<typeof createServerApp>>;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let created: string | undefined;
    let person: MadeUser;

    beforeAll(async () => {
      const upstream = new URL(configured ?? createDatabase());
      if (!configured) created = upstream.href;
      proxy = await startTcpProxy({
        host: upstream.hostname,
        port: Number(upstream.port || 5432),
      });
      const proxied = new URL(upstream);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxy.port);
      // The test app opens DATABASE_URL's database: this one, through the proxy.
      process.env.DATABASE_URL = proxied.href;
      try {
        app = await startTestApp();
      } finally {
        if (configured) process.env.DATABASE_URL = configured;
        else delete process.env.DATABASE_URL;
      }
      send = await createServerApp(app);
      person = await makeUser();
    });

    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      if (created) execFileSync(process.execPath, [CREATE_DATABASE, "drop", created]);
    });

    it("serves pages, the API and the health check while the database answers", async () => {
      expect((await send("/")).status).toBe(200);
      expect((await send("/api/v1/listings")).status).toBe(200);
      const health = await send("/api/v1/health");
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    });

    it("answers 503 quickly, in the site's words, while the database is away", async () => {
      const log = captureLog("warn");
      await proxy.cut();

      const started = performance.now();
      const page = await send("/");
      expect(page.status).toBe(503);
      expect(page.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(page.headers.get("Content-Type")).toMatch(/text\/html/);
      const html = await textOf(page);
      expect(html).toContain(t("layout.error.unavailableTitle"));
      expect(html).toContain(t("layout.error.unavailable"));
      expect(html).toContain(t("layout.error.home"));

      const api = await send("/api/v1/listings");
      expect(api.status).toBe(503);
      expect(api.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await api.json()).toEqual({
        error: { code: "SERVICE_UNAVAILABLE", message: t("requests.databaseUnavailable") },
      });

      const health = await send("/api/v1/health");
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", database: "unavailable" });

      // Refused connections fail at once: nothing waits for a timeout.
      expect(performance.now() - started).toBeLessThan(5_000);
      // The outage is a warning, not a bug: nothing was logged as an error.
      expect(log.lines().filter((line) => line.level === "error")).toEqual([]);
      expect(log.lines().some((line) => line.level === "warn")).toBe(true);
    });

    it("answers a signed-in visitor's page and the sign-in endpoints 503 too", async () => {
      captureLog("warn");
      const page = await send("/", {
        headers: { cookie: person.cookie },
      });
      expect(page.status).toBe(503);
      expect(await textOf(page)).toContain(t("layout.error.unavailable"));
      const session = await send("/api/auth/get-session", {
        headers: { cookie: person.cookie },
      });
      expect(session.status).toBe(503);
      const signIn = await send("/api/auth/sign-in/email", {
        json: { email: "someone@example.com", password: "secret-secret" },
      });
      expect(signIn.status).toBe(503);
    });

    it("recovers by itself once the database is back, with the same app", async () => {
      captureLog("warn");
      await proxy.restore();
      expect((await send("/api/v1/health")).status).toBe(200);
      expect((await send("/")).status).toBe(200);
      const api = await send("/api/v1/listings");
      expect(api.status).toBe(200);
      expect(api.headers.get("Retry-After")).toBeNull();
    });

    it("answers 503 within the connect timeout when the database accepts but never answers", async () => {
      captureLog("warn");
      proxy.stall();
      const started = performance.now();
      const [page, api] = await Promise.all([send("/"), send("/api/v1/listings")]);
      expect(page.status).toBe(503);
      expect(api.status).toBe(503);
      // connectionTimeoutMillis is 5 s; nothing waits for the operating system's TCP timeouts.
      expect(performance.now() - started).toBeLessThan(12_000);
      await proxy.restore();
      expect((await send("/api/v1/listings")).status).toBe(200);
    });
  },
);

if (!localAnswers) {
  describe("the database going away and coming back", () => {
    it.skip(`skipped: ${reason}`, () => undefined);
  });
}

function createDatabase(): string {
  return execFileSync(process.execPath, [CREATE_DATABASE, "create"], { encoding: "utf8" }).trim();
}
