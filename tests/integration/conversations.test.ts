import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_RULES } from "../../app/auth/rate-limit.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { conversations, listingLeads, messages, reports, user } from "../../app/db/schema/index.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import {
  listConversations,
  messagesAfter,
  readConversation,
  unreadTotal,
} from "../../app/services/conversations/inbox.server.ts";
import {
  openBookingConversation,
  startConversation,
} from "../../app/services/conversations/conversation-start.server.ts";
import { sendMessage } from "../../app/services/conversations/messages.server.ts";
import { blockUser, unblockUser } from "../../app/services/safety/blocks.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking, makeStay } from "../support/factories/bookings.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

async function messageCount(conversationId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return row?.n ?? 0;
}

/** Moves a conversation's e-mail marks back, as if the last e-mails were sent that long ago. */
async function mailedMinutesAgo(conversationId: number, minutes: number) {
  const db = await getDb();
  await db
    .update(conversations)
    .set({
      hostMailedAt: sql`now() - make_interval(mins => ${minutes})`,
      guestMailedAt: sql`now() - make_interval(mins => ${minutes})`,
    })
    .where(eq(conversations.id, conversationId));
}

describe(`conversations on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let agent: MadeUser;
  let guest: MadeUser;
  let stranger: MadeUser;
  let listing: number;
  let second: number;

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    agent = await makeUser({ role: "agent", name: "Ama Agent" });
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
    stranger = await makeUser({ role: "user", name: "Zara Stranger" });
    listing = (await makeListing({ owner: agent, title: "East Legon Apartment" })).id;
    second = (await makeListing({ owner: agent, title: "Cantonments Flat" })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  it("starts a conversation about a public listing, and asking again adds to it", async () => {
    expect(await refusalOf(startConversation(null, { listingId: listing, body: "Hi" }))).toEqual({
      code: "UNAUTHENTICATED",
      message: "api.errors.unauthenticated",
    });
    expect(
      await refusalOf(startConversation(agent.viewer, { listingId: listing, body: "Hi" })),
    ).toEqual({ code: "CONFLICT", message: "conversations.errors.ownListing" });
    expect(
      await refusalOf(startConversation(guest.viewer, { listingId: listing, body: "   " })),
    ).toEqual({
      code: "VALIDATION_FAILED",
      message: "conversations.errors.body",
      fields: { body: "conversations.errors.body" },
    });
    const pending = await makeListing({ owner: agent, status: "pending_approval" });
    expect(
      await refusalOf(startConversation(guest.viewer, { listingId: pending.id, body: "Hi" })),
    ).toEqual({ code: "LISTING_NOT_FOUND", message: "conversations.errors.listing" });

    const first = await startConversation(guest.viewer, {
      listingId: listing,
      body: "Is it still available?\nFrom March.",
    });
    expect(first.message).toMatchObject({
      mine: true,
      body: "Is it still available?\nFrom March.",
    });
    const again = await startConversation(guest.viewer, { listingId: listing, body: "And pets?" });
    expect(again.conversationId).toBe(first.conversationId);
    expect(await messageCount(first.conversationId)).toBe(2);
  });

  it("counts unread messages per conversation and in total, and reading clears them", async () => {
    const { conversationId } = await startConversation(guest.viewer, {
      listingId: second,
      body: "Hello about the flat",
    });
    const inbox = await listConversations(agent.viewer);
    const row = inbox.conversations.find((c) => c.id === conversationId)!;
    expect(row).toMatchObject({
      side: "host",
      unread: 1,
      other: { name: "Kofi Guest" },
      listing: { title: "Cantonments Flat" },
      lastMessage: { body: "Hello about the flat", mine: false },
    });
    // Two conversations about two listings: three messages from the guest, none read yet.
    expect(await unreadTotal(agent.id)).toBe(3);
    expect(inbox.totalUnread).toBe(3);
    // Nobody's own messages are unread to them.
    expect(await unreadTotal(guest.id)).toBe(0);

    const view = await readConversation(agent.viewer, conversationId);
    expect(view.messages.map((m) => m.body)).toEqual(["Hello about the flat"]);
    expect(await unreadTotal(agent.id)).toBe(2);

    await sendMessage(agent.viewer, conversationId, { body: "Yes, it is free." });
    expect(await unreadTotal(guest.id)).toBe(1);
    const polled = await messagesAfter(guest.viewer, conversationId, view.messages[0]!.id);
    expect(polled.messages.map((m) => [m.body, m.mine])).toEqual([["Yes, it is free.", false]]);
    expect(polled.unread).toBe(0);
    expect(await unreadTotal(guest.id)).toBe(0);
  });

  it("shows a conversation only to its two people", async () => {
    const { conversationId } = await startConversation(guest.viewer, {
      listingId: listing,
      body: "Private question",
    });
    const before = await messageCount(conversationId);
    const notFound = { code: "NOT_FOUND", message: "conversations.errors.notFound" };
    expect(await refusalOf(readConversation(stranger.viewer, conversationId))).toEqual(notFound);
    expect(await refusalOf(messagesAfter(stranger.viewer, conversationId, 0))).toEqual(notFound);
    expect(
      await refusalOf(sendMessage(stranger.viewer, conversationId, { body: "Let me in" })),
    ).toEqual(notFound);
    expect(await messageCount(conversationId)).toBe(before);
    expect((await listConversations(stranger.viewer)).conversations).toEqual([]);

    const api = await send(`/api/v1/conversations/${conversationId}`, { jar: stranger.jar });
    expect(api.status).toBe(404);
    const page = await send(`/dashboard/inbox/${conversationId}`, { jar: stranger.jar });
    expect(page.status).toBe(404);
    const write = await send(`/api/v1/conversations/${conversationId}/messages`, {
      jar: stranger.jar,
      json: { body: "Let me in" },
    });
    expect(write.status).toBe(404);
    expect(await messageCount(conversationId)).toBe(before);
  });

  it("e-mails the other person at most once an hour per conversation, with a link back", async () => {
    const host = await makeUser({ role: "agent", name: "Efua Host" });
    const asker = await makeUser({ role: "user", name: "Yaw Asker" });
    const stay = (await makeListing({ owner: host, title: "Ridge Studio" })).id;
    const { conversationId } = await startConversation(asker.viewer, {
      listingId: stay,
      body: "Can I see it on Saturday?",
    });
    const mail = await waitForMail(app, host.email);
    expect(mail.subject).toBe("New message from Yaw Asker about Ridge Studio");
    expect(mail.body).toContain("Can I see it on Saturday?");
    expect(mail.body).toContain(`/dashboard/inbox/${conversationId}`);

    await sendMessage(asker.viewer, conversationId, { body: "Or Sunday?" });
    await sendMessage(asker.viewer, conversationId, { body: "Any time works." });
    // The host's answer is mailed to the asker: the throttle is per person.
    await sendMessage(host.viewer, conversationId, { body: "Saturday at 10." });
    await waitForMail(app, asker.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.sink.to(host.email)).toHaveLength(1);

    await mailedMinutesAgo(conversationId, 61);
    await sendMessage(asker.viewer, conversationId, { body: "See you then." });
    const next = await waitForMail(app, host.email, 2);
    expect(next.body).toContain("See you then.");

    // Turned off in the profile: no e-mail, whatever the hour.
    const db = await getDb();
    await db.update(user).set({ messageEmails: false }).where(eq(user.id, host.id));
    await mailedMinutesAgo(conversationId, 120);
    await sendMessage(asker.viewer, conversationId, { body: "Thanks!" });
    await new Promise((r) => setTimeout(r, 300));
    expect(app.sink.to(host.email)).toHaveLength(2);
  });

  it("refuses messages between people when either blocked the other", async () => {
    const host = await makeUser({ role: "agent", name: "Kojo Host" });
    const asker = await makeUser({ role: "user", name: "Adjoa Asker" });
    const first = (await makeListing({ owner: host })).id;
    const other = (await makeListing({ owner: host })).id;
    const { conversationId } = await startConversation(asker.viewer, {
      listingId: first,
      body: "Hello",
    });
    await blockUser(host.viewer, asker.id);
    const before = await messageCount(conversationId);
    expect(await refusalOf(sendMessage(asker.viewer, conversationId, { body: "Hello?" }))).toEqual({
      code: "CONFLICT",
      message: "conversations.errors.blockedYou",
    });
    expect(await refusalOf(sendMessage(host.viewer, conversationId, { body: "Hi" }))).toEqual({
      code: "CONFLICT",
      message: "conversations.errors.youBlocked",
    });
    expect(
      await refusalOf(startConversation(asker.viewer, { listingId: other, body: "Hello" })),
    ).toEqual({ code: "CONFLICT", message: "conversations.errors.blockedYou" });
    expect(await messageCount(conversationId)).toBe(before);
    const view = await readConversation(asker.viewer, conversationId);
    expect(view).toMatchObject({ blockedMe: true, blockedByMe: false });

    await unblockUser(host.viewer, asker.id);
    await sendMessage(asker.viewer, conversationId, { body: "Thanks for unblocking" });
    expect(await messageCount(conversationId)).toBe(before + 1);
  });

  it("flags a message asking for payment outside the platform, warns the reader and reports it", async () => {
    const host = await makeUser({ role: "agent", name: "Sly Host" });
    const asker = await makeUser({ role: "user", name: "Abena Asker" });
    const flat = (await makeListing({ owner: host })).id;
    const { conversationId } = await startConversation(asker.viewer, {
      listingId: flat,
      body: "Is the price negotiable?",
    });
    const ordinary = await sendMessage(host.viewer, conversationId, {
      body: "The price is fixed, you can book on the site.",
    });
    expect(ordinary.flagged).toBe(false);
    const scam = await sendMessage(host.viewer, conversationId, {
      body: "To hold it, send the deposit by Western Union to my account today.",
    });
    expect(scam.flagged).toBe(true);

    const readerView = await readConversation(asker.viewer, conversationId);
    expect(readerView.messages.at(-1)).toMatchObject({ flagged: true, mine: false });
    const db = await getDb();
    const filed = await db.select().from(reports).where(eq(reports.messageId, scam.id));
    expect(filed).toEqual([
      expect.objectContaining({
        reporterId: null,
        reason: "off_platform_payment",
        status: "open",
        conversationId,
        reportedUserId: host.id,
      }),
    ]);
    expect(await db.select().from(reports).where(eq(reports.messageId, ordinary.id))).toEqual([]);
  });

  it("limits how many new conversations an account starts in an hour, with Retry-After", async () => {
    const host = await makeUser({ role: "agent" });
    const busy = await makeUser({ role: "user", name: "Busy Asker" });
    const { windowSeconds, perAccount } = RATE_LIMIT_RULES.newConversation;
    const allowed = perAccount * app.config.rateLimitScale;
    const ids: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      ids.push((await makeListing({ owner: host })).id);
    }
    for (const id of ids.slice(0, allowed)) {
      await startConversation(busy.viewer, { listingId: id, body: "Interested" });
    }
    expect(
      await refusalOf(startConversation(busy.viewer, { listingId: ids.at(-1)!, body: "One more" })),
    ).toEqual({ code: "RATE_LIMITED", message: "conversations.errors.tooManyNew" });
    // Adding to a conversation already started is not a new one.
    await startConversation(busy.viewer, { listingId: ids[0]!, body: "Still interested" });
    const api = await send(`/api/v1/listings/${ids.at(-1)}/conversations`, {
      jar: busy.jar,
      json: { body: "Via the API" },
    });
    expect(api.status).toBe(429);
    const retryAfter = Number(api.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(((await api.json()) as { error: { message: string } }).error.message).toBe(
      "You have started a lot of conversations in the last hour. Please wait a while before starting another.",
    );
  });

  it("gives each booking its own conversation between its guest and host", async () => {
    const stay = (await makeStay({ owner: agent })).id;
    const booking = await makeBooking({ listing: { id: stay }, guest });
    const fromGuest = await openBookingConversation(guest.viewer, booking.id);
    const fromHost = await openBookingConversation(agent.viewer, booking.id);
    expect(fromHost).toBe(fromGuest);
    expect(await refusalOf(openBookingConversation(stranger.viewer, booking.id))).toEqual({
      code: "NOT_FOUND",
      message: "conversations.errors.bookingNotFound",
    });
    // Separate from the guest's questions about the same listing.
    const question = await startConversation(guest.viewer, { listingId: stay, body: "Parking?" });
    expect(question.conversationId).not.toBe(fromGuest);
    const view = await readConversation(agent.viewer, fromGuest);
    expect(view.bookingId).toBe(booking.id);
  });

  it("writes a booking request's message as the first message of the booking's conversation", async () => {
    const now = new Date();
    const stay = (
      await makeStay({
        owner: agent,
        priceUsdCents: 5_000,
        settings: { mode: "request", cancellationPolicy: "flexible", maxStay: null, maxGuests: 2 },
      })
    ).id;
    const today = isoDay(now);
    const booking = await createBooking(
      guest.viewer,
      stay,
      {
        checkIn: addDays(today, 10),
        checkOut: addDays(today, 12),
        guests: 1,
        message: "  We arrive late, around 22:00.  ",
      },
      now,
    );
    const fromHost = await openBookingConversation(agent.viewer, booking.id);
    expect(await openBookingConversation(guest.viewer, booking.id)).toBe(fromHost);
    const hostView = await readConversation(agent.viewer, fromHost);
    expect(hostView.messages.map((m) => [m.body, m.senderId])).toEqual([
      ["We arrive late, around 22:00.", guest.id],
    ]);
    // Unread for the host until opened, already read by the guest who wrote it.
    const guestInbox = await listConversations(guest.viewer);
    expect(guestInbox.conversations.find((c) => c.id === fromHost)?.unread).toBe(0);

    // Without a message the conversation starts empty, and is made when first opened.
    const quiet = await createBooking(
      guest.viewer,
      stay,
      { checkIn: addDays(today, 20), checkOut: addDays(today, 21), guests: 1 },
      now,
    );
    expect(await messageCount(await openBookingConversation(guest.viewer, quiet.id))).toBe(0);

    // A block between them stops the request's message like any other message, and no
    // booking is made.
    await blockUser(agent.viewer, guest.id);
    expect(
      await refusalOf(
        createBooking(
          guest.viewer,
          stay,
          { checkIn: addDays(today, 30), checkOut: addDays(today, 31), guests: 1, message: "Hi" },
          now,
        ),
      ),
    ).toEqual({ code: "CONFLICT", message: "conversations.errors.blockedYou" });
    await unblockUser(agent.viewer, guest.id);
  });

  it("answers the same through the JSON API, images included", async () => {
    const started = await send(`/api/v1/listings/${listing}/conversations`, {
      jar: stranger.jar,
      json: { body: "Asked through the API" },
    });
    expect(started.status).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: number };

    const inbox = await send("/api/v1/me/conversations", { jar: agent.jar });
    expect(inbox.status).toBe(200);
    const listed = (await inbox.json()) as { conversations: { id: number; unread: number }[] };
    expect(listed.conversations.find((c) => c.id === conversationId)?.unread).toBe(1);

    const reply = await send(`/api/v1/conversations/${conversationId}/messages`, {
      jar: agent.jar,
      json: { body: "<b>Not markup</b>" },
    });
    expect(reply.status).toBe(201);
    const replied = (await reply.json()) as { id: number; body: string };
    expect(replied.body).toBe("<b>Not markup</b>");

    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#13644d" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "plan.png");
    form.set("body", "The floor plan");
    const image = await send(`/api/v1/conversations/${conversationId}/images`, {
      jar: agent.jar,
      body: form,
    });
    expect(image.status).toBe(201);
    const withImage = (await image.json()) as { image: { url: string; width: number } };
    expect(withImage.image.url).toMatch(/^\/media\/messages\/[0-9a-f]+-card\.webp$/);
    expect(withImage.image.width).toBe(40);

    const notImage = new FormData();
    notImage.set("image", new Blob(["not an image"], { type: "image/png" }), "x.png");
    const refused = await send(`/api/v1/conversations/${conversationId}/images`, {
      jar: agent.jar,
      body: notImage,
    });
    expect(refused.status).toBe(415);

    const polled = await send(
      `/api/v1/conversations/${conversationId}/messages?after=${replied.id - 1}`,
      { jar: stranger.jar },
    );
    const fresh = (await polled.json()) as { messages: { body: string }[]; unread: number };
    expect(fresh.messages.map((m) => m.body)).toEqual(["<b>Not markup</b>", "The floor plan"]);
    expect(fresh.unread).toBe(0);

    const badAfter = await send(`/api/v1/conversations/${conversationId}/messages?after=x`, {
      jar: stranger.jar,
    });
    expect(badAfter.status).toBe(400);
    const visitor = await send("/api/v1/me/conversations");
    expect(visitor.status).toBe(401);
  });

  it("sends a visitor who sends from a page to sign in on that page, not on its data URL", async () => {
    // A form submitted by the page's scripts posts to `<path>.data`; the sign-in dialog must
    // open on the page itself.
    const message = await send(`/listing/${listing}/message.data`, { form: { body: "Hi" } });
    expect(await message.text()).toContain(`"/listing/${listing}/message?auth=login"`);
    const booking = await send(`/listing/${listing}.data?guests=2`, { form: { intent: "book" } });
    expect(await booking.text()).toContain(`"/listing/${listing}?guests=2&auth=login"`);
    // The form itself opens for a visitor, who writes first and signs in when sending.
    const page = await send(`/listing/${listing}/message`);
    expect(page.status).toBe(200);
  });

  it("reveals a listing's phone number only on request, and counts the reveal as a lead", async () => {
    const lister = await makeUser({ role: "agent" });
    const callable = (
      await makeListing({ owner: lister, contactMethod: "phone", contactPhone: "+233 24 555 0199" })
    ).id;
    const detail = await send(`/api/v1/listings/${callable}`);
    const text = await detail.text();
    expect(text).not.toContain("555 0199");
    expect(text).not.toContain(lister.email);
    expect(JSON.parse(text)).toMatchObject({ listing: { agent: { contactAvailable: true } } });
    const page = await (await send(`/listing/${callable}`)).text();
    expect(page).not.toContain("555 0199");

    const revealed = await send(`/api/v1/listings/${callable}/contact`, { method: "POST" });
    expect(revealed.status).toBe(200);
    expect(await revealed.json()).toMatchObject({
      method: "phone",
      href: "tel:+233245550199",
      display: "+233 24 555 0199",
      counted: true,
    });
    const db = await getDb();
    const leads = await db.select().from(listingLeads).where(eq(listingLeads.listingId, callable));
    expect(leads.map((l) => l.kind)).toEqual(["call"]);
  });
});
