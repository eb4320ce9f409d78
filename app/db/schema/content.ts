import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { CONTACT_REASONS, type ContactReason } from "../../lib/listing-values.ts";
import type { HeroContent } from "../../lib/hero.ts";
import { user } from "./auth.ts";
import { oneOf } from "./sql-helpers.ts";

/** The home page hero: a single row, id 1. */
export const heroContent = pgTable(
  "hero_content",
  {
    id: integer("id").primaryKey().default(1),
    content: jsonb("content").$type<HeroContent>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("hero_content_single_row_check", sql`${t.id} = 1`)],
);

/** Branding and moderation settings: a single row, id 1. */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: integer("id").primaryKey().default(1),
    siteName: text("site_name").notNull(),
    tagline: text("tagline").notNull(),
    supportEmail: text("support_email").notNull(),
    supportPhone: text("support_phone").notNull(),
    notificationEmail: text("notification_email").notNull(),
    requireManualApproval: boolean("require_manual_approval").notNull().default(true),
    /** The uploaded logo under the media store; null shows the built-in mark. */
    logoPath: text("logo_path"),
    /** The platform's service fee on a booking, in hundredths of a percent (300 = 3 %). */
    serviceFeeBasisPoints: smallint("service_fee_basis_points").notNull().default(300),
    /**
     * The weighted count of distinct people's open reports that hides a listing pending review
     * (REPORT_WEIGHTS in app/lib/safety-values.ts: a new or unverified account counts half).
     */
    reportHideThreshold: smallint("report_hide_threshold").notNull().default(3),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("platform_settings_single_row_check", sql`${t.id} = 1`),
    check(
      "platform_settings_service_fee_check",
      sql`${t.serviceFeeBasisPoints} BETWEEN 0 AND 2000`,
    ),
    check(
      "platform_settings_report_threshold_check",
      sql`${t.reportHideThreshold} BETWEEN 1 AND 50`,
    ),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    reason: text("reason").$type<ContactReason>().notNull().default("general"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contact_messages_reason_check", oneOf(t.reason, CONTACT_REASONS)),
    check("contact_messages_name_check", sql`length(trim(${t.name})) BETWEEN 1 AND 120`),
    check("contact_messages_email_check", sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
    check("contact_messages_subject_check", sql`length(trim(${t.subject})) BETWEEN 1 AND 200`),
    check("contact_messages_message_check", sql`length(trim(${t.message})) BETWEEN 1 AND 5000`),
    index("contact_messages_created_at_idx").on(t.createdAt),
  ],
);
