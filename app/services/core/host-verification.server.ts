import { sql } from "drizzle-orm";
import { listings, user } from "../../db/schema/index.ts";

/**
 * The "Verified" rule in SQL (issue 28), for every query that shows, filters or ranks listings
 * by their owner's verification: the owner's identity (or business) approval on their own row
 * (user.identity_verified_until, business_verified_until) holds now. A listing's moderation
 * approval is not a verification. app/lib/verification-values.ts is the same rule in code.
 */

/** The owner of the listing row in scope has a verified identity: one primary-key lookup. */
export const hostVerifiedColumn = sql<boolean>`coalesce((
  select u.identity_verified_until > now() from ${user} u where u.id = ${listings.userId}
), false)`;

/** The owner of the listing row in scope has a verified business. */
export const hostBusinessVerifiedColumn = sql<boolean>`coalesce((
  select u.business_verified_until > now() from ${user} u where u.id = ${listings.userId}
), false)`;

/**
 * "Verified hosts only": listings whose owner is among the verified. The verified are few next to
 * the listings, so their ids are listed first (the partial index user_identity_verified_idx) and
 * the listings found by owner (listings_user_id_idx), as the location filter does with countries.
 */
export const verifiedHostWhere = sql`${listings.userId} = any(array(
  select u.id from ${user} u where u.identity_verified_until > now()
))`;
