import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listingLeads,
  supportChats,
  supportMessages,
  whatsappCallbacks,
} from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { unreadTotal } from "../../app/services/conversations/inbox.server.ts";
import {
  listSupportChats,
  readOwnSupportChat,
  readSupportChat,
  replyToSupportChat,
} from "../../app/services/conversations/support-chat.server.ts";
import { listReceivedWhatsappCallbacks } from "../../app/services/analytics/whatsapp-callbacks.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { createPageHandler, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const YEAR_MS = 365 * 86_400_000;

describe(`support chat on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let basic: MadeUser;
  let priority: MadeUser;
  let ended: MadeUser;
  let free: MadeUser;
  let user: MadeUser;
  let admin: MadeUser;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    [basic, priority, ended, free, user, admin] = await Promise.all([
      makeUser({ role: "agent", name: "Basil Basic" }),
      makeUser({ role: "professional", name: "Priya Priority" }),
      makeUser({ role: "agent", name: "Enoch Ended" }),
      makeUser({ role: "agent", name: "Fifi Free" }),
      makeUser({ role: "user" }),
      makeUser({ role: "admin" }),
    ]);
    // Basic sells "Basic chat support", Standard "Priority chat" (the spec's plan cards).
    await givePlan(basic.id, "basic");
    await givePlan(priority.id, "standard");
    await givePlan(ended.id, "standard", { startsAt: new Date(Date.now() - 2 * YEAR_MS) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const chatCount = async () => (await app.handle.db.select().from(supportMessages)).length;

  it("opens the chat from the dashboard for a plan with chat support, by page and API", async () => {
    const tab = await textOf(await page("/dashboard/support", { jar: basic.jar }));
    expect(tab).toContain("Chat with support");
    expect(tab).toContain("No messages yet. Tell us how we can help.");

    const sent = await page("/dashboard/support", {
      jar: basic.jar,
      form: { body: "  How do I feature a listing?  " },
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/dashboard/support");

    const api = await send("/api/v1/me/support-chat/messages", {
      jar: basic.jar,
      json: { body: "And how long does moderation take?" },
    });
    expect(api.status).toBe(201);
    expect(await api.json()).toMatchObject({
      mine: true,
      body: "And how long does moderation take?",
    });

    const chat = await send("/api/v1/me/support-chat", { jar: basic.jar });
    expect(chat.status).toBe(200);
    expect(await chat.json()).toMatchObject({
      maySend: true,
      locked: null,
      priority: false,
      messages: [
        { body: "How do I feature a listing?", mine: true },
        { body: "And how long does moderation take?", mine: true },
      ],
    });
  });

  it("refuses writing without chat support, naming the plan, and saves nothing", async () => {
    const before = await chatCount();
    const words = t("entitlements.locked.plan", {
      perk: t("entitlements.locked.perks.support.basic"),
      plan: "Basic",
    });
    const tab = await textOf(await page("/dashboard/support", { jar: free.jar }));
    expect(tab).toContain(words);
    expect(tab).toContain("See plans");
    const posted = await page("/dashboard/support", { jar: free.jar, form: { body: "Hello?" } });
    expect(posted.status).toBe(403);
    expect(await textOf(posted)).toContain(words);
    const api = await send("/api/v1/me/support-chat/messages", {
      jar: free.jar,
      json: { body: "Hello?" },
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ error: { code: "FORBIDDEN", message: words } });
    // A regular user writes through the contact form; a visitor must sign in.
    const asUser = await send("/api/v1/me/support-chat/messages", {
      jar: user.jar,
      json: { body: "Hello?" },
    });
    expect(asUser.status).toBe(403);
    expect(
      (await send("/api/v1/me/support-chat/messages", { json: { body: "Hello?" } })).status,
    ).toBe(401);
    // Nobody but the team reads the inbox.
    expect((await send("/api/v1/admin/support-chats", { jar: priority.jar })).status).toBe(403);
    expect(await chatCount()).toBe(before);
  });

  it("answers bad input with a clear message and saves nothing", async () => {
    const before = await chatCount();
    const empty = await send("/api/v1/me/support-chat/messages", {
      jar: basic.jar,
      json: { body: "   " },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", fields: { body: t("conversations.errors.body") } },
    });
    const long = await page("/dashboard/support", {
      jar: basic.jar,
      form: { body: "x".repeat(4001) },
    });
    expect(long.status).toBe(400);
    expect(await chatCount()).toBe(before);
  });

  it("puts priority chats first in the team's inbox, with the time waiting", async () => {
    // The basic agent has waited 90 minutes; the priority professional writes only now.
    const [basicChat] = await app.handle.db
      .select()
      .from(supportChats)
      .where(eq(supportChats.userId, basic.id));
    await app.handle.db
      .update(supportMessages)
      .set({ createdAt: new Date(Date.now() - 90 * 60_000) })
      .where(eq(supportMessages.chatId, basicChat!.id));
    const sent = await send("/api/v1/me/support-chat/messages", {
      jar: priority.jar,
      json: { body: "My payment shows twice." },
    });
    expect(sent.status).toBe(201);

    const inbox = await listSupportChats(admin.viewer);
    expect(inbox.chats.map((c) => [c.user.name, c.priority])).toEqual([
      ["Priya Priority", true],
      ["Basil Basic", false],
    ]);
    expect(inbox.chats[0]!.waitingMinutes).toBe(0);
    expect(inbox.chats[1]!.waitingMinutes).toBeGreaterThanOrEqual(90);
    expect(inbox.chats[1]!.unread).toBe(2);

    const tab = await textOf(await page("/dashboard/support-inbox", { jar: admin.jar }));
    expect(tab.indexOf("Priya Priority")).toBeLessThan(tab.indexOf("Basil Basic"));
    expect(tab).toContain("Priority");
    expect(tab).toContain("Waiting 1 hour");

    const api = await send("/api/v1/admin/support-chats", { jar: admin.jar });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ chats: [{ priority: true }, { priority: false }] });
    expect((await readOwnSupportChat(priority.viewer)).priority).toBe(true);
  });

  it("lets the team reply from its inbox, and the account reads it in its messages", async () => {
    const [chat] = await app.handle.db
      .select()
      .from(supportChats)
      .where(eq(supportChats.userId, basic.id));
    const reply = await page(`/dashboard/support-inbox?id=${chat!.id}`, {
      jar: admin.jar,
      form: { body: "Open My Listings and choose Feature." },
    });
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toBe(`/dashboard/support-inbox?id=${chat!.id}`);
    const told = await waitForMail(app, basic.email);
    expect(told.subject).toBe(t("conversations.support.mail.subject"));
    expect(told.body).toContain("Open My Listings and choose Feature.");
    expect(told.body).toContain("/dashboard/support");

    const thread = await readSupportChat(admin.viewer, chat!.id);
    expect(thread.waitingMinutes).toBeNull();
    expect(thread.messages.at(-1)).toMatchObject({
      mine: true,
      body: "Open My Listings and choose Feature.",
    });
    // Answered chats follow the waiting ones.
    expect((await listSupportChats(admin.viewer)).chats.map((c) => c.user.name)).toEqual([
      "Priya Priority",
      "Basil Basic",
    ]);

    expect(await unreadTotal(basic.id)).toBe(1);
    const inbox = await textOf(await page("/dashboard/inbox", { jar: basic.jar }));
    expect(inbox).toContain("Chat with support");
    expect(inbox).toContain("1 unread");
    const own = await readOwnSupportChat(basic.viewer);
    expect(own.messages.at(-1)).toMatchObject({
      mine: false,
      body: "Open My Listings and choose Feature.",
    });
    expect(await unreadTotal(basic.id)).toBe(0);

    const api = await send(`/api/v1/admin/support-chats/${chat!.id}/messages`, {
      jar: admin.jar,
      json: { body: "Anything else?" },
    });
    expect(api.status).toBe(201);
    // The first answer was read, so this one is mailed; a third, before it is read, is not.
    expect((await waitForMail(app, basic.email, 2)).body).toContain("Anything else?");
    await replyToSupportChat(admin.viewer, chat!.id, { body: "We are here all day." });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.sink.to(basic.email)).toHaveLength(2);
    expect((await send("/api/v1/admin/support-chats/999999", { jar: admin.jar })).status).toBe(404);
  });

  it("drops the priority mark when the plan ends, and deletes nothing", async () => {
    const [chat] = await app.handle.db
      .insert(supportChats)
      .values({ userId: ended.id })
      .returning();
    await app.handle.db
      .insert(supportMessages)
      .values({ chatId: chat!.id, senderId: ended.id, fromStaff: false, body: "Still there?" });

    const inbox = await listSupportChats(admin.viewer);
    const row = inbox.chats.find((c) => c.user.id === ended.id)!;
    expect(row.priority).toBe(false);
    expect(inbox.chats[0]!.user.name).toBe("Priya Priority");

    const own = await readOwnSupportChat(ended.viewer);
    expect(own).toMatchObject({ maySend: false, priority: false });
    expect(own.messages.map((m) => m.body)).toEqual(["Still there?"]);
    const refused = await send("/api/v1/me/support-chat/messages", {
      jar: ended.jar,
      json: { body: "Hello?" },
    });
    expect(refused.status).toBe(403);
  });
});

describe(`WhatsApp leads on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let host: MadeUser;
  let free: MadeUser;
  let hostListing: number;
  let freeListing: number;

  const VALID = { name: "Ama Visitor", phone: "+233 24 123 4567", consent: true };

  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
    send = await createServerApp(app);
    [host, free] = await Promise.all([
      makeUser({ role: "agent", name: "Kojo Host" }),
      makeUser({ role: "agent" }),
    ]);
    // Premium sells WhatsApp leads; Elite has all Premium features and the lead download.
    await givePlan(host.id, "elite");
    hostListing = (await makeListing({ owner: host, title: "Labone Flat" })).id;
    freeListing = (await makeListing({ owner: free, title: "Free Flat" })).id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const saved = () => app.handle.db.select().from(whatsappCallbacks);

  it("shows the form only on a listing whose owner's plan grants WhatsApp leads", async () => {
    // The texts travel with the page's data either way: the form itself is what shows or not.
    const withPerk = await (await page(`/listing/${hostListing}`)).text();
    expect(withPerk).toContain(`action="/listing/${hostListing}/whatsapp-callback"`);
    expect(withPerk).toContain('name="consent"');
    const without = await (await page(`/listing/${freeListing}`)).text();
    expect(without).not.toContain("/whatsapp-callback");
  });

  it("refuses a listing without the perk clearly, naming no plan, and saves nothing", async () => {
    const api = await send(`/api/v1/listings/${freeListing}/whatsapp-callbacks`, { json: VALID });
    expect(api.status).toBe(403);
    const { error } = (await api.json()) as { error: { code: string; message: string } };
    expect(error).toEqual({
      code: "FORBIDDEN",
      message: "This listing does not take WhatsApp call-back requests.",
    });
    const form = await send(`/listing/${freeListing}/whatsapp-callback`, {
      form: { name: "Ama", phone: "+233241234567", consent: "on" },
    });
    expect(form.status).toBe(403);
    expect(await saved()).toEqual([]);
  });

  it("requires consent and a number in international form; bad input saves nothing", async () => {
    const noConsent = await send(`/api/v1/listings/${hostListing}/whatsapp-callbacks`, {
      json: { name: "Ama", phone: "+233241234567" },
      ip: "10.0.1.1",
    });
    expect(noConsent.status).toBe(400);
    expect(await noConsent.json()).toMatchObject({
      error: { fields: { consent: t("detail.whatsappCallback.errors.consent") } },
    });
    const local = await send(`/listing/${hostListing}/whatsapp-callback`, {
      form: { name: "Ama", phone: "024 123 4567", consent: "on" },
      ip: "10.0.1.2",
    });
    expect(local.status).toBe(400);
    expect(await local.json()).toMatchObject({
      fieldErrors: { phone: "detail.whatsappCallback.errors.phone" },
    });
    const unticked = await send(`/listing/${hostListing}/whatsapp-callback`, {
      form: { name: "Ama", phone: "+233241234567" },
      ip: "10.0.1.3",
    });
    expect(unticked.status).toBe(400);
    expect(await saved()).toEqual([]);
  });

  it("gives the host the lead with a wa.me link, by e-mail, in the dashboard and in analytics", async () => {
    const sent = await send(`/listing/${hostListing}/whatsapp-callback`, {
      form: { name: "Ama Visitor", phone: "+233 24 123 4567", consent: "on" },
      ip: "10.0.2.1",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/listing/${hostListing}`);
    const [row] = await saved();
    expect(row).toMatchObject({
      listingId: hostListing,
      name: "Ama Visitor",
      phone: "+233241234567",
    });
    expect(row!.consentedAt).toBeInstanceOf(Date);

    const mail = await waitForMail(app, host.email);
    expect(mail.subject).toContain("WhatsApp call-back request for Labone Flat");
    expect(mail.body.replace(/=\r?\n/g, "")).toContain("https://wa.me/233241234567?text=");

    const [callback] = await listReceivedWhatsappCallbacks(host.viewer);
    expect(callback).toMatchObject({ name: "Ama Visitor", listingTitle: "Labone Flat" });
    expect(callback!.chatUrl).toMatch(
      /^https:\/\/wa\.me\/233241234567\?text=Hello%20Ama%20Visitor/,
    );
    const inbox = await textOf(await page("/dashboard/inbox", { jar: host.jar }));
    expect(inbox).toContain("WhatsApp call-back requests");
    expect(inbox).toContain("+233241234567");
    const api = await send("/api/v1/me/whatsapp-callbacks", { jar: host.jar });
    expect(await api.json()).toMatchObject({ callbacks: [{ phone: "+233241234567" }] });
    // Another lister sees none of them.
    expect(await listReceivedWhatsappCallbacks(free.viewer)).toEqual([]);

    const leads = await app.handle.db
      .select()
      .from(listingLeads)
      .where(eq(listingLeads.listingId, hostListing));
    expect(leads.map((lead) => lead.kind)).toEqual(["callback"]);
    const report = await send("/api/v1/analytics/report.csv?days=30&by=listing", {
      jar: host.jar,
    });
    expect(report.status).toBe(200);
    expect(await report.text()).toContain("WhatsApp call-backs");

    const csv = await send("/api/v1/analytics/leads.csv", { jar: host.jar });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("Date (UTC),Source,Listing ID,Listing,Name,Phone");
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,WhatsApp call-back,${hostListing},Labone Flat,Ama Visitor,'\\+233241234567$`,
      ),
    );
  });

  it("limits requests per visitor's address", async () => {
    const before = (await saved()).length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await send(`/api/v1/listings/${hostListing}/whatsapp-callbacks`, {
        json: { ...VALID, name: `Caller ${i}` },
        ip: "10.0.3.1",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await saved()).length).toBe(before + 5);
  });
});
