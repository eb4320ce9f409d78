import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { ROLES, PREMIUM_STATUSES } from "../../lib/roles.ts";
import { oneOf } from "./sql-helpers.ts";

/**
 * The better-auth core tables (user, session, account, verification) with the admin plugin's
 * fields. The spec's "profile" lives on the user row: name is the full name, and role stays
 * null until the person chooses an account type.
 */
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    phone: text("phone"),
    avatarUrl: text("avatar_url"),
    role: text("role"),
    premiumStatus: text("premium_status").notNull().default("none"),
    /** Whether they are e-mailed about new messages (the profile's switch). */
    messageEmails: boolean("message_emails").notNull().default(true),
    /** The average of the visible reviews of their listings, kept by the reviews service. */
    rating: numeric("rating", { precision: 2, scale: 1 }),
    ratingCount: integer("rating_count").notNull().default(0),
    /** The number confirmed by an SMS code, in E.164, and when (issue 28). */
    verifiedPhone: text("verified_phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /**
     * Until when the administrator's approval of their identity (or business) documents holds;
     * null when never approved. app/lib/verification-values.ts reads them.
     */
    identityVerifiedUntil: timestamp("identity_verified_until", { withTimezone: true }),
    businessVerifiedUntil: timestamp("business_verified_until", { withTimezone: true }),
    /**
     * Suspended (banExpires set) or banned (banExpires null) by the administrator (issue 28). A
     * suspension whose banExpires has passed is over: every check compares it with now(), so no
     * job lifts it (app/auth/standing.server.ts).
     */
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_role_check", sql`${t.role} IS NULL OR ${oneOf(t.role, ROLES)}`),
    check("user_premium_status_check", oneOf(t.premiumStatus, PREMIUM_STATUSES)),
    check("user_email_lower_check", sql`${t.email} = lower(${t.email})`),
    index("user_created_at_idx").on(t.createdAt),
    // Public listing queries exclude the few barred owners by an anti-join: this keeps it a
    // lookup of a handful of rows however many accounts there are.
    index("user_barred_idx")
      .on(t.id, t.banExpires)
      .where(sql`${t.banned}`),
    // The "Verified hosts only" filter lists the verified first: few rows, so a partial index.
    index("user_identity_verified_idx")
      .on(t.identityVerifiedUntil)
      .where(sql`${t.identityVerifiedUntil} IS NOT NULL`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);
