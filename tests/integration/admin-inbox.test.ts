import { createServer } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, contactMessages, platformSettings } from "../../app/db/schema/index.ts";
import { createSmtpMailer, setMailer } from "../../app/email/mailer.server.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { INBOX_PAGE_SIZE, replySubject } from "../../app/lib/schemas/platform-settings.ts";
import { invalidateSiteContent } from "../../app/services/content/settings.server.ts";
import { listMessages } from "../../app/services/contact/inbox.server.ts";
import { captureLog } from "../support/log-capture.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { headerOf } from "../support/smtp-sink.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, TEST_ADMIN_EMAIL, waitForMail, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const PAGE = "/dashboard/messages";
const API = "/api/v1/admin/messages";

/** A loopback port nobody listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== "object") throw new Error("no port");
  return address.port;
}

interface Seeded {
  id: number;
  email: string;
  subject: string;
}

describe(`the contact messages' inbox on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let admin: MadeUser;
  let agent: MadeUser;
  let seeded: Seeded[];

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
    agent = await makeUser({ role: "agent" });
    await app.handle.db
      .update(platformSettings)
      .set({ supportEmail: "help@gateway-africa.test", siteName: "Gateway Africa" });
    invalidateSiteContent();
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await app.handle.db.delete(contactMessages);
    await app.handle.db.delete(auditLog);
    app.sink.messages.splice(0);
    setMailer(createSmtpMailer(app.sink.url, app.config.mailFrom));
    // Three messages a minute apart, the oldest first.
    seeded = [];
    for (const [i, who] of ["ama", "kofi", "zainab"].entries()) {
      const [row] = await app.handle.db
        .insert(contactMessages)
        .values({
          name: who[0]!.toUpperCase() + who.slice(1),
          email: `${who}@example.com`,
          reason: i === 1 ? "partnership" : "general",
          subject: `Question ${i + 1} from ${who}`,
          message: `Hello, this is ${who}.\nI have a question about listing number ${i + 1}.`,
          createdAt: new Date(Date.UTC(2026, 10, 20, 9, i)),
        })
        .returning({ id: contactMessages.id, email: contactMessages.email });
      seeded.push({ ...row!, subject: `Question ${i + 1} from ${who}` });
    }
  });

  async function row(id: number) {
    const [found] = await app.handle.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    return found!;
  }

  async function audits() {
    return app.handle.db.select().from(auditLog).orderBy(desc(auditLog.id));
  }

  async function html(path: string): Promise<string> {
    const response = await send(path, { jar: admin.jar });
    expect(response.status, path).toBe(200);
    return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&lt;", "<");
  }

  it("lists the messages newest first, unread ones marked, with a filter and pages", async () => {
    const response = await send(API, { jar: admin.jar });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      messages: { id: number; readAt: string | null; subject: string }[];
      unread: number;
      total: number;
      page: number;
      pageCount: number;
    };
    expect(body.messages.map((m) => m.id)).toEqual(seeded.map((m) => m.id).reverse());
    expect(body).toMatchObject({ unread: 3, total: 3, page: 1, pageCount: 1 });
    expect(body.messages.every((m) => m.readAt === null)).toBe(true);

    const page = await html(PAGE);
    expect(page).toContain(t("dashboard.messages.title"));
    expect(page.match(/data-unread="true"/g)).toHaveLength(3);
    const order = seeded.map((m) => page.indexOf(m.subject));
    expect(order[2]).toBeLessThan(order[1]!);
    expect(order[1]).toBeLessThan(order[0]!);

    // Opening one reads it: it is marked read and leaves the unread filter.
    const opened = await html(`${PAGE}?id=${seeded[0]!.id}`);
    expect(opened).toContain("Hello, this is ama.");
    expect(opened).toContain('value="Re: Question 1 from ama"');
    expect((await row(seeded[0]!.id)).readAt).toBeInstanceOf(Date);
    expect(opened.match(/data-unread="true"/g)).toHaveLength(2);
    const unread = await html(`${PAGE}?filter=unread`);
    expect(unread).not.toContain(seeded[0]!.subject);
    expect(unread).toContain(seeded[1]!.subject);
    const unreadApi = (await (await send(`${API}?filter=unread`, { jar: admin.jar })).json()) as {
      total: number;
      unread: number;
    };
    expect(unreadApi).toMatchObject({ total: 2, unread: 2 });

    expect((await send(`${API}?filter=spam`, { jar: admin.jar })).status).toBe(400);
    expect((await send(`${PAGE}?id=999999`, { jar: admin.jar })).status).toBe(404);
    expect(replySubject("Re: Already")).toBe("Re: Already");
  });

  it("pages through a long inbox", async () => {
    await app.handle.db.insert(contactMessages).values(
      Array.from({ length: INBOX_PAGE_SIZE }, (_, i) => ({
        name: "Bulk",
        email: "bulk@example.com",
        subject: `Bulk ${i}`,
        message: "Many messages.",
        createdAt: new Date(Date.UTC(2026, 10, 21, 10, i)),
      })),
    );
    const first = await listMessages({ actor: admin.viewer, page: 1 });
    const second = await listMessages({ actor: admin.viewer, page: 2 });
    expect(first).toMatchObject({ total: INBOX_PAGE_SIZE + 3, pageCount: 2 });
    expect(first.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(second.messages.map((m) => m.id)).toEqual(seeded.map((m) => m.id).reverse());
    const page = await html(`${PAGE}?page=2`);
    expect(page).toContain(seeded[0]!.subject);
    expect(page).not.toContain("Bulk 19");
  });

  it("marks a message read and unread from the API and the page", async () => {
    const id = seeded[1]!.id;
    const read = await send(`${API}/${id}`, {
      method: "PATCH",
      json: { read: true },
      jar: admin.jar,
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { readAt: string | null }).readAt).toEqual(expect.any(String));
    expect((await row(id)).readAt).toBeInstanceOf(Date);

    const unread = await send(`${API}/${id}`, {
      method: "PATCH",
      json: { read: false },
      jar: admin.jar,
    });
    expect(unread.status).toBe(200);
    expect((await row(id)).readAt).toBeNull();

    const bad = await send(`${API}/${id}`, {
      method: "PATCH",
      json: { read: "yes" },
      jar: admin.jar,
    });
    expect(bad.status).toBe(400);
    const missing = await send(`${API}/999999`, {
      method: "PATCH",
      json: { read: true },
      jar: admin.jar,
    });
    expect(missing.status).toBe(404);

    const marked = await send(`${PAGE}?filter=unread`, {
      form: { intent: "mark-read", id: String(id) },
      jar: admin.jar,
    });
    expect(marked.status).toBe(302);
    expect(location(marked)).toBe(`${PAGE}?filter=unread`);
    expect(toastOf(marked)).toMatchObject({ title: "dashboard.messages.markedRead" });
    expect((await row(id)).readAt).toBeInstanceOf(Date);
    const back = await send(PAGE, {
      form: { intent: "mark-unread", id: String(id) },
      jar: admin.jar,
    });
    expect(location(back)).toBe(PAGE);
    expect((await row(id)).readAt).toBeNull();
  });

  it("replies by e-mail from the API: the sender gets it, the message is marked replied, the audit log says so", async () => {
    const { id, email } = seeded[2]!;
    const response = await send(`${API}/${id}/reply`, {
      json: {
        subject: "Re: Question 3 from zainab",
        body: "Hello Zainab,\n\nYes, the listing is still available.\n\nThe Gateway Africa team",
      },
      jar: admin.jar,
    });
    expect(response.status).toBe(200);
    const answered = (await response.json()) as { repliedAt: string | null; readAt: string | null };
    expect(answered.repliedAt).toEqual(expect.any(String));
    expect(answered.readAt).toEqual(expect.any(String));

    const mail = await waitForMail(app, email);
    expect(mail.subject).toBe("Re: Question 3 from zainab");
    expect(mail.body).toContain("Yes, the listing is still available.");
    expect(mail.body).toContain(`#${id}`);
    expect(headerOf(mail, "Reply-To")).toContain("help@gateway-africa.test");
    // Nothing the sender typed travels back to the address they gave.
    expect(mail.body).not.toContain("Hello, this is zainab.");

    const stored = await row(id);
    expect(stored.repliedAt).toBeInstanceOf(Date);
    expect(stored.readAt).toBeInstanceOf(Date);
    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: "message.reply",
      targetType: "message",
      targetId: String(id),
      actorEmail: TEST_ADMIN_EMAIL,
      detail: { to: email, subject: "Re: Question 3 from zainab" },
    });
    const page = await html(`${PAGE}?id=${id}`);
    expect(page).toContain(t("dashboard.messages.repliedBadge"));
  });

  it("replies from the page's form, and keeps what was typed when the reply is refused", async () => {
    const { id, email } = seeded[0]!;
    const empty = await send(`${PAGE}?id=${id}`, {
      form: { intent: "reply", id: String(id), subject: "Re: Question 1 from ama", body: "  " },
      jar: admin.jar,
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(t("dashboard.messages.errors.bodyRequired"));
    expect((await row(id)).repliedAt).toBeNull();

    const sent = await send(`${PAGE}?id=${id}`, {
      form: {
        intent: "reply",
        id: String(id),
        subject: "Re: Question 1 from ama",
        body: "Thank you, Ama. We will call you tomorrow.",
      },
      jar: admin.jar,
    });
    expect(sent.status).toBe(302);
    expect(location(sent)).toBe(`${PAGE}?id=${id}`);
    expect(toastOf(sent)).toMatchObject({
      title: "dashboard.messages.replySent",
      params: { email },
    });
    const mail = await waitForMail(app, email);
    expect(mail.body).toContain("We will call you tomorrow.");
    expect((await row(id)).repliedAt).toBeInstanceOf(Date);
  });

  it("changes nothing when the mail server refuses the reply", async () => {
    const { id } = seeded[1]!;
    setMailer(createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, app.config.mailFrom));
    const log = captureLog("error");
    const before = await databaseSnapshot(app.handle.db);
    const response = await send(`${API}/${id}/reply`, {
      json: { subject: "Re: hi", body: "Hello" },
      jar: admin.jar,
    });
    expect(response.status).toBe(503);
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    // The page shows the message again (opened, so read), with the reply as typed.
    const page = await send(`${PAGE}?id=${id}`, {
      form: { intent: "reply", id: String(id), subject: "Re: hi", body: "Typed with care" },
      jar: admin.jar,
    });
    expect(page.status).toBe(503);
    const text = await page.text();
    expect(text).toContain(t("dashboard.messages.replyFailedDescription"));
    expect(text).toContain("Typed with care");
    expect((await row(id)).repliedAt).toBeNull();
    expect(await audits()).toEqual([]);
    expect(log.lines().filter((line) => line.level === "error")).toHaveLength(2);
  });

  it("refuses everyone but the administrator, sending and changing nothing", async () => {
    const user = await makeUser({ role: "user" });
    const before = await databaseSnapshot(app.handle.db);
    const { id } = seeded[0]!;
    for (const who of [agent, user, null]) {
      const jar = who?.jar;
      const status = who ? 403 : 401;
      expect((await send(API, { jar })).status).toBe(status);
      expect(
        (await send(`${API}/${id}`, { method: "PATCH", json: { read: true }, jar })).status,
      ).toBe(status);
      expect(
        (await send(`${API}/${id}/reply`, { json: { subject: "Re: x", body: "Hi" }, jar })).status,
      ).toBe(status);
      const page = await send(`${PAGE}?id=${id}`, { jar });
      expect(page.status).toBe(302);
      expect(location(page)).toBe(who ? "/dashboard/overview" : "/");
      const post = await send(PAGE, {
        form: { intent: "reply", id: String(id), subject: "Re: x", body: "Hi" },
        jar,
      });
      expect(post.status).toBe(302);
    }
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    expect(app.sink.messages).toEqual([]);
  });
});
