import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database, DbTransaction } from "../db/client.server.ts";
import { listings, user } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import type { MessageKey } from "../i18n/translate.ts";
import type { SuspensionState } from "../lib/schemas/suspensions.ts";

/**
 * Whether an account is barred now: suspended until a later moment, or banned (no end). A
 * suspension whose end has passed is over everywhere at once, because every check here compares
 * with the clock; nothing rewrites the row when it ends.
 */

/** The columns of the account row the checks read. */
export interface StandingRow {
  banned: boolean | null;
  banReason: string | null;
  banExpires: Date | string | null;
}

/** A bar in force: until when (null: a ban, no end) and why. */
export interface Bar {
  until: Date | null;
  reason: string;
}

export function barOf(row: StandingRow, now = new Date()): Bar | null {
  if (!row.banned) return null;
  const until = row.banExpires === null ? null : new Date(row.banExpires);
  if (until !== null && until <= now) return null;
  return { until, reason: row.banReason ?? "" };
}

/**
 * SQL true when the account `ownerId` names is not barred now. An anti-join on the few barred
 * rows (the partial index user_barred_idx), so a search over every listing stays cheap.
 */
export function inGoodStanding(ownerId: AnyColumn | SQL): SQL {
  // Aliased: a query that already reads "user" (a profile page) must not compare it with itself.
  return sql`not exists (select 1 from ${user} barred where barred.id = ${ownerId} and barred.banned and (barred.ban_expires is null or barred.ban_expires > now()))`;
}

/** What the public may see of listings: approved, and the owner not suspended or banned. */
export function publicListingWhere(): SQL {
  return and(eq(listings.status, "approved"), inGoodStanding(listings.userId)) as SQL;
}

/** The bar on an account now, or null (also for an account that does not exist). */
export async function barOfAccount(
  db: Database | DbTransaction,
  userId: string,
  now = new Date(),
): Promise<Bar | null> {
  const [row] = await db
    .select({ banned: user.banned, banReason: user.banReason, banExpires: user.banExpires })
    .from(user)
    .where(eq(user.id, userId));
  return row ? barOf(row, now) : null;
}

/**
 * Refuses a write that would reach a barred account: a message, a booking, a quote request to
 * them. The other party is told the account is suspended, nothing more (the reason is the
 * administrator's and the person's).
 */
export async function requireReachable(
  db: Database | DbTransaction,
  userId: string,
  message: MessageKey = "suspensions.errors.otherSuspended",
): Promise<void> {
  if (await barOfAccount(db, userId)) throw new AppError("FORBIDDEN", message);
}

/** A bar's end as the person reads it, on the clock the administrator chose it on (UTC). */
export function formatUntil(until: Date): string {
  const text = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(until);
  return `${text} UTC`;
}

/** Why a barred person may not sign in: the key and its values, for a refusal or a toast. */
export function signInRefusal(bar: Bar): {
  key: MessageKey;
  params: Record<string, string>;
} {
  return bar.until === null
    ? { key: "suspensions.signIn.banned", params: { reason: bar.reason } }
    : {
        key: "suspensions.signIn.suspended",
        params: { until: formatUntil(bar.until), reason: bar.reason },
      };
}

/** A bar as the API and the Users tab carry it. */
export function stateOf(bar: Bar | null): SuspensionState | null {
  return bar ? { until: bar.until?.toISOString() ?? null, reason: bar.reason } : null;
}

/** publicListingWhere as a selected column, for a read that answers "not found" by itself. */
export function isPublicListing(): SQL<boolean> {
  return sql<boolean>`(${publicListingWhere()})`;
}
