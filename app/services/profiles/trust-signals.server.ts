import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { bookings, jobs, listings, user } from "../../db/schema/index.ts";
import { isVerifiedUntil } from "../../lib/verification-values.ts";
import type { TrustSignals } from "../../lib/schemas/public-profile.ts";
import { responseStats } from "./public-profile.server.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { trustLines, type TrustLine } from "../../lib/trust-lines.ts";

/**
 * What the site can vouch for about a host (issue 28, point 3). The badges read the approvals
 * kept on the person's row (user.identity_verified_until, business_verified_until): "Verified"
 * means their identity documents were checked and the approval has not expired, never that a
 * moderator approved the listing. Cards, the search filter and its ranking read the same rule in
 * SQL (app/services/core/host-verification.server.ts), so no screen can say more than another.
 */

/**
 * One host's trust signals: member since, what was verified, completed bookings (as host) and
 * quoted jobs (as professional), the response figures measured from their conversations (the same
 * ones their public page shows), and their review average. Null for an unknown account.
 */
export async function trustSignals(
  userId: string,
  now: Date = new Date(),
): Promise<TrustSignals | null> {
  const db = await getDb();
  const [person] = await db
    .select({
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      verifiedPhone: user.verifiedPhone,
      phoneVerifiedAt: user.phoneVerifiedAt,
      identityVerifiedUntil: user.identityVerifiedUntil,
      businessVerifiedUntil: user.businessVerifiedUntil,
      rating: user.rating,
      ratingCount: user.ratingCount,
      // Both counts read an index on the host's or professional's id (bookings_host_idx,
      // jobs_professional_idx), so a card costs two index lookups however busy the host is.
      completedBookings: sql<number>`(select count(*)::int from ${bookings} b
        where b.host_id = ${userId} and b.status = 'completed')`,
      completedJobs: sql<number>`(select count(*)::int from ${jobs} j
        where j.professional_id = ${userId} and j.status = 'completed')`,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!person) return null;
  const response = await responseStats({ userId }, now);
  return {
    memberSince: new Date(person.createdAt).toISOString(),
    verification: hostVerification(person, now),
    completedBookings: Number(person.completedBookings),
    completedJobs: Number(person.completedJobs),
    response,
    rating: person.rating,
    ratingCount: person.ratingCount,
  };
}

/** What was verified of a person, from the columns of their row. */
export function hostVerification(
  person: {
    emailVerified: boolean;
    verifiedPhone: string | null;
    phoneVerifiedAt: Date | string | null;
    identityVerifiedUntil: Date | string | null;
    businessVerifiedUntil: Date | string | null;
  },
  now: Date = new Date(),
) {
  return {
    emailConfirmed: person.emailVerified,
    phoneVerified: person.verifiedPhone !== null && person.phoneVerifiedAt !== null,
    identityVerified: isVerifiedUntil(person.identityVerifiedUntil, now),
    businessVerified: isVerifiedUntil(person.businessVerifiedUntil, now),
  };
}

/** The trust signals of a listing's owner, for its contact card (null for an unknown listing). */
export async function listingTrustSignals(
  listingId: number,
  now: Date = new Date(),
): Promise<TrustSignals | null> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: listings.userId })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row ? trustSignals(row.userId, now) : null;
}

/**
 * A listing's contact card's trust signals in words (the site is in English): the page ships
 * the lines and none of the formatting, as its script budget is nearly spent.
 */
export async function listingTrustCard(
  listingId: number,
  now: Date = new Date(),
): Promise<{ title: string; lines: TrustLine[] } | null> {
  const trust = await listingTrustSignals(listingId, now);
  if (!trust) return null;
  const t = createTranslator();
  return { title: t("agents.trust.title"), lines: trustLines(t, trust) };
}

/** The badges a person has earned now, e.g. for the preview of a listing they are writing. */
export async function hostBadges(
  userId: string,
  now: Date = new Date(),
): Promise<{ verified: boolean; businessVerified: boolean }> {
  const db = await getDb();
  const [row] = await db
    .select({
      identityVerifiedUntil: user.identityVerifiedUntil,
      businessVerifiedUntil: user.businessVerifiedUntil,
    })
    .from(user)
    .where(eq(user.id, userId));
  return {
    verified: isVerifiedUntil(row?.identityVerifiedUntil, now),
    businessVerified: isVerifiedUntil(row?.businessVerifiedUntil, now),
  };
}
