import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTranslator } from "../../app/i18n/translate.ts";
import {
  FREE_ENTITLEMENTS,
  grants,
  planEntitlements,
  type Entitlements,
  type PerkName,
} from "../../app/lib/entitlements.ts";
import { planUnlocking, type LevelOf } from "../../app/services/premium/entitlements.server.ts";
import { listPremiumPlans } from "../../app/services/premium/plans.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, jarWith, makeUser, type MadeUser } from "../support/factories.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const TWO_YEARS_MS = 2 * 365 * 86_400_000;

/**
 * Plans × entitlements (issue 27): for every plan on sale and the free tier, each gated action
 * works with the perk and is refused without it, through the API (403 naming the cheapest plan
 * that unlocks it) and through the page (which offers it or not). The expected answer is read
 * from the plan's own entitlement set, so an administrator's edit of the demo plans changes what
 * is expected, never whether the test holds.
 */

interface Probe<N extends PerkName = PerkName> {
  perk: N;
  level?: LevelOf<N>;
  /** The perk's words in the refusal ("premium analytics"). */
  words: string;
  /** The API call the perk gates, as the account. */
  api: (who: MadeUser) => Promise<Response>;
  /** Whether the account's page offers the perk. */
  offered: (who: MadeUser) => Promise<boolean>;
}

describe(`every plan's perks are checked, through the page and the API, on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  const accounts: { plan: string; set: Entitlements; who: MadeUser }[] = [];

  const html = async (who: MadeUser, path: string) => {
    const response = await page(path, { jar: jarWith(who.cookie) });
    expect(response.status, path).toBe(200);
    return markupOf(await textOf(response));
  };

  const probes: Probe[] = [
    {
      perk: "analytics",
      level: "premium",
      words: t("entitlements.locked.perks.analytics.premium"),
      api: (who) => send("/api/v1/analytics/report.csv?days=90", { jar: jarWith(who.cookie) }),
      // The premium tier offers the report per listing; the basic tier only its totals.
      offered: async (who) =>
        (await html(who, "/dashboard/analytics?days=90")).includes(
          t("dashboard.analytics.listingReport"),
        ),
    } satisfies Probe<"analytics">,
    {
      perk: "leadDownload",
      words: t("entitlements.locked.perks.leadDownload"),
      api: (who) => send("/api/v1/analytics/leads.csv", { jar: jarWith(who.cookie) }),
      offered: async (who) =>
        (await html(who, "/dashboard/analytics")).includes(t("dashboard.analytics.leadsDownload")),
    },
    {
      perk: "reviewsDashboard",
      words: t("entitlements.locked.perks.reviewsDashboard"),
      api: (who) => send("/api/v1/me/reviews", { jar: jarWith(who.cookie) }),
      offered: async (who) =>
        !(await html(who, "/dashboard/reviews")).includes(
          t("entitlements.locked.perks.reviewsDashboard"),
        ),
    },
  ];

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    const free = await makeUser({ role: "agent" });
    accounts.push({ plan: "free tier", set: FREE_ENTITLEMENTS, who: free });
    for (const plan of await listPremiumPlans()) {
      const [running, ended, renewed] = await Promise.all([
        makeUser({ role: "agent" }),
        makeUser({ role: "agent" }),
        makeUser({ role: "agent" }),
      ]);
      await givePlan(running.id, plan.id);
      // A plan's end stops its perks; buying it again brings them back.
      await givePlan(ended.id, plan.id, { startsAt: new Date(Date.now() - TWO_YEARS_MS) });
      await givePlan(renewed.id, plan.id, { startsAt: new Date(Date.now() - TWO_YEARS_MS) });
      await givePlan(renewed.id, plan.id);
      accounts.push(
        { plan: plan.name, set: planEntitlements(plan), who: running },
        { plan: `ended ${plan.name}`, set: FREE_ENTITLEMENTS, who: ended },
        { plan: `renewed ${plan.name}`, set: planEntitlements(plan), who: renewed },
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it("has a plan that grants each probed perk and one that does not", () => {
    for (const probe of probes) {
      const granted = accounts.filter(({ set }) => grants(set, probe.perk, probe.level));
      expect(granted.length, probe.perk).toBeGreaterThan(0);
      expect(granted.length, probe.perk).toBeLessThan(accounts.length);
    }
  });

  for (const probe of probes) {
    it(`answers ${probe.perk}${probe.level ? ` (${probe.level})` : ""} as each plan grants it`, async () => {
      const unlocking = (await planUnlocking(probe.perk, probe.level))!;
      const refusal = t("entitlements.locked.plan", { perk: probe.words, plan: unlocking.name });
      for (const { plan, set, who } of accounts) {
        const granted = grants(set, probe.perk, probe.level);
        const label = `${probe.perk} on ${plan}`;
        const response = await probe.api(who);
        if (granted) {
          expect(response.status, label).toBe(200);
        } else {
          expect(response.status, label).toBe(403);
          expect(await response.json(), label).toMatchObject({
            error: { code: "FORBIDDEN", message: refusal },
          });
        }
        expect(await probe.offered(who), label).toBe(granted);
      }
    });
  }
});
