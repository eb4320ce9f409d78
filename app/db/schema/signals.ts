import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { SignalDetail } from "../../lib/schemas/signals.ts";
import { SIGNAL_KINDS, type SignalKind } from "../../lib/signal-values.ts";
import { user } from "./auth.ts";
import { listings } from "./listings.ts";
import { oneOf } from "./sql-helpers.ts";

/**
 * Scam signals (app/services/signals): one row per listing and kind, written when the listing
 * is saved. A signal flags the listing for the administrator and blocks nothing; dismissing it
 * keeps the row (dismissed_at), so the same kind does not flag the listing again.
 */
export const listingSignals = pgTable(
  "listing_signals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    kind: text("kind").$type<SignalKind>().notNull(),
    detail: jsonb("detail").$type<SignalDetail>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    dismissedBy: text("dismissed_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    // Also the index of a listing's signals, and of the "flagged" filter's EXISTS.
    unique("listing_signals_listing_kind_unique").on(t.listingId, t.kind),
    check("listing_signals_kind_check", oneOf(t.kind, SIGNAL_KINDS)),
    check("listing_signals_detail_check", sql`${t.detail} ->> 'kind' = ${t.kind}`),
  ],
);
