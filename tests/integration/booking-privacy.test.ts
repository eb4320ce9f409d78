import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay, type StaySettings } from "../support/factories/bookings.ts";
import { createServerApp, type SendInit, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * What the bookings API tells one party about the other, through the whole server: never their
 * e-mail address (the other party gets it only through the counted "reveal on click"), and no
 * text from a guest to a host when either blocked the other.
 */

const t = createTranslator();
const day = (offset: number) => addDays(isoDay(new Date()), offset);

describe(`booking answers and blocks through the API on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let host: MadeUser;
  let guest: MadeUser;
  let admin: MadeUser;
  let requestStay: number;
  let instantStay: number;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "1000" });
    send = await createServerApp(app);
    host = await makeUser({ role: "agent", email: "host.private@example.com", name: "Ama Host" });
    guest = await makeUser({ role: "user", email: "guest.private@example.com", name: "Kofi" });
    admin = await makeUser({ role: "admin" });
    const settings: StaySettings = { cancellationPolicy: "flexible", maxStay: 14 };
    requestStay = (
      await makeStay({
        owner: host,
        title: "Labadi Rooms",
        settings: { ...settings, mode: "request" },
      })
    ).id;
    instantStay = (await makeStay({ owner: host, title: "Osu Guesthouse", settings })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  async function call(path: string, init: SendInit) {
    const response = await send(path, { ip: app.nextIp(), ...init });
    return { status: response.status, text: await response.text() };
  }

  /** The answer holds neither party's address, under any name. */
  function expectNoAddresses(answer: { text: string }, label: string) {
    expect(answer.text, label).not.toContain(guest.email);
    expect(answer.text, label).not.toContain(host.email);
    expect(answer.text, label).not.toMatch(/guestEmail|hostEmail/);
  }

  async function book(listingId: number, from: number, extra: Record<string, unknown> = {}) {
    const answer = await call(`/api/v1/listings/${listingId}/bookings`, {
      method: "POST",
      jar: guest.jar,
      json: { checkIn: day(from), checkOut: day(from + 2), guests: 2, ...extra },
    });
    return {
      ...answer,
      id: answer.status === 201 ? (JSON.parse(answer.text) as { id: number }).id : 0,
    };
  }

  it("accept, decline and cancel answer the booking without the guest's or host's e-mail", async () => {
    const accepted = await book(requestStay, 20, { message: "We arrive late." });
    expect(accepted.status).toBe(201);
    expectNoAddresses(accepted, "create");
    const accept = await call(`/api/v1/bookings/${accepted.id}/accept`, {
      method: "POST",
      jar: host.jar,
      json: {},
    });
    expect(accept.status).toBe(200);
    expect(JSON.parse(accept.text)).toMatchObject({ id: accepted.id, status: "confirmed" });
    expectNoAddresses(accept, "accept");

    const declined = await book(requestStay, 30);
    const decline = await call(`/api/v1/bookings/${declined.id}/decline`, {
      method: "POST",
      jar: host.jar,
      json: { reason: "Closed for repairs" },
    });
    expect(decline.status).toBe(200);
    expect(JSON.parse(decline.text)).toMatchObject({ status: "declined" });
    expectNoAddresses(decline, "decline");

    // Cancelled by each party: the guest, the host and the administrator.
    for (const [who, jar, from] of [
      ["guest", guest.jar, 40],
      ["host", host.jar, 50],
      ["admin", admin.jar, 60],
    ] as const) {
      const booked = await book(instantStay, from);
      expect(booked.status).toBe(201);
      const cancel = await call(`/api/v1/bookings/${booked.id}/cancel`, {
        method: "POST",
        jar,
        json: { reason: "Plans changed" },
      });
      expect(cancel.status, who).toBe(200);
      expect(JSON.parse(cancel.text)).toMatchObject({ status: "cancelled" });
      expectNoAddresses(cancel, `cancel by the ${who}`);
    }

    // Nor do the reads of a booking and the lists.
    for (const [path, jar] of [
      [`/api/v1/bookings/${accepted.id}`, guest.jar],
      [`/api/v1/bookings/${accepted.id}`, host.jar],
      ["/api/v1/me/bookings", guest.jar],
      ["/api/v1/me/hosted-bookings", host.jar],
    ] as const) {
      const read = await call(path, { jar });
      expect(read.status, path).toBe(200);
      expectNoAddresses(read, path);
    }
  });

  it("a guest the host blocked cannot send a request's message: refused as a message is, nothing stored", async () => {
    const blocked = await call(`/api/v1/me/blocks/${guest.id}`, { method: "PUT", jar: host.jar });
    expect(blocked.status).toBe(200);
    const before = await databaseSnapshot(app.handle.db);
    const refused = await book(requestStay, 70, { message: "Please answer me." });
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toMatchObject({
      error: { code: "CONFLICT", message: t("conversations.errors.blockedYou") },
    });
    // The conversations refuse the same guest's message in the same words.
    const conversation = await call(`/api/v1/listings/${requestStay}/conversations`, {
      method: "POST",
      jar: guest.jar,
      json: { body: "Please answer me." },
    });
    expect(conversation.status).toBe(409);
    expect(JSON.parse(conversation.text)).toMatchObject({
      error: { message: t("conversations.errors.blockedYou") },
    });
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);

    // A request without text carries nothing to the host: a block is about messages.
    const silent = await book(requestStay, 70);
    expect(silent.status).toBe(201);
    await call(`/api/v1/bookings/${silent.id}/cancel`, {
      method: "POST",
      jar: guest.jar,
      json: {},
    });

    // Once unblocked, the message goes through with the request.
    await call(`/api/v1/me/blocks/${guest.id}`, { method: "DELETE", jar: host.jar });
    const allowed = await book(requestStay, 80, { message: "Please answer me." });
    expect(allowed.status).toBe(201);
    const [row] = await app.handle.db.select().from(bookings).where(eq(bookings.id, allowed.id));
    expect(row?.message).toBe("Please answer me.");
  });

  it("a guest who blocked the host is told to unblock them first", async () => {
    await call(`/api/v1/me/blocks/${host.id}`, { method: "PUT", jar: guest.jar });
    const refused = await book(requestStay, 90, { message: "Hello" });
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toMatchObject({
      error: { message: t("conversations.errors.youBlocked") },
    });
    await call(`/api/v1/me/blocks/${host.id}`, { method: "DELETE", jar: guest.jar });
  });
});
