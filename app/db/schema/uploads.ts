import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * Listing images uploaded from the form but not yet part of a listing. Each row is one processed
 * image (its WebP variants are in media storage under `storage_key`) owned by the uploader. On
 * publish the rows move into listing_images; rows nobody published are removed after a day.
 */
export const listingUploads = pgTable(
  "listing_uploads",
  {
    storageKey: text("storage_key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The photo's perceptual hash, carried into listing_images when a listing takes it. */
    phash: text("phash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listing_uploads_size_check", sql`${t.width} > 0 AND ${t.height} > 0`),
    index("listing_uploads_user_id_idx").on(t.userId, t.createdAt),
    index("listing_uploads_created_at_idx").on(t.createdAt),
  ],
);
