import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * A publisher's public page (/agents/<handle>, docs/decisions/016): the handle derived from their
 * name when the page is first needed (kept when the name changes, so links stay valid), the
 * languages they speak, and what the property website and custom branding perks add. The perks'
 * fields stay stored when a plan ends; the page only stops showing them.
 */
export const publicProfiles = pgTable(
  "public_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Derived from the name, unique, never changed. */
    handle: text("handle").notNull(),
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The handle they chose (the property website perk); the derived one keeps working. */
    websiteHandle: text("website_handle"),
    /** The cover image's storage key (the listing image pipeline's variants). */
    coverKey: text("cover_key"),
    about: text("about"),
    /** Their listings shown first on the property website, in this order. */
    featuredListingIds: integer("featured_listing_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The logo's storage key (custom branding). */
    logoKey: text("logo_key"),
    /** "#rrggbb", checked for contrast when saved (custom branding). */
    brandColor: text("brand_color"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("public_profiles_handle_idx").on(t.handle),
    uniqueIndex("public_profiles_website_handle_idx").on(t.websiteHandle),
    check("public_profiles_handle_check", sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "public_profiles_website_handle_check",
      sql`${t.websiteHandle} IS NULL OR ${t.websiteHandle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`,
    ),
    check(
      "public_profiles_brand_color_check",
      sql`${t.brandColor} IS NULL OR ${t.brandColor} ~ '^#[0-9a-f]{6}$'`,
    ),
  ],
);
