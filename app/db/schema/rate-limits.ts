import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Counters of the abuse limits (app/auth/rate-limit.server.ts): one row per key (a rule and
 * an account, e-mail or client address) holding the count of its current window, which opens at
 * the key's first attempt. One atomic upsert counts an attempt, so every server process counts
 * into the same rows and a restart forgets nothing. Ended windows are pruned by the scheduled jobs.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(1),
  },
  (t) => [index("rate_limit_hits_expires_at_idx").on(t.expiresAt)],
);
