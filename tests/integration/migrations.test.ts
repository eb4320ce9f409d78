import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "../../app/db/client.server.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

describe(`migrations on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("creates every table from an empty database", async () => {
    const rows = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "account",
      "agencies",
      "agency_invitations",
      "agency_members",
      "audit_log",
      "booking_events",
      "booking_settings",
      "bookings",
      "calendar_blocks",
      "contact_messages",
      "conversations",
      "countries",
      "currencies",
      "favorites",
      "hero_content",
      "ical_feeds",
      "jobs",
      "ledger_entries",
      "licence_kinds",
      "listing_boost_posts",
      "listing_boosts",
      "listing_images",
      "listing_leads",
      "listing_signals",
      "listing_uploads",
      "listing_videos",
      "listing_views",
      "listings",
      "messages",
      "payment_events",
      "payments",
      "payouts",
      "phone_verification_codes",
      "plan_subscriptions",
      "platform_settings",
      "premium_plans",
      "public_profiles",
      "quote_requests",
      "quotes",
      "rate_limit_hits",
      "refunds",
      "reports",
      "reviews",
      "search_words",
      "session",
      "support_chats",
      "support_messages",
      "tour_departures",
      "user",
      "user_blocks",
      "verification",
      "verification_documents",
      "verification_submissions",
      "whatsapp_callbacks",
    ]);
  });

  it("enables pg_trgm for the keyword index", async () => {
    const rows = await queryRows<{ extname: string }>(
      handle.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows).toHaveLength(1);
  });

  it("answers a ping", async () => {
    expect(await handle.ping()).toBe(true);
  });
});
