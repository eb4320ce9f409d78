import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  MEMBERSHIP_ROLES,
  MEMBERSHIP_STATUSES,
  type MembershipRole,
  type MembershipStatus,
} from "../../lib/team-values.ts";
import { user } from "./auth.ts";
import { oneOf } from "./sql-helpers.ts";

/**
 * An agency: a team of agents under the account whose plan grants `team`. Whether it is running
 * is never stored: it is the owner's plan at the moment asked (app/services/teams), so a plan's
 * end pauses it and a renewal resumes it without a write.
 */
export const agencies = pgTable(
  "agencies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: text("owner_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The readable part of a future /agencies/<handle> page: lower-case letters, digits, dashes. */
    handle: text("handle").notNull().unique(),
    /** Set by the business verification (issue 28); until then the agency badge shows pending. */
    businessVerifiedAt: timestamp("business_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("agencies_handle_check", sql`${t.handle} ~ '^[a-z0-9](-?[a-z0-9])*$'`)],
);

/** Who belongs to an agency: its owner, and members while active (a removed or left row stays). */
export const agencyMembers = pgTable(
  "agency_members",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").$type<MembershipRole>().notNull(),
    status: text("status").$type<MembershipStatus>().notNull().default("active"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    check("agency_members_role_check", oneOf(t.role, MEMBERSHIP_ROLES)),
    check("agency_members_status_check", oneOf(t.status, MEMBERSHIP_STATUSES)),
    check("agency_members_ended_check", sql`(${t.status} = 'active') = (${t.endedAt} IS NULL)`),
    // One agency at a time per person.
    uniqueIndex("agency_members_active_unique")
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index("agency_members_agency_idx").on(t.agencyId, t.status),
  ],
);

/** An invitation by e-mail: the link carries the token, good until `expiresAt`. */
export const agencyInvitations = pgTable(
  "agency_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The SHA-256 of the link's token: a leaked table does not let anybody in. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("agency_invitations_email_lower_check", sql`${t.email} = lower(${t.email})`),
    // One open invitation per address and agency: inviting again sends a fresh link instead.
    uniqueIndex("agency_invitations_open_unique")
      .on(t.agencyId, t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);
