import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig, setConfig } from "../../app/config.server.ts";
import { createOutboxMailer, outboxNotice, setMailer } from "../../app/email/mailer.server.ts";
import { confirmationEmail } from "../../app/email/templates.ts";
import { CLIENT_IP_HEADER } from "../../app/auth/auth.server.ts";
import { isLoopbackAddress } from "../../app/lib/loopback.ts";
import * as outbox from "../../app/routes/dev/outbox.tsx";
import { captureLog } from "../support/log-capture.ts";

/** The outbox page as requested from the given address. */
function loader(address = "127.0.0.1") {
  const request = new Request("http://localhost:3000/dev/outbox", {
    headers: { [CLIENT_IP_HEADER]: address },
  });
  return outbox.loader({
    request,
    url: new URL(request.url),
    pattern: "/dev/outbox",
    params: {},
    context: undefined as never,
  });
}

describe("development outbox", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps each e-mail and lists it, newest first, with its links", async () => {
    setConfig(parseConfig({ DATA_DIR: dir, DEV_OUTBOX: "true" }));
    setMailer(createOutboxMailer(dir));
    const mailer = createOutboxMailer(dir);
    await mailer.send(
      confirmationEmail(
        "a@example.com",
        "Ama",
        "http://localhost:3000/api/auth/verify-email?token=one",
      ),
    );
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send(
      confirmationEmail(
        "b@example.com",
        "Bola",
        "http://localhost:3000/api/auth/verify-email?token=two",
      ),
    );
    const { messages } = await loader();
    expect(messages.map((m) => m.to)).toEqual(["b@example.com", "a@example.com"]);
    expect(messages[0]?.text).toContain("token=two");
  });

  it("is shown only to this machine, never to another on the network", async () => {
    await expect(loader("::1")).resolves.toHaveProperty("messages");
    await expect(loader("::ffff:127.0.0.1")).resolves.toHaveProperty("messages");
    await expect(loader("192.168.1.20")).rejects.toMatchObject({ init: { status: 404 } });
    await expect(loader("")).rejects.toMatchObject({ init: { status: 404 } });
    expect(isLoopbackAddress("::ffff:10.0.0.1")).toBe(false);
  });

  it("is served in development on this machine by default, and says where at start", async () => {
    // `npm start` sets no NODE_ENV: a newcomer reads the sign-up e-mail without setting anything.
    setConfig(parseConfig({ DATA_DIR: dir }));
    await expect(loader("127.0.0.1")).resolves.toHaveProperty("messages");
    await expect(loader("192.168.1.20")).rejects.toMatchObject({ init: { status: 404 } });
    expect(outboxNotice(parseConfig({ DATA_DIR: dir }))).toContain(
      "http://localhost:3000/dev/outbox",
    );
  });

  it("is not served, unless asked for, where the site is published under another name", async () => {
    // Behind a reverse proxy on this machine every request is local: the address proves nothing.
    setConfig(parseConfig({ DATA_DIR: dir, APP_URL: "https://gateway.example" }));
    await expect(loader("127.0.0.1")).rejects.toMatchObject({ init: { status: 404 } });
    setConfig(parseConfig({ DATA_DIR: dir, DEV_OUTBOX: "false" }));
    await expect(loader("127.0.0.1")).rejects.toMatchObject({ init: { status: 404 } });
    const notice = outboxNotice(parseConfig({ DATA_DIR: dir, DEV_OUTBOX: "false" }));
    expect(notice).toContain("DEV_OUTBOX=true");
    expect(notice).toContain(path.join(dir, "outbox"));
  });

  it("never logs a message's links", async () => {
    const log = captureLog("info");
    await createOutboxMailer(dir).send(
      confirmationEmail(
        "c@example.com",
        "Chidi",
        "http://localhost:3000/api/auth/verify-email?token=secret-three",
      ),
    );
    expect(log.text()).toContain("c@example.com");
    expect(log.text()).not.toContain("secret-three");
  });

  it("does not exist in production", async () => {
    setConfig(
      parseConfig({
        DATA_DIR: dir,
        NODE_ENV: "production",
        SMTP_URL: "smtp://127.0.0.1:2525",
        PAYMENT_PROVIDER: "sandbox",
        VERIFICATION_DOCUMENT_KEY: "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
      }),
    );
    await expect(loader()).rejects.toMatchObject({ init: { status: 404 } });
  });
});
