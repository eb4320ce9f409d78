import { AsyncLocalStorage } from "node:async_hooks";
import { lt, sql } from "drizzle-orm";
import { getConfig } from "../config.server.ts";
import { getDb, type Database } from "../db/client.server.ts";
import { rateLimitHits } from "../db/schema/index.ts";
import type { MessageKey } from "../i18n/translate.ts";
import { RateLimitError } from "../lib/app-error.ts";
import { INVITES_PER_DAY } from "../lib/team-values.ts";

/**
 * The abuse limits: per rule, a window and two maxima. The per-account one (an account,
 * or the e-mail address a form names) is strict; the per-address one is generous, because a
 * mobile network may put thousands of people behind one public address (carrier-grade NAT), and
 * only catches a robot spreading its attempts over many accounts. The maxima are multiplied by
 * RATE_LIMIT_SCALE (tests and load runs raise it). See docs/decisions/009-rate-limits.md.
 *
 * It sits with auth, below the services, because better-auth's hooks apply it to the sign-in,
 * sign-up, reset and magic-link endpoints; the services apply it to their own actions.
 */
export interface RateLimitRule {
  windowSeconds: number;
  perAccount: number;
  perAddress: number;
  /** What the person is told, in the form or the API's error. */
  message: MessageKey;
}

const AUTH_MESSAGE: MessageKey = "auth.toasts.tooManyRequests";

export const RATE_LIMIT_RULES = {
  signIn: { windowSeconds: 60, perAccount: 5, perAddress: 60, message: AUTH_MESSAGE },
  signUp: { windowSeconds: 60, perAccount: 3, perAddress: 20, message: AUTH_MESSAGE },
  passwordReset: { windowSeconds: 60, perAccount: 3, perAddress: 20, message: AUTH_MESSAGE },
  verificationEmail: { windowSeconds: 60, perAccount: 3, perAddress: 20, message: AUTH_MESSAGE },
  magicLink: { windowSeconds: 60, perAccount: 5, perAddress: 20, message: AUTH_MESSAGE },
  /** The demo panel's buttons (development only): a newcomer tries each role a few times. */
  demoSignIn: { windowSeconds: 60, perAccount: 30, perAddress: 30, message: AUTH_MESSAGE },
  contact: {
    windowSeconds: 600,
    perAccount: 5,
    perAddress: 30,
    message: "contact.errors.tooMany",
  },
  listingCreate: {
    windowSeconds: 3600,
    perAccount: 20,
    perAddress: 100,
    message: "publish.errors.tooManyListings",
  },
  listingUpload: {
    windowSeconds: 3600,
    perAccount: 60,
    perAddress: 300,
    message: "publish.errors.tooManyUploads",
  },
  // The writes of signed-in people (issue 24): counted when the service is called, before the
  // input is judged, so probing with bad input counts as well.
  message: { windowSeconds: 600, perAccount: 60, perAddress: 300, message: "limits.messages" },
  messageImage: {
    windowSeconds: 3600,
    perAccount: 30,
    perAddress: 150,
    message: "limits.messageImages",
  },
  newConversation: {
    windowSeconds: 3600,
    perAccount: 10,
    perAddress: 50,
    message: "conversations.errors.tooManyNew",
  },
  report: { windowSeconds: 3600, perAccount: 10, perAddress: 50, message: "limits.reports" },
  /** Identity and business documents: a few tries a day is plenty for a real person. */
  verificationSubmit: {
    windowSeconds: 86400,
    perAccount: 10,
    perAddress: 50,
    message: "limits.verificationSubmissions",
  },
  block: { windowSeconds: 3600, perAccount: 60, perAddress: 300, message: "limits.blocks" },
  quoteRequest: {
    windowSeconds: 3600,
    perAccount: 10,
    perAddress: 50,
    message: "limits.quoteRequests",
  },
  quote: { windowSeconds: 3600, perAccount: 30, perAddress: 150, message: "limits.quotes" },
  quoteChange: {
    windowSeconds: 3600,
    perAccount: 60,
    perAddress: 300,
    message: "limits.quoteChanges",
  },
  booking: { windowSeconds: 3600, perAccount: 10, perAddress: 60, message: "limits.bookings" },
  bookingChange: {
    windowSeconds: 3600,
    perAccount: 60,
    perAddress: 300,
    message: "limits.bookingChanges",
  },
  /** The administrator's suspensions, bans and lifts: each ends sessions and cancels bookings. */
  suspension: {
    windowSeconds: 3600,
    perAccount: 60,
    perAddress: 300,
    message: "limits.suspensions",
  },
  checkout: { windowSeconds: 3600, perAccount: 20, perAddress: 100, message: "limits.checkouts" },
  review: { windowSeconds: 3600, perAccount: 10, perAddress: 50, message: "limits.reviews" },
  favorite: { windowSeconds: 3600, perAccount: 200, perAddress: 1000, message: "limits.favorites" },
  // Up to 50 MB each: a handful an hour is a listing's tour replaced a few times.
  listingVideo: {
    windowSeconds: 3600,
    perAccount: 10,
    perAddress: 30,
    message: "publish.video.errors.tooMany",
  },
  listingEdit: {
    windowSeconds: 3600,
    perAccount: 200,
    perAddress: 1000,
    message: "limits.listingEdits",
  },
  // The administrator's dismissals of scam signals: a day's queue, not a robot's.
  signalDismiss: {
    windowSeconds: 3600,
    perAccount: 300,
    perAddress: 1000,
    message: "limits.signalDismissals",
  },
  calendarFeed: {
    windowSeconds: 3600,
    perAccount: 10,
    perAddress: 50,
    message: "limits.calendarFeeds",
  },
  accountSettings: {
    windowSeconds: 3600,
    perAccount: 30,
    perAddress: 150,
    message: "limits.accountSettings",
  },
  /** The public page's languages, property website and branding (each save may carry an image). */
  publicPage: {
    windowSeconds: 3600,
    perAccount: 30,
    perAddress: 150,
    message: "limits.publicPage",
  },
  // Visitors' clicks: only the address is counted (perAccount is never used). Generous, since a
  // whole mobile network may share one; it stops a robot harvesting every listing's phone number.
  contactReveal: {
    windowSeconds: 3600,
    perAccount: 100,
    perAddress: 600,
    message: "limits.contactReveals",
  },
  // A boost makes an image and the plan counts them; this only stops a robot's retries.
  boost: { windowSeconds: 3600, perAccount: 20, perAddress: 100, message: "limits.boosts" },
  lead: { windowSeconds: 3600, perAccount: 300, perAddress: 1000, message: "limits.leads" },
  // A read, limited all the same: each download gathers up to LEAD_DOWNLOAD_MAX people's names.
  leadDownload: {
    windowSeconds: 3600,
    perAccount: 20,
    perAddress: 100,
    message: "limits.leadDownloads",
  },
  // An agency owner's invitations send e-mail to addresses they type: a day's window, so a team
  // is built in a sitting but the site's mail cannot be turned into a spam cannon.
  teamInvite: {
    windowSeconds: 86_400,
    perAccount: INVITES_PER_DAY,
    perAddress: INVITES_PER_DAY * 5,
    message: "limits.teamInvites",
  },
  // Joining, leaving, removing, revoking, assigning: the team's other writes.
  teamChange: {
    windowSeconds: 3600,
    perAccount: 60,
    perAddress: 300,
    message: "limits.teamChanges",
  },
  // Verification codes by SMS (each one costs money and lands on someone's phone): a few an hour
  // per account and per address, and per number (`phone:<E.164>` as the account) so accounts
  // cannot take turns texting one stranger. A 60-second cooldown between two codes is the phone
  // service's own rule. Confirming is limited by each code's five attempts; this only stops a
  // robot asking for code after code to guess on.
  phoneCode: { windowSeconds: 3600, perAccount: 5, perAddress: 30, message: "limits.phoneCodes" },
  phoneCodeNumber: {
    windowSeconds: 3600,
    perAccount: 5,
    perAddress: 5,
    message: "limits.phoneCodesNumber",
  },
  phoneConfirm: {
    windowSeconds: 3600,
    perAccount: 30,
    perAddress: 150,
    message: "limits.phoneConfirms",
  },
  // A WhatsApp call-back request: the address is the visitor's, the "account" the listing's
  // (`listing:<id>`), so neither one visitor nor a crowd can flood one host with numbers.
  whatsappCallback: {
    windowSeconds: 3600,
    perAccount: 30,
    perAddress: 5,
    message: "limits.whatsappCallbacks",
  },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;

/**
 * Who is asking: an account's id or an e-mail address (see `emailAccount`), and the client's
 * address. Either may be unknown (a visitor has no account, a server-side call no address).
 */
export interface RateLimitSubject {
  account?: string | null;
  address?: string | null;
}

/** An e-mail address as an account's key: the same mailbox however it was typed. */
export function emailAccount(email: string | null | undefined): string | null {
  const normalized = email?.trim().toLowerCase();
  return normalized ? `email:${normalized}` : null;
}

/** The stored key of one count: a rule, and the account or the address it counts. */
export function rateLimitKey(name: RateLimitName, kind: "account" | "address", who: string) {
  return `${name}:${kind}:${who}`;
}

/**
 * The client's address of the request being served. The server sets it where it reads it from
 * the socket, so a service limiting a write counts the address without every page and endpoint
 * handing it down (one that forgot would have had no per-address limit).
 */
const clientAddressScope = new AsyncLocalStorage<{ address: string | null }>();

/** Runs `serve` as a request from `address`: `requireUnderWriteLimit` counts it. */
export function inClientAddressScope<T>(address: string | null, serve: () => T): T {
  return clientAddressScope.run({ address }, serve);
}

interface Counted {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt on each key, in one statement: an upsert that adds one to the key's count,
 * or starts a new window at `now` when the stored one has ended. Postgres locks the row it
 * updates, so concurrent calls from any number of processes each get their own count back and
 * none is lost. A window opens at a key's first attempt (not on the clock's minute), so a burst
 * never straddles two windows.
 */
export async function countHits(
  db: Database,
  keys: string[],
  windowSeconds: number,
  now = new Date(),
): Promise<Map<string, Counted>> {
  const expiresAt = new Date(now.getTime() + windowSeconds * 1000);
  // In SET, a bare column is the stored row's value and `excluded` the row this call offered.
  const ended = sql`${rateLimitHits.expiresAt} <= excluded.window_start`;
  const rows = await db
    .insert(rateLimitHits)
    .values(keys.map((key) => ({ key, windowStart: now, expiresAt, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimitHits.count} + 1 end`,
        windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimitHits.windowStart} end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({
      key: rateLimitHits.key,
      count: rateLimitHits.count,
      expiresAt: rateLimitHits.expiresAt,
    });
  return new Map(
    rows.map((row) => [
      row.key,
      {
        count: row.count,
        retryAfterSeconds: Math.max(
          1,
          Math.ceil((new Date(row.expiresAt).getTime() - now.getTime()) / 1000),
        ),
      },
    ]),
  );
}

/**
 * Counts an attempt of `name` by the subject, and refuses it (RATE_LIMITED, 429) when the
 * account or the address is over its maximum in the current window. Refused attempts count
 * too: hammering on does not open the door sooner.
 */
export async function requireUnderRateLimit(
  name: RateLimitName,
  subject: RateLimitSubject,
  options: { db?: Database; now?: Date } = {},
): Promise<void> {
  const rule: RateLimitRule = RATE_LIMIT_RULES[name];
  const scale = getConfig().rateLimitScale;
  const limits = new Map<string, number>();
  if (subject.account) {
    limits.set(rateLimitKey(name, "account", subject.account), rule.perAccount * scale);
  }
  if (subject.address) {
    limits.set(rateLimitKey(name, "address", subject.address), rule.perAddress * scale);
  }
  if (limits.size === 0) return;
  const counted = await countHits(
    options.db ?? (await getDb()),
    [...limits.keys()],
    rule.windowSeconds,
    options.now,
  );
  for (const [key, max] of limits) {
    const hit = counted.get(key);
    if (hit && hit.count > max) throw new RateLimitError(rule.message, hit.retryAfterSeconds);
  }
}

/**
 * Counts a write of `name` by the signed-in actor (or a visitor, when null) and from the address
 * of the request being served; refused (429) past either maximum. The services call it for their
 * own writes, so a page's form and the API's endpoint share one limit.
 */
export async function requireUnderWriteLimit(
  name: RateLimitName,
  actor: { id: string } | null,
  options: { db?: Database } = {},
): Promise<void> {
  const address = clientAddressScope.getStore()?.address ?? null;
  await requireUnderRateLimit(name, { account: actor?.id, address }, options);
}

/** Forgets the windows that have ended (the scheduled jobs call it every minute). */
export async function pruneRateLimits(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));
}
