import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailAccount,
  RATE_LIMIT_RULES,
  rateLimitKey,
  type RateLimitName,
} from "../../app/auth/rate-limit.server.ts";
import { messages, rateLimitHits, user } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { emptyListingValues } from "../../app/lib/schemas/listing.ts";
import type { Role } from "../../app/lib/roles.ts";
import type { ProfileFormResult } from "../../app/lib/schemas/profile.ts";
import * as profilePage from "../../app/routes/dashboard/profile.tsx";
import { startConversation } from "../../app/services/conversations/conversation-start.server.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/**
 * The API's writes that have no abuse limit, each with the reason. Every other POST, PUT, PATCH
 * and DELETE of the generated document must declare its rule (`x-rate-limit`, from
 * `limitedRoute`) and is driven past it below: a new write endpoint fails this test until it is
 * limited or named here.
 */
const UNLIMITED: Record<string, string> = {
  "POST /payments/webhooks/{provider}":
    "called by the payment provider and signed with its secret; refusing one would lose a payment",
  "POST /admin/currencies":
    "the administrator's own tool: one trusted account, every change audited",
  "PATCH /admin/currencies/{code}": "the administrator's own tool",
  "PATCH /admin/listings/{id}": "the administrator's own tool",
  "PATCH /admin/messages/{id}": "the administrator's own tool",
  "POST /admin/messages/{id}/reply": "the administrator's own tool",
  "PATCH /admin/users/{id}": "the administrator's own tool",
  "DELETE /admin/users/{id}": "the administrator's own tool",
  "POST /moderation/listings/{id}": "the administrator's own tool",
  "POST /admin/payouts": "the administrator's own tool",
  "PATCH /admin/premium-plans/{planId}": "the administrator's own tool",
  "POST /admin/reviews/{reviewId}/hide": "the administrator's own tool",
  "POST /admin/reports/{reportId}/resolve": "the administrator's own tool",
  "POST /admin/listings/{listingId}/reports/dismiss": "the administrator's own tool",
  "POST /admin/listings/{listingId}/take-down": "the administrator's own tool",
  "POST /admin/support-chats/{chatId}/messages": "the administrator's own tool",
  "POST /admin/boosts/{boostId}/posts": "the administrator's own tool",
  "POST /admin/verification-submissions/{submissionId}/approve": "the administrator's own tool",
  "POST /admin/verification-submissions/{submissionId}/reject": "the administrator's own tool",
  "POST /admin/licence-kinds": "the administrator's own tool",
  "PATCH /admin/licence-kinds/{licenceKindId}": "the administrator's own tool",
};

function listingInput(title: string) {
  return {
    ...emptyListingValues("real-estate"),
    title,
    listingType: "rent",
    price: "900",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "12 Oxford Street",
    description: "Two bedrooms, a balcony and a view of the sea.",
    propertyType: "apartment",
    bedrooms: "2",
    bathrooms: "1",
    areaM2: "85",
  };
}

function imageForm(field: string): FormData {
  const form = new FormData();
  form.append(
    field,
    new Blob([new TextEncoder().encode("bytes, counted before decoding")]),
    "a.png",
  );
  return form;
}

/**
 * How to reach each limited write's limit. The services count a write before they judge what it
 * names, so most calls need no real rows: only a body that passes the route's own schema.
 */
interface WriteCall {
  /** Who calls: a fresh account of this role for each check, or a visitor. */
  as: Role | "visitor";
  json?: unknown;
  form?: () => FormData;
  /** The path, when the endpoint checks something before the service counts (`a` calls it). */
  path?: (a: MadeUser, b: MadeUser) => Promise<string>;
  /** The account the rule counts for a visitor (the contact form's sender). */
  account?: string;
}

const CONTACT_SENDER = "limits@example.com";

const CALLS: Record<string, WriteCall> = {
  "POST /contact-messages": {
    as: "visitor",
    account: emailAccount(CONTACT_SENDER)!,
    json: {
      name: "Ama",
      email: CONTACT_SENDER,
      reason: "general",
      subject: "Hello",
      message: "A question about a listing.",
    },
  },
  "POST /listings/{listingId}/contact": { as: "visitor" },
  "POST /listings/{listingId}/leads": { as: "visitor", json: { kind: "share" } },
  "POST /uploads/listing-images": { as: "agent", form: () => imageForm("file") },
  "DELETE /uploads/listing-images": { as: "agent" },
  "POST /my-listings": { as: "agent", json: listingInput("Limited") },
  "PUT /my-listings/{id}": { as: "agent", json: {} },
  "DELETE /my-listings/{id}": { as: "agent" },
  "PUT /my-listings/{id}/featured": { as: "agent", json: { featured: true } },
  "POST /my-listings/{id}/boosts": { as: "agent" },
  "PUT /my-listings/{id}/video": { as: "agent" },
  "DELETE /my-listings/{id}/video": { as: "agent" },
  "POST /premium-plans/{planId}/checkout": { as: "agent" },
  "PUT /me/favorites/{listingId}": { as: "user" },
  "DELETE /me/favorites/{listingId}": { as: "user" },
  "PUT /me/blocks/{userId}": { as: "user" },
  "DELETE /me/blocks/{userId}": { as: "user" },
  "PUT /me/notification-settings": { as: "user", json: { messageEmails: false } },
  "POST /listings/{listingId}/bookings": { as: "user", json: { guests: 1 } },
  "POST /bookings/{bookingId}/accept": { as: "agent", json: {} },
  "POST /bookings/{bookingId}/decline": { as: "agent", json: {} },
  "POST /bookings/{bookingId}/cancel": { as: "user", json: {} },
  "POST /bookings/{bookingId}/balance-checkout": { as: "user" },
  "POST /bookings/{bookingId}/checkout": { as: "user" },
  "POST /bookings/{bookingId}/conversation": { as: "user" },
  "PUT /listings/{listingId}/booking-settings": { as: "agent", json: {} },
  "DELETE /listings/{listingId}/booking-settings": { as: "agent" },
  "POST /listings/{listingId}/booking-settings/ical-token": { as: "agent" },
  "POST /listings/{listingId}/calendar/close": { as: "agent", json: {} },
  "POST /listings/{listingId}/calendar/open": { as: "agent", json: {} },
  "PUT /listings/{listingId}/departures": { as: "agent", json: {} },
  "DELETE /listings/{listingId}/departures/{departureId}": { as: "agent" },
  "POST /listings/{listingId}/ical-feeds": { as: "agent", json: {} },
  "DELETE /listings/{listingId}/ical-feeds/{feedId}": { as: "agent" },
  "POST /listings/{listingId}/conversations": { as: "user", json: { body: "Is it free?" } },
  "POST /conversations/{conversationId}/messages": { as: "user", json: { body: "Hello" } },
  "POST /me/support-chat/messages": { as: "agent", json: { body: "Hello" } },
  // A visitor's request counts for the listing it names (`listing:<id>`) and the address.
  "POST /listings/{listingId}/whatsapp-callbacks": {
    as: "visitor",
    account: "listing:1",
    json: { name: "Ama", phone: "+233241234567", consent: true },
  },
  "POST /conversations/{conversationId}/images": {
    as: "agent",
    form: () => imageForm("image"),
    // The participant check comes first, so a stranger's upload is never read.
    path: async (a, b) => {
      const listing = await makeListing({ owner: b });
      const conversation = await makeConversation({
        listing,
        guest: a,
        messages: [{ from: a, body: "Hello" }],
      });
      return `/conversations/${conversation.id}/images`;
    },
  },
  "POST /listings/{listingId}/quote-requests": { as: "user", json: {} },
  "POST /quote-requests/{requestId}/quotes": { as: "professional", json: {} },
  "POST /quotes/{quoteId}/accept": { as: "user", json: {} },
  "POST /quotes/{quoteId}/decline": { as: "user", json: {} },
  "POST /quotes/{quoteId}/withdraw": { as: "professional", json: {} },
  "POST /jobs/{jobId}/complete": { as: "user", json: {} },
  "POST /jobs/{jobId}/cancel": { as: "user", json: {} },
  "POST /jobs/{jobId}/checkout": { as: "user" },
  "POST /reviews": { as: "user", json: {} },
  "POST /reviews/{reviewId}/reply": { as: "agent", json: {} },
  "POST /reports": {
    as: "user",
    json: { target: "conversation", conversationId: 1, reason: "spam" },
  },
  "POST /listings/{listingId}/reports": { as: "user", json: { reason: "scam" } },
  "POST /me/team": { as: "agent", json: {} },
  "POST /me/team/invitations": { as: "agent", json: {} },
  "DELETE /me/team/invitations/{invitationId}": { as: "agent" },
  "DELETE /me/team/members/{memberId}": { as: "agent" },
  "POST /me/team/leave": { as: "agent" },
  "POST /team-invitations/accept": { as: "agent", json: {} },
  "PUT /me/team/listings/{listingId}/member": { as: "agent", json: {} },
  "PUT /me/team/conversations/{conversationId}/member": { as: "agent", json: {} },
  "POST /admin/listing-signals/{id}/dismiss": { as: "admin" },
  "POST /me/verification/phone/code": { as: "user", json: { phone: "+254712345678" } },
  "POST /me/verification/phone/confirm": { as: "user", json: { code: "123456" } },
  // Counted once the decision is valid, before the account is looked up: "1" names none.
  "POST /admin/users/{id}/suspension": { as: "admin", json: { kind: "ban", reason: "Scam" } },
  "DELETE /admin/users/{id}/suspension": { as: "admin" },
  "POST /me/verification/identity": { as: "user", form: () => imageForm("front") },
  "POST /me/verification/business": { as: "agent", form: () => imageForm("business") },
};

type Operation = {
  "x-rate-limit"?: {
    rule: RateLimitName;
    windowSeconds: number;
    perAccount: number;
    perAddress: number;
  };
  responses: Record<string, unknown>;
};

const WRITE_METHODS = ["post", "put", "patch", "delete"];

describe(`every write of the API has an abuse limit, on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  const writes = new Map<string, Operation>();

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    const document = (await (await send("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (WRITE_METHODS.includes(method))
          writes.set(`${method.toUpperCase()} ${path}`, operation);
      }
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it("declares a rule on each write endpoint, or names it with a reason", () => {
    expect(writes.size).toBeGreaterThan(40);
    for (const [endpoint, operation] of writes) {
      const declared = operation["x-rate-limit"];
      if (endpoint in UNLIMITED) {
        expect(UNLIMITED[endpoint]!.length, `${endpoint}: say why`).toBeGreaterThan(15);
        continue;
      }
      expect(declared, `${endpoint} has no x-rate-limit and no reason`).toBeDefined();
      const { message: _message, ...rule } = RATE_LIMIT_RULES[declared!.rule];
      expect(declared, endpoint).toEqual({ rule: declared!.rule, ...rule });
      expect(operation.responses["429"], endpoint).toBeDefined();
      expect(CALLS[endpoint], `${endpoint}: add how to call it to CALLS`).toBeDefined();
    }
    // No stale entries: each one names an endpoint of the document.
    for (const endpoint of [...Object.keys(UNLIMITED), ...Object.keys(CALLS)]) {
      expect(writes.has(endpoint), `${endpoint} is not in the document`).toBe(true);
    }
  });

  it("refuses the probe's stream of messages after the limit, on the API and the page, storing none", async () => {
    const host = await makeUser({ role: "agent" });
    const guest = await makeUser({ role: "user" });
    const listing = await makeListing({ owner: host });
    const { conversationId } = await startConversation(guest.viewer, {
      listingId: listing.id,
      body: "Is it free?",
    });
    const stored = async () =>
      (
        await app.handle.db
          .select({ id: messages.id })
          .from(messages)
          .where(eq(messages.conversationId, conversationId))
      ).length;
    const rule = RATE_LIMIT_RULES.message;
    // The first question counted one already; each of these comes from its own address.
    const allowed = rule.perAccount * app.config.rateLimitScale - 1;
    for (let n = 0; n < allowed; n++) {
      const sent = await send(`/api/v1/conversations/${conversationId}/messages`, {
        json: { body: `Message ${n}` },
        jar: guest.jar,
        ip: app.nextIp(),
      });
      expect(sent.status, `message ${n + 1}`).toBe(201);
    }
    const before = await stored();
    const refused = await send(`/api/v1/conversations/${conversationId}/messages`, {
      json: { body: "One too many" },
      jar: guest.jar,
      ip: app.nextIp(),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(rule.windowSeconds - 60);
    // The conversation's page says so in its form, and keeps what was typed.
    const page = await send(`/dashboard/inbox/${conversationId}`, {
      form: { body: "From the page" },
      jar: guest.jar,
      ip: app.nextIp(),
    });
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(html).toContain(t("limits.messages"));
    expect(html).toContain("From the page");
    expect(await stored()).toBe(before);
    // The host answers as usual: the limit is the guest's.
    const answer = await send(`/api/v1/conversations/${conversationId}/messages`, {
      json: { body: "It is free." },
      jar: host.jar,
      ip: app.nextIp(),
    });
    expect(answer.status).toBe(201);
  });

  it("says so in the profile form, keeping what was typed, when its changes are over the limit", async () => {
    const person = await makeUser({ role: "user", name: "Before" });
    await fill("accountSettings", "account", person.id);
    const answer = (await app.action(
      profilePage,
      "/dashboard/profile",
      { intent: "update-profile", name: "After", phone: "" },
      person.jar,
      app.nextIp(),
    )) as { data: ProfileFormResult; init: { status: number } };
    expect(answer.init.status).toBe(429);
    expect(answer.data.toast).toMatchObject({ description: "limits.accountSettings" });
    expect(answer.data.values?.name).toBe("After");
    const [row] = await app.handle.db
      .select({ name: user.name })
      .from(user)
      .where(eq(user.id, person.id));
    expect(row?.name).toBe("Before");
  });

  it("sends a visitor whose address is over the limit back to the listing with the reason, not to the number", async () => {
    const owner = await makeUser({ role: "agent" });
    const listing = await makeListing({ owner });
    const ip = app.nextIp();
    await fill("contactReveal", "address", ip);
    const answer = await send(`/listing/${listing.id}/contact`, { ip });
    expect(answer.status).toBe(302);
    expect(location(answer)).toBe(`/listing/${listing.id}`);
    expect(toastOf(answer)).toMatchObject({ description: "limits.contactReveals" });
  });

  /** Fills a count up to its maximum, as if that many writes had just been made. */
  async function fill(name: RateLimitName, kind: "account" | "address", who: string) {
    const rule = RATE_LIMIT_RULES[name];
    const max =
      (kind === "account" ? rule.perAccount : rule.perAddress) * app.config.rateLimitScale;
    const now = new Date();
    const window = {
      windowStart: now,
      expiresAt: new Date(now.getTime() + rule.windowSeconds * 1000),
      count: max,
    };
    // The one administrator's count of an earlier endpoint sharing the rule may be there.
    await app.handle.db
      .insert(rateLimitHits)
      .values({ key: rateLimitKey(name, kind, who), ...window })
      .onConflictDoUpdate({ target: rateLimitHits.key, set: window });
  }

  async function countOf(name: RateLimitName, kind: "account" | "address", who: string) {
    const [row] = await app.handle.db
      .select({ count: rateLimitHits.count })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, rateLimitKey(name, kind, who)));
    return row?.count;
  }

  let theAdmin: MadeUser | undefined;

  describe.each(Object.entries(CALLS))("%s", (endpoint, call) => {
    it("answers 429 with Retry-After and the rule's message past its limit, per account and per address", async () => {
      const operation = writes.get(endpoint);
      const name = operation?.["x-rate-limit"]?.rule;
      expect(name, `${endpoint} declares no rule`).toBeDefined();
      const rule = RATE_LIMIT_RULES[name!];
      const [method, template] = endpoint.split(" ") as [string, string];
      // The administrator is one account (the configured address): made once, for every
      // administrator's write (each test forgets its account's count at its end).
      const a =
        call.as === "admin"
          ? (theAdmin ??= await makeUser({ role: "admin" }))
          : await makeUser({ role: call.as === "visitor" ? "user" : call.as });
      // The administrator is one account: it is both callers.
      const b =
        call.as === "admin"
          ? a
          : await makeUser({ role: call.as === "visitor" ? "user" : call.as });
      const path = call.path ? await call.path(a, b) : template.replace(/\{\w+\}/g, "1");
      const request = (who: MadeUser, ip: string) =>
        send(`/api/v1${path}`, {
          method,
          ip,
          jar: call.as === "visitor" ? undefined : who.jar,
          ...(call.form ? { body: call.form() } : {}),
          ...(call.json !== undefined ? { json: call.json } : {}),
        });
      const expectRefused = async (response: Response) => {
        expect(response.status, `${endpoint}: ${await response.clone().text()}`).toBe(429);
        const retryAfter = Number(response.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(rule.windowSeconds);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error).toMatchObject({ code: "RATE_LIMITED", message: t(rule.message) });
      };

      const account = call.account ?? (call.as === "visitor" ? undefined : a.id);
      if (account) {
        await fill(name!, "account", account);
        await expectRefused(await request(a, app.nextIp()));
        expect(await countOf(name!, "account", account)).toBe(
          rule.perAccount * app.config.rateLimitScale + 1,
        );
      }
      // Another account (or a visitor) from an address that is full; the account's count is
      // forgotten first, so only the address can refuse it.
      if (account) {
        await app.handle.db
          .delete(rateLimitHits)
          .where(eq(rateLimitHits.key, rateLimitKey(name!, "account", account)));
      }
      const ip = app.nextIp();
      await fill(name!, "address", ip);
      await expectRefused(await request(b, ip));
      expect(await countOf(name!, "address", ip)).toBe(
        rule.perAddress * app.config.rateLimitScale + 1,
      );
    });
  });
});
