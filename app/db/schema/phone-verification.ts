import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * The one-time code of a person's phone step (app/services/verification/phone.server.ts): at most
 * one per account, replaced by each new code and removed once it is used, so an older code never
 * works. Only a keyed hash of the code is kept; `attempts` counts wrong entries, and the code is
 * spent at MAX_CODE_ATTEMPTS. Expired rows are removed by the scheduled jobs.
 */
export const phoneVerificationCodes = pgTable(
  "phone_verification_codes",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The number the code was sent to, in E.164: confirming verifies this number only. */
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("phone_verification_codes_expires_at_idx").on(t.expiresAt),
    check("phone_verification_codes_phone_check", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check("phone_verification_codes_attempts_check", sql`${t.attempts} >= 0`),
  ],
);
