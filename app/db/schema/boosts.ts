import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { BOOST_NETWORKS, type BoostNetwork, type BoostTexts } from "../../lib/boost-values.ts";
import { user } from "./auth.ts";
import { listings } from "./listings.ts";
import { planSubscriptions } from "./payments.ts";
import { oneOf } from "./sql-helpers.ts";

/**
 * A listing boosted on social media (a plan's `socialBoost`): asked for by its owner, with the
 * share image and post texts made at that moment, and waiting in the administrator's Boost queue
 * until a post is recorded (`posted_at`). At most one boost of a listing waits at a time.
 */
export const listingBoosts = pgTable(
  "listing_boosts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** Who asked (the listing's owner then); counted against their plan period. */
    requestedBy: text("requested_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The plan period it was granted in; null for the administrator, who needs no plan. */
    subscriptionId: integer("subscription_id").references(() => planSubscriptions.id, {
      onDelete: "set null",
    }),
    /** The share image (1200×630 JPEG) in media storage: `boosts/<hex>.jpg`. */
    imageKey: text("image_key").notNull().unique(),
    texts: jsonb("texts").$type<BoostTexts>().notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the first post was recorded: the boost leaves the queue's waiting list. */
    postedAt: timestamp("posted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("listing_boosts_one_pending")
      .on(t.listingId)
      .where(sql`${t.postedAt} IS NULL`),
    index("listing_boosts_requested_by_idx").on(t.requestedBy, t.requestedAt),
  ],
);

/** One post of a boost on a network, with the post's address (stored, never fetched). */
export const listingBoostPosts = pgTable(
  "listing_boost_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    boostId: integer("boost_id")
      .notNull()
      .references(() => listingBoosts.id, { onDelete: "cascade" }),
    network: text("network").$type<BoostNetwork>().notNull(),
    url: text("url").notNull(),
    postedBy: text("posted_by").references(() => user.id, { onDelete: "set null" }),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listing_boost_posts_network_check", oneOf(t.network, BOOST_NETWORKS)),
    check("listing_boost_posts_url_check", sql`${t.url} LIKE 'https://%'`),
    index("listing_boost_posts_boost_idx").on(t.boostId),
  ],
);
