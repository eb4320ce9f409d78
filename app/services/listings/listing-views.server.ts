import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { createCookie } from "react-router";
import { secureCookie } from "../../auth/secure-cookie.server.ts";
import { getDb, queryRows } from "../../db/client.server.ts";
import { listingViews, listings } from "../../db/schema/index.ts";

/**
 * The view counter: one view per visitor, listing and day. A visitor is a long-lived random id
 * in a cookie; only its SHA-256 is stored, so the table never holds the cookie's value.
 */

const ONE_YEAR = 60 * 60 * 24 * 365;
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;

export const visitorCookie = createCookie("visitor", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: ONE_YEAR,
});

export function visitorHash(visitorId: string): string {
  return createHash("sha256").update(visitorId).digest("hex");
}

/** Today in UTC as YYYY-MM-DD: the day a view counts for. */
export function viewDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Records a view of a listing by a visitor on a day. Returns true when it counted, i.e. this
 * visitor had not viewed the listing that day; the insert and the increment are one statement.
 */
export async function recordListingView({
  listingId,
  visitorId,
  day = viewDay(),
}: {
  listingId: number;
  visitorId: string;
  day?: string;
}): Promise<boolean> {
  const db = await getDb();
  const rows = await queryRows<{ views: number }>(
    db,
    sql`with inserted as (
      insert into ${listingViews} (listing_id, visitor_hash, day)
      values (${listingId}, ${visitorHash(visitorId)}, ${day}::date)
      on conflict do nothing
      returning listing_id
    )
    update ${listings} set views = views + 1
    where id in (select listing_id from inserted)
    returning views`,
  );
  return rows.length > 0;
}

/** Requests that are not a person looking at the page: crawlers, link previews, prefetches. */
export function isAutomatedRequest(request: Request): boolean {
  return request.method !== "GET" || isBotRequest(request);
}

/** A crawler, link preview or prefetch, whatever the method: what no counter counts. */
export function isBotRequest(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  if (/prefetch|prerender/i.test(purpose)) return true;
  return isbot(request.headers.get("User-Agent") ?? "");
}

/**
 * The request's visitor id from its cookie, or a new one with the Set-Cookie header that keeps
 * it: views and leads count the same visitor the same way.
 */
export async function visitorOf(
  request: Request,
): Promise<{ visitorId: string; setCookie: string | null }> {
  const stored: unknown = await visitorCookie.parse(request.headers.get("Cookie"));
  if (typeof stored === "string" && VISITOR_ID.test(stored)) {
    return { visitorId: stored, setCookie: null };
  }
  const visitorId = randomBytes(24).toString("base64url");
  return { visitorId, setCookie: await visitorCookie.serialize(visitorId, secureCookie()) };
}

/**
 * Counts a page view for a request: reads (or creates) the visitor cookie and records the view.
 * Returns the Set-Cookie header to send when the visitor is new. Bots are not counted and get
 * no cookie.
 */
export async function countListingView(
  request: Request,
  listingId: number,
): Promise<{ counted: boolean; setCookie: string | null }> {
  if (isAutomatedRequest(request)) return { counted: false, setCookie: null };
  const { visitorId, setCookie } = await visitorOf(request);
  const counted = await recordListingView({ listingId, visitorId });
  return { counted, setCookie };
}
