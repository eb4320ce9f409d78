import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, premiumPlans } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import * as plansPage from "../../app/routes/dashboard/premium-plans.tsx";
import * as contactPage from "../../app/routes/site/contact.tsx";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { jarWith, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const PATH = "/dashboard/premium-plans";

/** The spec's five plans (§9), as migration 0005 seeds them. */
const SPEC_PLANS = [
  { id: "basic", name: "Basic", priceUsd: 15, months: 3, popular: false },
  { id: "standard", name: "Standard", priceUsd: 25, months: 5, popular: false },
  { id: "premium", name: "Premium", priceUsd: 35, months: 6, popular: true },
  { id: "elite", name: "Elite", priceUsd: 50, months: 9, popular: false },
  { id: "ultimate", name: "Ultimate", priceUsd: 75, months: 12, popular: false },
];

/** The edit form of the Basic plan as the page fills it, with `change` typed over it. */
function basicForm(change: Record<string, string> = {}): Record<string, string> {
  const form: Record<string, string> = {
    intent: "edit",
    planId: "basic",
    name: "Basic",
    priceUsd: "15",
    months: "3",
    listingLimit: "5",
    featuredAds: "2",
    "perk.analytics": "basic",
    "perk.support": "basic",
    ...change,
  };
  return form;
}

describe(`premium plans from the database on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let admin: MadeUser;
  let agent: MadeUser;
  let professional: MadeUser;

  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
    agent = await makeUser({ role: "agent" });
    professional = await makeUser({ role: "professional" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const edit = (form: Record<string, string>, who: MadeUser = admin) =>
    app.action(plansPage, PATH, form, jarWith(who.cookie));

  async function popularIds(): Promise<string[]> {
    const rows = await app.handle.db
      .select({ id: premiumPlans.id })
      .from(premiumPlans)
      .where(eq(premiumPlans.popular, true))
      .orderBy(asc(premiumPlans.id));
    return rows.map((row) => row.id);
  }

  it("shows the spec's five plans with their prices, durations and entitlements, Premium popular", async () => {
    const response = await page(PATH, { jar: jarWith(agent.cookie) });
    expect(response.status).toBe(200);
    const html = markupOf(await textOf(response));
    for (const plan of SPEC_PLANS) {
      expect(html).toContain(`>${plan.name}</h3>`);
      expect(html).toContain(`$${plan.priceUsd}`);
      expect(html).toContain(t("dashboard.premium.months", { count: plan.months }));
    }
    for (const bullet of [
      "Up to 5 listings",
      "2 featured ads",
      "Unlimited listings",
      "WhatsApp leads",
      "Custom branding",
      "Everything in Premium",
      "Everything in Elite",
      "Team access for 5 members",
    ]) {
      expect(html).toContain(bullet);
    }
    // No text typed by the administrator: every bullet is one of the catalogue's.
    expect(html).not.toContain("All Premium features");
    expect(html.match(/>Popular</g)).toHaveLength(1);
    // The agent chooses; only the admin edits.
    expect(html).toContain("Choose Premium");
    expect(html).not.toContain(t("dashboard.premium.edit.heading"));

    const api = (await (await send("/api/v1/premium-plans")).json()) as {
      plans: { id: string; priceUsd: number; months: number; popular: boolean }[];
    };
    expect(
      api.plans.map(({ id, priceUsd, months, popular }) => ({ id, priceUsd, months, popular })),
    ).toEqual(
      SPEC_PLANS.map(({ id, priceUsd, months, popular }) => ({ id, priceUsd, months, popular })),
    );
  });

  it("answers choosing a plan without a payment provider: nothing is charged, nothing changes", async () => {
    for (const who of [agent, professional]) {
      const before = await databaseSnapshot(app.handle.db);
      const result = await app.action(
        plansPage,
        PATH,
        { intent: "choose", planId: "premium" },
        jarWith(who.cookie),
      );
      expect(location(result)).toBe(PATH);
      expect(toastOf(result)).toMatchObject({
        title: "payments.plans.checkoutFailed",
        description: "payments.errors.unavailable",
      });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    }
  });

  it("refuses choosing a plan that does not exist", async () => {
    const result = await app.action(
      plansPage,
      PATH,
      { intent: "choose", planId: "platinum" },
      jarWith(agent.cookie),
    );
    expect(toastOf(result)).toMatchObject({
      title: "payments.plans.checkoutFailed",
      description: "dashboard.premium.errors.notFound",
    });
  });

  it.each([
    [{ name: "  " }, "name", "dashboard.premium.errors.name"],
    [{ priceUsd: "free" }, "priceUsd", "dashboard.premium.errors.price"],
    [{ priceUsd: "0" }, "priceUsd", "dashboard.premium.errors.price"],
    [{ priceUsd: "100000000" }, "priceUsd", "dashboard.premium.errors.price"],
    [{ months: "0" }, "months", "dashboard.premium.errors.months"],
    [{ months: "2.5" }, "months", "dashboard.premium.errors.months"],
    [{ months: "37" }, "months", "dashboard.premium.errors.months"],
    [{ listingLimit: "0" }, "listingLimit", "dashboard.premium.errors.listingLimit"],
    [{ listingLimit: "many" }, "listingLimit", "dashboard.premium.errors.listingLimit"],
    [{ featuredAds: "-1" }, "featuredAds", "dashboard.premium.errors.featuredAds"],
    [{ "perk.analytics": "gold" }, "entitlements", "dashboard.premium.errors.entitlements"],
    [{ "perk.team": "0" }, "entitlements", "dashboard.premium.errors.entitlements"],
    [{ "perk.team": "five" }, "entitlements", "dashboard.premium.errors.entitlements"],
    [{ "perk.socialBoost": "101" }, "entitlements", "dashboard.premium.errors.entitlements"],
  ])("refuses the edit %j, naming the field, and writes nothing", async (change, field, key) => {
    const before = await databaseSnapshot(app.handle.db);
    const result = (await edit(basicForm(change))) as {
      init: { status: number };
      data: { planId: string; fieldErrors: Record<string, string> };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.planId).toBe("basic");
    expect(result.data.fieldErrors[field]).toBe(key);
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
  });

  it("saves an edit with its audit entry; a popular plan unmarks the other", async () => {
    const result = await edit(
      basicForm({
        name: "Basic Plus",
        priceUsd: "17.50",
        months: "4",
        listingLimit: "",
        "perk.analytics": "premium",
        "perk.support": "",
        "perk.watermarkRemoval": "on",
        "perk.team": " 5 ",
        popular: "on",
      }),
    );
    expect(location(result)).toBe(PATH);
    expect(toastOf(result)).toMatchObject({
      title: "dashboard.premium.edit.saved",
      params: { plan: "Basic Plus" },
    });
    const [row] = await app.handle.db
      .select()
      .from(premiumPlans)
      .where(eq(premiumPlans.id, "basic"));
    expect(row).toMatchObject({
      name: "Basic Plus",
      months: 4,
      listingLimit: null,
      featuredAds: 2,
      entitlements: { analytics: "premium", watermarkRemoval: true, team: { seats: 5 } },
      popular: true,
    });
    expect(Number(row!.priceUsd)).toBe(17.5);
    expect(await popularIds()).toEqual(["basic"]);

    const [entry] = await app.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "plan.edit",
      targetType: "plan",
      targetId: "basic",
      actorId: admin.id,
      detail: {
        before: { name: "Basic", priceUsd: 15, months: 3, listingLimit: 5, popular: false },
        after: { name: "Basic Plus", priceUsd: 17.5, months: 4, listingLimit: null, popular: true },
        unmarkedPopular: ["premium"],
      },
    });

    // Everyone reads the edit at once: the page, the API and the contact form's plan request.
    const html = markupOf(await textOf(await page(PATH, { jar: jarWith(agent.cookie) })));
    expect(html).toContain(">Basic Plus</h3>");
    expect(html).toContain("Premium analytics");
    expect(html).toContain("Team access for 5 members");
    expect(html).toContain("$17.50");
    const contact = (await app.loader(contactPage, "/contact?reason=partnership&plan=basic")) as {
      plan: unknown;
    };
    expect(contact.plan).toEqual({ name: "Basic Plus", priceUsd: 17.5, months: 4 });
    const listed = (await (await send("/api/v1/premium-plans")).json()) as {
      plans: { id: string; popular: boolean }[];
    };
    expect(listed.plans.filter((p) => p.popular).map((p) => p.id)).toEqual(["basic"]);
  });

  it("edits through the API, refusing others and bad input", async () => {
    const body = {
      name: "Premium",
      priceUsd: 35,
      months: 6,
      listingLimit: null,
      featuredAds: 10,
      entitlements: { analytics: "premium", agencyBadge: true, whatsappLeads: true },
      popular: true,
    };
    const before = await databaseSnapshot(app.handle.db);
    const url = "/api/v1/admin/premium-plans/premium";
    expect((await send(url, { method: "PATCH", json: body })).status).toBe(401);
    expect(
      (await send(url, { method: "PATCH", json: body, jar: jarWith(agent.cookie) })).status,
    ).toBe(403);
    const refused = await page(PATH, {
      method: "POST",
      form: basicForm({ name: "Agent's plan" }),
      jar: jarWith(agent.cookie),
    });
    expect(toastOf(refused)?.title).toBe("auth.toasts.accessDenied");
    const bad = await send(url, {
      method: "PATCH",
      json: { ...body, months: 0 },
      jar: jarWith(admin.cookie),
    });
    expect(bad.status).toBe(400);
    for (const entitlements of [
      { feature: "Free coffee" },
      { team: { seats: 0 } },
      { analytics: "gold" },
      { agencyBadge: false },
      ["Unlimited listings"],
    ]) {
      const refusedPerks = await send(url, {
        method: "PATCH",
        json: { ...body, entitlements },
        jar: jarWith(admin.cookie),
      });
      expect(refusedPerks.status).toBe(400);
      expect(JSON.stringify(await refusedPerks.json())).toContain(
        t("dashboard.premium.errors.entitlements"),
      );
    }
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);

    const missing = await send("/api/v1/admin/premium-plans/gold", {
      method: "PATCH",
      json: body,
      jar: jarWith(admin.cookie),
    });
    expect(missing.status).toBe(404);

    const ok = await send(url, { method: "PATCH", json: body, jar: jarWith(admin.cookie) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      id: "premium",
      popular: true,
      listingLimit: null,
      entitlements: body.entitlements,
    });
    expect(await popularIds()).toEqual(["premium"]);
  });
});
