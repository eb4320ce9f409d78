import { createHmac, randomUUID } from "node:crypto";
import { getAuth } from "../../app/auth/auth.server.ts";
import { loadViewer } from "../../app/auth/session.server.ts";
import type { Viewer } from "../../app/auth/viewer.ts";
import { getConfig } from "../../app/config.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { eq } from "drizzle-orm";
import { listings, planSubscriptions, premiumPlans, user } from "../../app/db/schema/index.ts";
import { listingSearchText } from "../../app/lib/listing-search-text.ts";
import { addMonths } from "../../app/lib/plan-period.ts";
import type { Category, ListingStatus } from "../../app/lib/listing-values.ts";
import type { Role } from "../../app/lib/roles.ts";
import { makePayment } from "./factories/payments.ts";
import { CookieJar } from "./test-app.ts";

/**
 * Users with sessions and listings written straight to the database, for tests about something
 * else than signing up or publishing: no e-mail round trip, no form. They need a started test
 * app (startTestApp) for its database, config and better-auth.
 */

export interface MadeUser {
  id: string;
  email: string;
  name: string;
  /** The session cookie as a request header value ("name=value"). */
  cookie: string;
  /** A jar holding that cookie, as the page and API test helpers take it. */
  jar: CookieJar;
  viewer: Viewer;
}

let counter = 0;

/**
 * better-auth's signed cookie: the token, a dot and the HMAC-SHA256 of the token with the auth
 * secret in base64, URI-encoded (what its cookie reader verifies).
 */
function signedCookieValue(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

/**
 * A confirmed account with the role and a fresh session, as if they had signed up, confirmed and
 * signed in. The administrator's role belongs to ADMIN_EMAIL (the session corrects any other
 * address), so an admin gets that address unless another is given.
 */
export async function makeUser(
  options: { role?: Role | null; email?: string; name?: string } = {},
): Promise<MadeUser> {
  const role = options.role === undefined ? "user" : options.role;
  const n = ++counter;
  const email = (
    options.email ??
    (role === "admin" ? getConfig().adminEmail : `${role ?? "new"}-${n}@example.com`)
  ).toLowerCase();
  const name = options.name ?? `Test ${role ?? "Person"} ${n}`;
  const id = randomUUID();
  const db = await getDb();
  await db.insert(user).values({ id, email, name, role, emailVerified: true });

  const cookie = await renewSession(id);
  const viewer = await loadViewer(new Headers({ cookie }));
  if (!viewer || viewer.id !== id) throw new Error(`The session made for ${email} is not accepted`);
  return { id, email, name, cookie, jar: jarWith(cookie), viewer };
}

/** A new session for the user, as its cookie ("name=value"), as signing in would start it. */
export async function renewSession(userId: string): Promise<string> {
  const context = await getAuth().$context;
  const session = await context.internalAdapter.createSession(userId);
  const value = signedCookieValue(session.token, context.secret);
  return `${context.authCookies.sessionToken.name}=${value}`;
}

/** A new jar with the user's session cookie alone (a test's toast cookies never carry over). */
export function jarWith(cookie: string): CookieJar {
  const jar = new CookieJar();
  jar.store([`${cookie}; Path=/`]);
  return jar;
}

type ListingRow = typeof listings.$inferInsert;

export interface MakeListingOptions extends Partial<Omit<ListingRow, "userId" | "status">> {
  owner: { id: string };
  status?: ListingStatus;
  category?: Category;
}

/**
 * A listing inserted as it is stored (no form, no review): a rent apartment in Accra unless the
 * overrides say otherwise; a professional service gets its service category.
 */
export async function makeListing(options: MakeListingOptions): Promise<{ id: number }> {
  const { owner, status = "approved", category = "real-estate", ...overrides } = options;
  const professional = category === "professionals";
  const row: ListingRow = {
    userId: owner.id,
    status,
    category,
    title: `Test listing ${++counter}`,
    listingType: professional ? "service" : "rent",
    propertyType: professional ? null : "apartment",
    serviceCategory: professional ? "lawyer" : null,
    priceUsdCents: 90_000,
    priceType: professional ? "per_hour" : "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "1 Factory Lane",
    description: "A listing made by the test factory.",
    ...overrides,
  };
  const db = await getDb();
  const [saved] = await db
    .insert(listings)
    .values({
      ...row,
      searchText: listingSearchText({
        ...row,
        countryName: "Ghana",
        category: row.category,
        listingType: row.listingType,
      }),
    })
    .returning({ id: listings.id });
  if (!saved) throw new Error("The listing was not inserted");
  return saved;
}

export interface GivenPlan {
  subscriptionId: number;
  paymentId: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * A premium plan the user has, as if bought and paid (a paid US-dollar payment and its
 * subscription, no checkout and no ledger entries): for tests about something else than buying
 * one, such as an agent with more listings than the free limits allow. Starts now unless told.
 */
export async function givePlan(
  userId: string,
  planId: string,
  options: { startsAt?: Date } = {},
): Promise<GivenPlan> {
  const db = await getDb();
  const [plan] = await db.select().from(premiumPlans).where(eq(premiumPlans.id, planId));
  if (!plan) throw new Error(`No plan ${planId}`);
  const startsAt = options.startsAt ?? new Date();
  const endsAt = addMonths(startsAt, plan.months);
  const cents = Math.round(Number(plan.priceUsd) * 100);
  const { id: paymentId } = await makePayment({
    payer: { id: userId },
    purpose: "plan",
    planId,
    status: "paid",
    method: "card",
    amountUsdCents: cents,
    description: `${plan.name} plan (test factory)`,
    createdAt: startsAt,
    expiresAt: startsAt,
  });
  const [subscription] = await db
    .insert(planSubscriptions)
    .values({ userId, planId, paymentId, startsAt, endsAt })
    .returning({ id: planSubscriptions.id });
  return { subscriptionId: subscription!.id, paymentId, startsAt, endsAt };
}
