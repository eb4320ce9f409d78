import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openDatabase,
  queryRows,
  type DatabaseHandle,
  type DatabaseTarget,
} from "../../app/db/client.server.ts";
import { auditLog, premiumPlans } from "../../app/db/schema/index.ts";
import { perksSchema } from "../../app/lib/schemas/perks.ts";
import { emptyTestTarget, testEngine } from "../support/database.ts";

/** The last migration before the entitlements'. */
const BEFORE = "0011_money-safety";

/** The migrations folder as it was before the entitlements. */
async function migrationsBefore(dir: string): Promise<string> {
  const journal = JSON.parse(await readFile("drizzle/meta/_journal.json", "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await mkdir(path.join(dir, "meta"), { recursive: true });
  await writeFile(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    await copyFile(path.join("drizzle", `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  return dir;
}

const PREMIUM = { analytics: "premium", agencyBadge: true, whatsappLeads: true };
const ELITE = {
  ...PREMIUM,
  videoListing: true,
  leadDownload: true,
  socialBoost: { perPeriod: 3 },
};

describe(`the plan entitlements migration on ${testEngine}`, () => {
  let tmp: string;
  let target: DatabaseTarget;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), "gateway-entitlements-migration-"));
    target = await emptyTestTarget(path.join(tmp, "pglite"));
    const old = await openDatabase(target, {
      migrationsFolder: await migrationsBefore(path.join(tmp, "migrations")),
    });
    try {
      // Beside the spec's five plans (migration 0005): one the administrator typed, with other
      // spelling, a plan it builds on, and a text no entitlement stands for. Raw SQL: the table
      // of today has no features column.
      await old.db.execute(
        sql`insert into premium_plans (id, name, price_usd, months, listing_limit, featured_ads, features, popular, position)
            values ('gold', 'Gold', 30, 6, 20, 4,
              '["Up to 20 listings", "4 featured ads", "all standard features", "  PREMIUM analytics ", "Free coffee"]',
              false, 6)`,
      );
    } finally {
      await old.close();
    }
    handle = await openDatabase(target);
  });

  afterAll(async () => {
    await handle.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it("turns every known feature text into its entitlement, inherited plans included", async () => {
    const rows = await handle.db
      .select({
        id: premiumPlans.id,
        listingLimit: premiumPlans.listingLimit,
        featuredAds: premiumPlans.featuredAds,
        entitlements: premiumPlans.entitlements,
      })
      .from(premiumPlans)
      .orderBy(asc(premiumPlans.position));
    expect(rows).toEqual([
      {
        id: "basic",
        listingLimit: 5,
        featuredAds: 2,
        entitlements: { analytics: "basic", support: "basic" },
      },
      {
        id: "standard",
        listingLimit: 10,
        featuredAds: 5,
        entitlements: { support: "priority", reviewsDashboard: true, watermarkRemoval: true },
      },
      { id: "premium", listingLimit: null, featuredAds: 10, entitlements: PREMIUM },
      { id: "elite", listingLimit: null, featuredAds: 10, entitlements: ELITE },
      {
        id: "ultimate",
        listingLimit: null,
        featuredAds: 10,
        entitlements: {
          ...ELITE,
          team: { seats: 5 },
          propertyWebsite: true,
          customBranding: true,
        },
      },
      {
        id: "gold",
        listingLimit: 20,
        featuredAds: 4,
        entitlements: {
          support: "priority",
          reviewsDashboard: true,
          watermarkRemoval: true,
          analytics: "premium",
        },
      },
    ]);
    // What the migration wrote is what the catalogue accepts.
    for (const row of rows) expect(perksSchema.safeParse(row.entitlements).success).toBe(true);
  });

  it("stores no feature text any more, and keeps an unknown one in the audit log", async () => {
    const columns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns where table_name = 'premium_plans'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain("features");
    const entries = await handle.db
      .select({
        action: auditLog.action,
        targetId: auditLog.targetId,
        actorId: auditLog.actorId,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .where(eq(auditLog.targetType, "plan"));
    expect(entries).toEqual([
      {
        action: "plan.edit",
        targetId: "gold",
        actorId: null,
        detail: { before: { features: ["Free coffee"] }, after: {} },
      },
    ]);
  });
});
