import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Counters of the abuse limits (app/services/rate-limit.server.ts): one row per key (a rule and
 * an account, e-mail or client address) and fixed window, incremented by one atomic upsert, so
 * every server process counts into the same rows and a restart forgets nothing. Rows whose
 * window has ended are pruned by the scheduled jobs.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_hits_expires_at_idx").on(t.expiresAt),
  ],
);
