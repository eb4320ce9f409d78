import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, getAuth, setAuth, type Auth } from "../../app/auth/auth.server.ts";
import {
  openDatabase,
  setDatabase,
  type DatabaseHandle,
  type DatabaseTarget,
} from "../../app/db/client.server.ts";
import {
  contactMessages,
  listings,
  listingUploads,
  rateLimitHits,
  session,
  user,
} from "../../app/db/schema/index.ts";
import { getMailer } from "../../app/email/mailer.server.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { emptyListingValues, type ListingFormValues } from "../../app/lib/schemas/listing.ts";
import * as addListing from "../../app/routes/listings/add-listing.tsx";
import {
  countHits,
  pruneRateLimits,
  RATE_LIMIT_RULES,
  requireUnderRateLimit,
} from "../../app/auth/rate-limit.server.ts";
import { RateLimitError } from "../../app/lib/app-error.ts";
import { signUpAndConfirm } from "../support/accounts.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, TEST_ADMIN_EMAIL, waitForMail, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const PASSWORD = "secret12";

/** A 429 as the limits answer it: Retry-After in whole seconds within the window, and the text. */
async function expectRefused(response: Response, windowSeconds: number, text: string) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = (await response.json()) as { message?: string; error?: { message: string } };
  expect(body.error?.message ?? body.message).toBe(text);
}

describe(`abuse limits on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let auth: Auth;

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    auth = getAuth();
  });
  afterAll(async () => {
    await app.close();
  });

  function signIn(email: string, ip: string, password = "wrong-password", via = send) {
    return via("/api/auth/sign-in/email", { json: { email, password }, ip });
  }

  async function sessionCount(email: string): Promise<number> {
    const [row] = await app.handle.db
      .select({ n: count() })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, email));
    return row?.n ?? 0;
  }

  describe("sign-in", () => {
    it("limits one account strictly: even the right password is refused, and no session starts", async () => {
      const { email } = await signUpAndConfirm(app, { email: "strict@example.com" });
      const before = await sessionCount(email);
      const ip = app.nextIp();
      for (let n = 0; n < RATE_LIMIT_RULES.signIn.perAccount; n++) {
        expect((await signIn(email, ip)).status, `attempt ${n + 1}`).toBe(401);
      }
      // From another address too: the limit is the account's.
      const refused = await signIn(email, app.nextIp(), PASSWORD);
      await expectRefused(refused, 60, t("auth.toasts.tooManyRequests"));
      expect(await sessionCount(email)).toBe(before);
    });

    it("does not block a second account behind the same address, whose limit is generous", async () => {
      const ip = app.nextIp();
      const { email: first } = await signUpAndConfirm(app, { email: "first@example.com" });
      const { email: second } = await signUpAndConfirm(app, { email: "second@example.com" });
      for (let n = 0; n <= RATE_LIMIT_RULES.signIn.perAccount; n++) await signIn(first, ip);
      expect((await signIn(first, ip, PASSWORD)).status).toBe(429);

      const other = await signIn(second, ip, PASSWORD);
      expect(other.status).toBe(200);

      // The address's own limit still holds: a robot trying many accounts from it is stopped.
      // The attempts of the others behind it are counted straight into the table (each sign-in
      // of an unknown address takes half a second of deliberate hashing).
      const used = RATE_LIMIT_RULES.signIn.perAccount + 3;
      for (let n = used; n < RATE_LIMIT_RULES.signIn.perAddress; n++) {
        await countHits(app.handle.db, [`signIn:address:${ip}`], 60);
      }
      await expectRefused(await signIn(second, ip, PASSWORD), 60, t("auth.toasts.tooManyRequests"));
      // Someone on another address signs in as usual.
      expect((await signIn(second, app.nextIp(), PASSWORD)).status).toBe(200);
    });
  });

  it("limits sign-ups per e-mail address and creates nothing when refused", async () => {
    const ip = app.nextIp();
    const email = "again@example.com";
    const body = { name: "Again", email, password: PASSWORD };
    for (let n = 0; n < RATE_LIMIT_RULES.signUp.perAccount; n++) {
      expect((await send("/api/auth/sign-up/email", { json: body, ip })).status).toBeLessThan(429);
    }
    await waitForMail(app, email);
    await new Promise((r) => setTimeout(r, 300));
    const mails = app.sink.to(email).length;
    const refused = await send("/api/auth/sign-up/email", {
      json: { ...body, email: " Again@Example.com " },
      ip: app.nextIp(),
    });
    await expectRefused(refused, 60, t("auth.toasts.tooManyRequests"));
    const rows = await app.handle.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.sink.to(email)).toHaveLength(mails);
  });

  it("limits password-reset e-mails per account and sends none when refused", async () => {
    const { email } = await signUpAndConfirm(app, { email: "forgetful@example.com" });
    const before = app.sink.to(email).length;
    const request = () =>
      send("/api/auth/request-password-reset", {
        json: { email, redirectTo: "/reset-password" },
        ip: app.nextIp(),
      });
    for (let n = 0; n < RATE_LIMIT_RULES.passwordReset.perAccount; n++) {
      expect((await request()).status).toBe(200);
    }
    await expectRefused(await request(), 60, t("auth.toasts.tooManyRequests"));
    await waitForMail(app, email, before + RATE_LIMIT_RULES.passwordReset.perAccount);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.sink.to(email)).toHaveLength(before + RATE_LIMIT_RULES.passwordReset.perAccount);
  });

  it("limits the administrator's magic links and sends none when refused", async () => {
    const before = app.sink.to(TEST_ADMIN_EMAIL).length;
    const request = () =>
      send("/api/auth/sign-in/magic-link", {
        json: { email: TEST_ADMIN_EMAIL, callbackURL: "/dashboard/overview" },
        ip: app.nextIp(),
      });
    for (let n = 0; n < RATE_LIMIT_RULES.magicLink.perAccount; n++) {
      expect((await request()).status).toBe(200);
    }
    await expectRefused(await request(), 60, t("auth.toasts.tooManyRequests"));
    const sent = before + RATE_LIMIT_RULES.magicLink.perAccount;
    await waitForMail(app, TEST_ADMIN_EMAIL, sent);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.sink.to(TEST_ADMIN_EMAIL)).toHaveLength(sent);
  });

  it("keeps better-auth's own limits in the same table, answered with Retry-After", async () => {
    const ip = app.nextIp();
    // Following magic links: 5 a minute per address, better-auth's rule on our store.
    const follow = () => send("/api/auth/magic-link/verify?token=not-a-token", { ip });
    for (let n = 0; n < 5; n++) expect((await follow()).status).not.toBe(429);
    const refused = await follow();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const rows = await app.handle.db.select().from(rateLimitHits);
    expect(rows.some((row) => row.key.startsWith("auth:") && row.key.includes(ip))).toBe(true);
  });

  it("limits contact messages per sender and per address, storing none when refused", async () => {
    const messages = async () =>
      (await app.handle.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;
    const message = (email: string) => ({
      name: "Ama",
      email,
      reason: "general",
      subject: "Hello",
      message: "A question about a listing.",
    });
    const ip = app.nextIp();
    for (let n = 0; n < RATE_LIMIT_RULES.contact.perAccount; n++) {
      const sent = await send("/api/v1/contact-messages", { json: message("ama@example.com"), ip });
      expect(sent.status).toBe(201);
    }
    const stored = await messages();
    const refused = await send("/api/v1/contact-messages", {
      json: message("AMA@example.com"),
      ip: app.nextIp(),
    });
    await expectRefused(refused, 600, t("contact.errors.tooMany"));
    expect(await messages()).toBe(stored);
    // Someone else behind the same address still gets through.
    expect(
      (await send("/api/v1/contact-messages", { json: message("kofi@example.com"), ip })).status,
    ).toBe(201);
  });

  describe("publishing", () => {
    let admin: MadeUser;
    let agent: MadeUser;
    beforeAll(async () => {
      admin = await makeUser({ role: "admin" });
      agent = await makeUser({ role: "agent" });
    });

    function values(title: string): ListingFormValues {
      return {
        ...emptyListingValues("real-estate"),
        title,
        listingType: "rent",
        price: "1250",
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

    async function listingCount(): Promise<number> {
      return (await app.handle.db.select({ n: count() }).from(listings))[0]?.n ?? 0;
    }

    it("limits new listings per account, on the API and the page, storing none when refused", async () => {
      const ip = app.nextIp();
      // The administrator has no plan limit, so only the abuse limit stops them.
      for (let n = 0; n < RATE_LIMIT_RULES.listingCreate.perAccount; n++) {
        const created = await send("/api/v1/my-listings", {
          json: values(`Flat ${n}`),
          jar: admin.jar,
          ip,
        });
        expect(created.status, `listing ${n + 1}`).toBe(201);
      }
      const before = await listingCount();
      const refused = await send("/api/v1/my-listings", {
        json: values("One too many"),
        jar: admin.jar,
        ip: app.nextIp(),
      });
      await expectRefused(refused, 3600, t("publish.errors.tooManyListings"));

      const form = Object.entries(values("From the page")).flatMap(([name, value]) =>
        Array.isArray(value) ? [] : [[name, String(value)]],
      );
      const page = (await app.action(
        addListing,
        "/add-listing",
        Object.fromEntries(form) as Record<string, string>,
        admin.jar,
        app.nextIp(),
      )) as {
        data: { toast: { description: string }; values: { title: string } };
        init: { status: number };
      };
      expect(page.init.status).toBe(429);
      expect(page.data.toast).toMatchObject({ description: "publish.errors.tooManyListings" });
      expect(page.data.values.title).toBe("From the page");
      expect(await listingCount()).toBe(before);
    });

    it("limits image uploads per account before decoding them, storing none when refused", async () => {
      const ip = app.nextIp();
      const upload = (data: Uint8Array, who = agent) => {
        const body = new FormData();
        body.append("file", new Blob([new Uint8Array(data)]), "photo.png");
        return send("/api/v1/uploads/listing-images", { body, jar: who.jar, ip });
      };
      // Files that are no image count as attempts as well: the limit comes before decoding.
      const junk = new TextEncoder().encode("not an image at all");
      for (let n = 0; n < RATE_LIMIT_RULES.listingUpload.perAccount; n++) {
        expect((await upload(junk)).status, `upload ${n + 1}`).toBe(415);
      }
      const png = new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
          .png()
          .toBuffer(),
      );
      await expectRefused(await upload(png), 3600, t("publish.errors.tooManyUploads"));
      const stored = await app.handle.db
        .select()
        .from(listingUploads)
        .where(eq(listingUploads.userId, agent.id));
      expect(stored).toHaveLength(0);
      // Another agent behind the same address uploads as usual.
      const other = await makeUser({ role: "agent" });
      expect((await upload(png, other)).status).toBe(201);
    });
  });

  describe("the counts live in the database", () => {
    /** Another server process: its own better-auth and request chain, on `handle`. */
    async function instance(handle: DatabaseHandle) {
      const own = createAuth({ config: app.config, db: handle.db, mailer: getMailer() });
      const chain = await createServerApp(app);
      return {
        handle,
        async send(...args: Parameters<ServerApp>) {
          setDatabase(handle);
          setAuth(own);
          return chain(...args);
        },
      };
    }

    afterAll(() => {
      setDatabase(app.handle);
      setAuth(auth);
    });

    const target = (): DatabaseTarget =>
      testEngine === "postgres"
        ? { engine: "postgres", url: process.env.DATABASE_URL ?? "" }
        : { engine: "pglite", dir: "memory" };

    it("is shared by two app instances on the same database", async () => {
      // On PostgreSQL the second instance has its own connections; an in-memory PGlite can only
      // be shared, so there the two instances share the handle and nothing else.
      const second = testEngine === "postgres" ? await openDatabase(target()) : app.handle;
      try {
        const a = await instance(app.handle);
        const b = await instance(second);
        const email = "shared@example.com";
        const ip = app.nextIp();
        for (let n = 0; n < RATE_LIMIT_RULES.signIn.perAccount; n++) {
          const via = n % 2 === 0 ? a : b;
          expect((await signIn(email, ip, undefined, via.send)).status).toBe(401);
        }
        expect((await signIn(email, ip, undefined, b.send)).status).toBe(429);
        expect((await signIn(email, ip, undefined, a.send)).status).toBe(429);
      } finally {
        if (second !== app.handle) await second.close();
      }
    });

    // Opening an embedded database in a directory, with its migrations, takes a while.
    it("is remembered by a new app instance after a restart", { timeout: 120_000 }, async () => {
      // PGlite in a directory, closed and opened again; PostgreSQL: new connections.
      const dir = mkdtempSync(path.join(tmpdir(), "gateway-limits-"));
      const restartable = (): DatabaseTarget =>
        testEngine === "postgres" ? target() : { engine: "pglite", dir };
      try {
        const email = "restart@example.com";
        const ip = app.nextIp();
        const before = await instance(await openDatabase(restartable()));
        for (let n = 0; n < RATE_LIMIT_RULES.signIn.perAccount; n++) {
          expect((await signIn(email, ip, undefined, before.send)).status).toBe(401);
        }
        await before.handle.close();
        const after = await instance(await openDatabase(restartable()));
        try {
          const refused = await signIn(email, ip, undefined, after.send);
          await expectRefused(refused, 60, t("auth.toasts.tooManyRequests"));
        } finally {
          await after.handle.close();
        }
      } finally {
        setDatabase(app.handle);
        setAuth(auth);
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("counts concurrent attempts exactly once each", async () => {
      const counts = await Promise.all(
        Array.from({ length: 20 }, () => countHits(app.handle.db, ["burst"], 60)),
      );
      const seen = counts.map((c) => c.get("burst")?.count).sort((x = 0, y = 0) => x - y);
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it("opens again when the window ends, and prunes ended windows", async () => {
      const rule = RATE_LIMIT_RULES.contact;
      const start = new Date(Date.now() + 10 * 24 * 3600_000);
      const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
      const subject = { account: "email:clock@example.com" };
      for (let n = 0; n < rule.perAccount; n++) {
        await requireUnderRateLimit("contact", subject, { now: at(n) });
      }
      const refused: unknown = await requireUnderRateLimit("contact", subject, {
        now: at(rule.windowSeconds - 1),
      }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RateLimitError);
      expect((refused as RateLimitError).retryAfterSeconds).toBe(1);

      // The window opened at the first attempt; once it has ended, a new one opens.
      await expect(
        requireUnderRateLimit("contact", subject, { now: at(rule.windowSeconds) }),
      ).resolves.toBe(undefined);

      const key = "contact:account:email:clock@example.com";
      const stored = () =>
        app.handle.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
      expect(await stored()).toMatchObject([{ count: 1 }]);
      await pruneRateLimits(at(2 * rule.windowSeconds - 1));
      expect(await stored()).toHaveLength(1);
      await pruneRateLimits(at(2 * rule.windowSeconds + 1));
      expect(await stored()).toHaveLength(0);
    });
  });
});
