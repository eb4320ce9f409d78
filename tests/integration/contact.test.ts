import { createServer } from "node:net";
import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, platformSettings } from "../../app/db/schema/index.ts";
import { DEFAULT_PLATFORM_SETTINGS } from "../../app/db/reference/reference-data.ts";
import { createSmtpMailer, setMailer } from "../../app/email/mailer.server.ts";
import { contactNotificationEmail } from "../../app/email/templates.ts";
import { isMessageKey } from "../../app/i18n/translate.ts";
import { AppError } from "../../app/lib/app-error.ts";
import * as contactPage from "../../app/routes/site/contact.tsx";
import { submitContactMessage } from "../../app/services/contact/contact.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { captureLog } from "../support/log-capture.ts";
import { makeUser } from "../support/factories.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
import { headerLines, headerOf, startSmtpSink, type ReceivedMail } from "../support/smtp-sink.ts";
import { startTestApp, TEST_ADMIN_EMAIL, waitForMail, type TestApp } from "../support/test-app.ts";

const VALID = {
  name: "  Kwame Asante ",
  email: "Kwame.Asante@Example.COM",
  reason: "listing",
  subject: "Question about a flat in East Legon",
  message: "Is the two-bedroom flat still available from March?\nWe would move in with a baby.",
};
const SENDER = "kwame.asante@example.com";

/** A loopback port nobody listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== "object") throw new Error("no port");
  return address.port;
}

describe(`contact messages on ${testEngine}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    // One sender writes many times here; the limits themselves are tested in rate-limits.test.ts.
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await app.handle.db.delete(contactMessages);
    app.sink.messages.splice(0);
    setMailer(createSmtpMailer(app.sink.url, app.config.mailFrom));
  });

  async function storedCount(): Promise<number> {
    const [row] = await app.handle.db.select({ n: count() }).from(contactMessages);
    return row?.n ?? 0;
  }

  async function rejection(data: unknown): Promise<AppError> {
    const error: unknown = await submitContactMessage({ data }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  /** The /contact form's action, from a fresh address so the rate limit stays out of the way. */
  const send = (form: Record<string, string>, jar?: Parameters<TestApp["action"]>[3]) =>
    app.action(contactPage, "/contact", form, jar, app.nextIp());

  describe("submitContactMessage", () => {
    it("stores a valid message, trimmed and with the e-mail lower-cased", async () => {
      const { id } = await submitContactMessage({ data: VALID });
      expect(id).toEqual(expect.any(Number));
      const rows = await app.handle.db.select().from(contactMessages);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id,
        name: "Kwame Asante",
        email: SENDER,
        reason: "listing",
        subject: VALID.subject,
        message: VALID.message,
        userId: null,
        readAt: null,
      });
    });

    it("defaults the reason to general", async () => {
      const { reason: _reason, ...withoutReason } = VALID;
      await submitContactMessage({ data: withoutReason });
      const [row] = await app.handle.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.id));
      expect(row?.reason).toBe("general");
    });

    it("rejects an empty form with one i18n key per field and stores and sends nothing", async () => {
      const error = await rejection({ name: "", email: "", subject: "", message: "" });
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.status).toBe(400);
      expect(error.message).toBe("contact.errors.missingFields");
      expect(error.fieldErrors).toEqual({
        name: "contact.errors.name",
        email: "contact.errors.email",
        subject: "contact.errors.subject",
        message: "contact.errors.message",
      });
      expect(await storedCount()).toBe(0);
      expect(app.sink.messages).toHaveLength(0);
    });

    it("rejects absent fields, blanks, a bad e-mail and an unknown reason", async () => {
      const error = await rejection({ name: "   ", email: "not-an-email", reason: "spam" });
      expect(error.fieldErrors).toEqual({
        name: "contact.errors.name",
        email: "contact.errors.email",
        reason: "contact.errors.reason",
        subject: "contact.errors.subject",
        message: "contact.errors.message",
      });
      expect(await storedCount()).toBe(0);
    });

    it("rejects over-long fields", async () => {
      const error = await rejection({
        ...VALID,
        name: "n".repeat(121),
        subject: "s".repeat(201),
        message: "m".repeat(5001),
      });
      expect(error.fieldErrors).toEqual({
        name: "contact.errors.nameTooLong",
        subject: "contact.errors.subjectTooLong",
        message: "contact.errors.messageTooLong",
      });
      expect(await storedCount()).toBe(0);
    });

    it("uses only messages that exist in the English catalogue", async () => {
      const error = await rejection({
        name: "n".repeat(121),
        email: "x",
        reason: "?",
        subject: "",
        message: "",
      });
      for (const key of [error.message, ...Object.values(error.fieldErrors ?? {})]) {
        expect(isMessageKey(key), key).toBe(true);
      }
    });
  });

  describe("the e-mails", () => {
    it("sends the team one e-mail that replies to the sender, and the sender one acknowledgement", async () => {
      const result = await send(VALID);
      expect(location(result)).toBe("/contact");
      expect(toastOf(result)).toEqual({
        title: "contact.sent.title",
        description: "contact.sent.description",
      });
      const [stored] = await app.handle.db.select().from(contactMessages);
      if (!stored) throw new Error("the message was not stored");

      const team = await waitForMail(app, TEST_ADMIN_EMAIL);
      expect(headerOf(team, "Subject")).toBe(
        "Contact form (Listing Question): Question about a flat in East Legon",
      );
      expect(headerOf(team, "Reply-To")).toBe(`Kwame Asante <${SENDER}>`);
      expect(headerOf(team, "From")).toBe(app.config.mailFrom);
      expect(team.body).toContain(`A new message (#${stored.id}) came in`);
      expect(team.body).toContain(`From: Kwame Asante <${SENDER}>`);
      expect(team.body).toContain("We would move in with a baby.");
      expect(team.body).toContain("Sent by a visitor who was not signed in.");

      const acknowledgement = await waitForMail(app, SENDER);
      expect(headerOf(acknowledgement, "Subject")).toBe("We have received your message");
      expect(acknowledgement.body).toContain(`reference #${stored.id}, Listing Question`);
      // Nothing the sender typed goes back out: the form must not relay text to any address.
      expect(acknowledgement.body).not.toContain("East Legon");
      expect(acknowledgement.body).not.toContain("Kwame");

      expect(app.sink.messages.map((m) => m.to)).toEqual([[TEST_ADMIN_EMAIL], [SENDER]]);
    });

    it("does the same for POST /api/v1/contact-messages, and says what was delivered", async () => {
      const res = await apiV1.request("/contact-messages", {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-gateway-client-ip": app.nextIp() },
        body: JSON.stringify(VALID),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { id: number };
      expect(body).toEqual({ id: expect.any(Number), teamNotified: true, acknowledged: true });
      const team = await waitForMail(app, TEST_ADMIN_EMAIL);
      expect(headerOf(team, "Reply-To")).toBe(`Kwame Asante <${SENDER}>`);
      expect(team.body).toContain(`(#${body.id})`);
      expect((await waitForMail(app, SENDER)).body).toContain(`reference #${body.id}`);
      expect(app.sink.messages).toHaveLength(2);
    });

    it("goes to the notification address an administrator has set, else to ADMIN_EMAIL", async () => {
      // The seeded placeholder is nobody's inbox: it must not swallow the team's mail.
      const [seeded] = await app.handle.db.select().from(platformSettings);
      expect(seeded?.notificationEmail).toBe(DEFAULT_PLATFORM_SETTINGS.notificationEmail);

      await app.handle.db
        .update(platformSettings)
        .set({ notificationEmail: "team@gateway.example" })
        .where(eq(platformSettings.id, 1));
      try {
        await send(VALID);
        await waitForMail(app, "team@gateway.example");
        expect(app.sink.to(TEST_ADMIN_EMAIL)).toHaveLength(0);
        expect(app.sink.to(DEFAULT_PLATFORM_SETTINGS.notificationEmail)).toHaveLength(0);
      } finally {
        await app.handle.db
          .update(platformSettings)
          .set({ notificationEmail: DEFAULT_PLATFORM_SETTINGS.notificationEmail })
          .where(eq(platformSettings.id, 1));
      }
    });

    it("names the account a signed-in person wrote from", async () => {
      const agent = await makeUser({ role: "agent", email: "ama.agent@example.com" });
      await send(
        {
          name: "Ama Mensah",
          email: agent.email,
          reason: "partnership",
          subject: "Upgrade to the Premium plan",
          message: "I would like to upgrade my account to the Premium plan.",
        },
        agent.jar,
      );
      const team = await waitForMail(app, TEST_ADMIN_EMAIL);
      expect(headerOf(team, "Subject")).toBe(
        "Contact form (Partnership & Business): Upgrade to the Premium plan",
      );
      expect(team.body).toContain("Sent while signed in as ama.agent@example.com (Agent).");
      const [stored] = await app.handle.db.select().from(contactMessages);
      expect(stored?.userId).toBe(agent.viewer.id);
    });

    it("keeps the message and says so, without a 500, when the mail server is down", async () => {
      const log = captureLog("error");
      setMailer(createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, app.config.mailFrom));
      const result = await send(VALID);
      expect(location(result)).toBe("/contact");
      expect(toastOf(result)).toEqual({
        title: "contact.saved.title",
        description: "contact.saved.description",
        params: { phone: DEFAULT_PLATFORM_SETTINGS.supportPhone },
        duration: 10_000,
      });
      expect(await storedCount()).toBe(1);
      expect(log.lines().map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/^Contact message #\d+ stored, but the team was not e-mailed:/),
      );

      const res = await apiV1.request("/contact-messages", {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-gateway-client-ip": app.nextIp() },
        body: JSON.stringify(VALID),
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ teamNotified: false, acknowledged: false });
      expect(await storedCount()).toBe(2);
    });

    it("tells the sender when their address refused the acknowledgement", async () => {
      const log = captureLog("error");
      const strict = await startSmtpSink({ reject: [SENDER] });
      try {
        setMailer(createSmtpMailer(strict.url, app.config.mailFrom));
        const result = await send(VALID);
        expect(toastOf(result)).toEqual({
          title: "contact.sent.title",
          description: "contact.sent.noAcknowledgement",
          params: { email: SENDER },
          duration: 8000,
        });
        expect(strict.to(TEST_ADMIN_EMAIL)).toHaveLength(1);
        expect(strict.to(SENDER)).toHaveLength(0);
        expect(await storedCount()).toBe(1);
        expect(log.lines().map((line) => line.msg)).toContainEqual(
          expect.stringMatching(/the acknowledgement was not sent/),
        );
      } finally {
        await strict.close();
      }
    });
  });

  describe("header injection", () => {
    const INJECTED = "victim@example.com";
    const noInjectedHeaders = (mail: ReceivedMail) => {
      const lines = headerLines(mail);
      expect(lines.filter((l) => /^bcc:/i.test(l))).toEqual([]);
      expect(lines.filter((l) => /^cc:/i.test(l))).toEqual([]);
      expect(lines.filter((l) => /^subject:/i.test(l))).toHaveLength(1);
    };

    it("keeps line breaks in a name or subject out of the headers", async () => {
      await send({
        ...VALID,
        name: `Eve\r\nBcc: ${INJECTED}`,
        subject: `Hello\r\nBcc: ${INJECTED}\r\nSubject: Win a prize`,
      });
      const team = await waitForMail(app, TEST_ADMIN_EMAIL);
      await waitForMail(app, SENDER);
      noInjectedHeaders(team);
      expect(headerOf(team, "Subject")).toBe(
        `Contact form (Listing Question): Hello Bcc: ${INJECTED} Subject: Win a prize`,
      );
      expect(headerOf(team, "Reply-To")).toBe(`"Eve Bcc: ${INJECTED}" <${SENDER}>`);
      expect(app.sink.to(INJECTED)).toHaveLength(0);
      const [stored] = await app.handle.db.select().from(contactMessages);
      expect(stored?.name).toBe(`Eve Bcc: ${INJECTED}`);
    });

    it("holds in the e-mail itself too, whatever reaches it", async () => {
      const mail = contactNotificationEmail(TEST_ADMIN_EMAIL, {
        id: 1,
        name: `Eve\r\nBcc: ${INJECTED}`,
        email: SENDER,
        reason: "general",
        subject: `Hi\nBcc: ${INJECTED}`,
        message: "Hello",
        account: null,
      });
      await createSmtpMailer(app.sink.url, app.config.mailFrom).send(mail);
      const received = await waitForMail(app, TEST_ADMIN_EMAIL);
      noInjectedHeaders(received);
      expect(received.to).toEqual([TEST_ADMIN_EMAIL]);
      expect(app.sink.to(INJECTED)).toHaveLength(0);
    });
  });

  describe("the /contact page action", () => {
    it("answers 400 with the field errors and the submitted values, storing and sending nothing", async () => {
      const result = await send({
        name: "Kwame",
        email: "",
        reason: "general",
        subject: "",
        message: "",
      });
      expect(result).not.toBeInstanceOf(Response);
      const { data, init } = result as unknown as {
        data: { fieldErrors: Record<string, string>; values: Record<string, string> };
        init: { status: number };
      };
      expect(init.status).toBe(400);
      expect(data.fieldErrors).toEqual({
        email: "contact.errors.email",
        subject: "contact.errors.subject",
        message: "contact.errors.message",
      });
      expect(data.values).toEqual({
        name: "Kwame",
        email: "",
        reason: "general",
        subject: "",
        message: "",
      });
      expect(await storedCount()).toBe(0);
      expect(app.sink.messages).toHaveLength(0);
    });
  });
});
