import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer, setMailer } from "../../app/email/mailer.server.ts";
import { loggablePath } from "../../server/request-log.ts";
import { signUpAndConfirm } from "../support/accounts.ts";
import { testEngine } from "../support/database.ts";
import { captureLog, type LogLine } from "../support/log-capture.ts";
import { createServerApp } from "../support/server-app.ts";
import { CookieJar, startTestApp, type TestApp } from "../support/test-app.ts";

const PASSWORD = "correct-horse-battery";

describe(`structured request logs on ${testEngine}`, () => {
  let app: TestApp;
  let send: Awaited<ReturnType<typeof createServerApp>>;

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const requestLines = (lines: LogLine[]) => lines.filter((line) => line.msg === "request");

  it("logs one JSON line per request with its id, which the X-Request-Id header repeats", async () => {
    const log = captureLog("info");
    const response = await send("/api/v1/health?verbose=1");
    expect(response.status).toBe(200);
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(/^[\w-]{8,}$/);
    const [line, ...more] = requestLines(log.lines());
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: "info",
      requestId: id,
      method: "GET",
      path: "/api/v1/health?verbose=1",
      status: 200,
    });
    expect(line?.durationMs).toEqual(expect.any(Number));
    expect(typeof line?.time).toBe("string");
  });

  it("gives every line logged while serving a request that request's id", async () => {
    const log = captureLog("info");
    // A mail server that refuses connections: the contact endpoint logs the failed e-mails.
    setMailer(createSmtpMailer("smtp://127.0.0.1:9", app.config.mailFrom));
    const response = await send("/api/v1/contact-messages", {
      json: { name: "Kofi", email: "kofi@example.test", subject: "Hi", message: "Hello there" },
      ip: app.nextIp(),
    });
    expect(response.status).toBe(201);
    const id = response.headers.get("X-Request-Id");
    const failures = log.lines().filter((line) => line.level === "error");
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures) expect(line.requestId).toBe(id);
    expect(requestLines(log.lines()).map((line) => line.requestId)).toEqual([id]);
    setMailer(createSmtpMailer(app.sink.url, app.config.mailFrom));
  });

  it("never writes a password, a session cookie or a sign-in token into the log", async () => {
    const email = "ama.logs@example.com";
    await signUpAndConfirm(app, { email, password: PASSWORD });
    const log = captureLog("trace");
    const jar = new CookieJar();
    const signIn = await send("/api/auth/sign-in/email", {
      json: { email, password: PASSWORD },
      jar,
      ip: app.nextIp(),
    });
    expect(signIn.status).toBe(200);
    const session = signIn.headers.getSetCookie().join("; ");
    const token = /better-auth\.session_token=([^;]+)/.exec(session)?.[1];
    expect(token).toBeTruthy();
    // A signed-in page, a refused sign-in and a magic-link visit with its token in the query.
    expect((await send("/", { jar })).status).toBe(200);
    await send("/api/auth/sign-in/email", {
      json: { email, password: "wrong-password-123" },
      ip: app.nextIp(),
    });
    await send("/api/auth/magic-link/verify?token=secret-link-token-123&callbackURL=%2F");

    const text = log.text();
    expect(requestLines(log.lines()).length).toBeGreaterThanOrEqual(4);
    for (const secret of [PASSWORD, "wrong-password-123", token!, decodeURIComponent(token!)]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("secret-link-token-123");
    expect(text).toContain("token=redacted");
  });

  it("blanks the values of secret query parameters and keeps the others", () => {
    expect(loggablePath("http://x/reset?token=abc&callbackURL=%2Fdashboard")).toBe(
      "/reset?token=redacted&callbackURL=%2Fdashboard",
    );
    expect(loggablePath("http://x/callback?code=c0de&state=s7&q=hotel")).toBe(
      "/callback?code=redacted&state=redacted&q=hotel",
    );
    expect(loggablePath("http://x/listings")).toBe("/listings");
  });
});
