import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import {
  AUDIT_ACTIONS,
  LEAD_KINDS,
  type AuditAction,
  type LeadKind,
} from "../../lib/admin-values.ts";
import type { Perks } from "../../lib/entitlements.ts";

import { user } from "./auth.ts";
import { listings } from "./listings.ts";
import { oneOf } from "./sql-helpers.ts";

/**
 * A lead: a visitor's contact click, share or favourite on a listing. One row per visitor, listing,
 * kind and day, as the view counter (listing_views) counts views.
 */
export const listingLeads = pgTable(
  "listing_leads",
  {
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    kind: text("kind").$type<LeadKind>().notNull(),
    visitorHash: text("visitor_hash").notNull(),
    day: date("day").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.kind, t.visitorHash, t.day] }),
    check("listing_leads_kind_check", oneOf(t.kind, LEAD_KINDS)),
    index("listing_leads_day_idx").on(t.day),
  ],
);

/**
 * A visitor's request to be called back on WhatsApp about a listing (the owner's plan grants
 * `whatsappLeads`): the number they gave in international form and when they consented to be
 * contacted on it. Kept after the plan ends, like every lead.
 */
export const whatsappCallbacks = pgTable(
  "whatsapp_callbacks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "+" and 8 to 15 digits (E.164). */
    phone: text("phone").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("whatsapp_callbacks_phone_check", sql`${t.phone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check("whatsapp_callbacks_name_check", sql`char_length(${t.name}) BETWEEN 1 AND 100`),
    index("whatsapp_callbacks_listing_idx").on(t.listingId, t.createdAt.desc()),
  ],
);

/** Who did what as administrator, and when: written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept as written: the actor's account may be gone when the entry is read. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** A short, human-readable summary of what changed (old and new values). */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("audit_log_action_check", oneOf(t.action, AUDIT_ACTIONS)),
    index("audit_log_created_at_idx").on(t.createdAt.desc()),
  ],
);

/** The premium plans on sale: data the administrator edits, read by the plans page and payments. */
export const premiumPlans = pgTable(
  "premium_plans",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    priceUsd: numeric("price_usd", { precision: 10, scale: 2 }).notNull(),
    months: smallint("months").notNull(),
    /** Null: unlimited listings. */
    listingLimit: integer("listing_limit"),
    featuredAds: integer("featured_ads").notNull(),
    /** The plan's perks, checked by perksSchema; its limits are the two columns above. */
    entitlements: jsonb("entitlements").$type<Perks>().notNull().default({}),
    popular: boolean("popular").notNull().default(false),
    position: smallint("position").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("premium_plans_id_check", sql`${t.id} ~ '^[a-z][a-z0-9-]{1,30}$'`),
    check("premium_plans_name_check", sql`length(trim(${t.name})) BETWEEN 1 AND 60`),
    check("premium_plans_price_check", sql`${t.priceUsd} > 0`),
    check("premium_plans_months_check", sql`${t.months} BETWEEN 1 AND 36`),
    check(
      "premium_plans_listing_limit_check",
      sql`${t.listingLimit} IS NULL OR ${t.listingLimit} > 0`,
    ),
    check("premium_plans_featured_ads_check", sql`${t.featuredAds} >= 0`),
  ],
);
