import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, currencies } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import * as currencyPage from "../../app/routes/dashboard/currency-settings.tsx";
import { listCurrencies } from "../../app/services/reference/reference.server.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { jarWith, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { CookieJar, startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const PATH = "/dashboard/currency-settings";

/**
 * The admin's Currency tab and its API: a rate edit and a new currency are validated by one
 * schema, persisted with their audit entry, refused to everyone else with nothing changed, and
 * shown to every visitor at once (the kept reference data is dropped on each write).
 */
describe(`admin currencies on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let admin: MadeUser;
  let agent: MadeUser;

  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
    agent = await makeUser({ role: "agent" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const editRate = (code: string, ratePerUsd: string, who: MadeUser = admin) =>
    app.action(currencyPage, PATH, { intent: "edit-rate", code, ratePerUsd }, jarWith(who.cookie));

  const add = (fields: Record<string, string>, who: MadeUser = admin) =>
    app.action(currencyPage, PATH, { intent: "add", ...fields }, jarWith(who.cookie));

  async function rateOf(code: string): Promise<string | undefined> {
    const [row] = await app.handle.db
      .select({ rate: currencies.ratePerUsd })
      .from(currencies)
      .where(eq(currencies.code, code));
    return row?.rate;
  }

  async function latestAudit() {
    const [row] = await app.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return row;
  }

  /** The fields of a refused add, as the page shows them again (400). */
  function refusalOf(result: unknown) {
    const refused = result as { init: { status: number }; data: { fieldErrors: object } };
    expect(refused.init.status).toBe(400);
    return refused.data.fieldErrors;
  }

  describe("the rate edit", () => {
    it.each([
      ["", "dashboard.currency.errors.invalidNumber"],
      ["abc", "dashboard.currency.errors.invalidNumber"],
      ["1e3", "dashboard.currency.errors.invalidNumber"],
      ["Infinity", "dashboard.currency.errors.invalidNumber"],
      ["0", "dashboard.currency.errors.ratePositive"],
      ["-4", "dashboard.currency.errors.ratePositive"],
      ["0.0000001", "dashboard.currency.errors.rateTooSmall"],
      ["100000000000000", "dashboard.currency.errors.rateTooLarge"],
    ])("refuses %j with the spec's Invalid Rate toast and changes nothing", async (rate, key) => {
      const before = await databaseSnapshot(app.handle.db);
      const result = await editRate("KES", rate);
      expect(location(result)).toBe(PATH);
      expect(toastOf(result)).toMatchObject({
        title: "dashboard.currency.errors.invalidRateTitle",
        description: key,
      });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });

    it("words the refusal as the spec does", () => {
      expect(t("dashboard.currency.errors.invalidRateTitle")).toBe("Invalid Rate");
      expect(t("dashboard.currency.errors.invalidNumber")).toBe("Please enter a valid number.");
      expect(t("dashboard.currency.errors.codeTaken", { code: "KES" })).toBe(
        "Currency with code KES already exists.",
      );
    });

    it("saves a rate, records the old and new rate, and every visitor's next page uses it", async () => {
      const owner = await makeUser({ role: "agent" });
      const { id } = await makeListing({ owner, priceUsdCents: 90_000 });
      const visitor = new CookieJar();
      await page("/set-currency", { method: "POST", form: { currency: "KES" }, jar: visitor });
      const priceOn = async () =>
        markupOf(await textOf(await page(`/listing/${id}`, { jar: visitor })));

      // $900 at 130 shillings: the page is read once, so the rate is now kept in memory.
      expect(await priceOn()).toContain("KSh 117,000");
      const result = await editRate("kes", " 140.5 ");
      expect(location(result)).toBe(PATH);
      expect(toastOf(result)).toMatchObject({
        title: "dashboard.currency.rateUpdated",
        params: { rate: "140.5", code: "KES" },
      });
      expect(Number(await rateOf("KES"))).toBe(140.5);
      expect(await priceOn()).toContain("KSh 126,450");

      const entry = await latestAudit();
      expect(entry).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        action: "currency.edit",
        targetType: "currency",
        targetId: "KES",
      });
      expect(Number(entry!.detail.oldRate)).toBe(130);
      expect(Number(entry!.detail.newRate)).toBe(140.5);
    });

    it("keeps the US dollar's rate at 1", async () => {
      const result = await editRate("USD", "2");
      expect(toastOf(result)).toMatchObject({ description: "dashboard.currency.errors.baseRate" });
      expect(Number(await rateOf("USD"))).toBe(1);
    });

    it("answers an unknown currency with the toast, writing nothing", async () => {
      const before = await databaseSnapshot(app.handle.db);
      const result = await editRate("XXX", "3");
      expect(toastOf(result)).toMatchObject({ description: "dashboard.currency.errors.notFound" });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });
  });

  describe("Add Currency", () => {
    const valid = { name: "CFP Franc", code: "xpf", symbol: "₣", ratePerUsd: "110.25" };

    it.each([
      [{ name: "" }, "name", "dashboard.currency.errors.name"],
      [{ code: "" }, "code", "dashboard.currency.errors.code"],
      [{ code: "ABCD" }, "code", "dashboard.currency.errors.code"],
      [{ code: "A1B" }, "code", "dashboard.currency.errors.code"],
      [{ symbol: " " }, "symbol", "dashboard.currency.errors.symbol"],
      [{ ratePerUsd: "ten" }, "ratePerUsd", "dashboard.currency.errors.invalidNumber"],
      [{ ratePerUsd: "0" }, "ratePerUsd", "dashboard.currency.errors.ratePositive"],
      [{ countryCode: "PYF" }, "countryCode", "dashboard.currency.errors.countryCode"],
      [{ countryCode: "p1" }, "countryCode", "dashboard.currency.errors.countryCode"],
    ])("refuses %j, naming the field, and writes nothing", async (change, field, key) => {
      const before = await databaseSnapshot(app.handle.db);
      const errors = refusalOf(await add({ ...valid, ...change }));
      expect(errors).toMatchObject({ [field]: key });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });

    it("refuses a code in use in the spec's words, whatever its case", async () => {
      const before = await databaseSnapshot(app.handle.db);
      const errors = refusalOf(await add({ ...valid, code: "kes" }));
      expect(errors).toEqual({ code: "dashboard.currency.errors.codeTaken" });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });

    it("adds a currency in upper case, records it, and offers it to visitors at once", async () => {
      expect((await listCurrencies()).some((c) => c.code === "XPF")).toBe(false);
      const result = await add({ ...valid, countryCode: "pf" });
      expect(location(result)).toBe(PATH);
      expect(toastOf(result)).toMatchObject({
        title: "dashboard.currency.added",
        params: { name: "CFP Franc", code: "XPF" },
      });
      const [row] = await app.handle.db.select().from(currencies).where(eq(currencies.code, "XPF"));
      expect(row).toMatchObject({ name: "CFP Franc", symbol: "₣", countryCode: "PF" });
      expect(Number(row!.ratePerUsd)).toBe(110.25);
      expect(await latestAudit()).toMatchObject({
        action: "currency.add",
        targetType: "currency",
        targetId: "XPF",
        actorId: admin.id,
      });

      // A visitor's next page hands the header's picker the new currency.
      expect((await listCurrencies()).find((c) => c.code === "XPF")?.name).toBe("CFP Franc");
      expect(await textOf(await page("/about"))).toContain("CFP Franc");
    });

    it("works without JavaScript: ?add=1 shows the form in the page, and a refusal shows it again", async () => {
      const jar = jarWith(admin.cookie);
      const form = markupOf(await textOf(await page(`${PATH}?add=1`, { jar })));
      expect(form).toContain('name="intent" value="add"');
      expect(form).toContain(`action="${PATH}?add=1"`);

      const refused = await page(`${PATH}?add=1`, {
        method: "POST",
        form: { intent: "add", ...valid, code: "kes" },
        jar,
      });
      expect(refused.status).toBe(400);
      const html = markupOf(await textOf(refused));
      expect(html).toContain("Currency with code KES already exists.");
      expect(html).toContain('value="CFP Franc"');
    });

    it("takes a currency without a country", async () => {
      await add({ name: "Test Unit", code: "XTU", symbol: "TU", ratePerUsd: "2", countryCode: "" });
      const [row] = await app.handle.db
        .select({ countryCode: currencies.countryCode })
        .from(currencies)
        .where(eq(currencies.code, "XTU"));
      expect(row).toEqual({ countryCode: null });
    });
  });

  describe("refusals", () => {
    it("refuses the agent's rate edit and new currency, changing nothing", async () => {
      const before = await databaseSnapshot(app.handle.db);
      const forms: Record<string, string>[] = [
        { intent: "edit-rate", code: "GBP", ratePerUsd: "5" },
        { intent: "add", name: "Agent Coin", code: "AGC", symbol: "A", ratePerUsd: "1" },
      ];
      for (const form of forms) {
        const response = await page(PATH, { method: "POST", form, jar: jarWith(agent.cookie) });
        expect(response.status).toBe(302);
        expect(toastOf(response)?.title).toBe("auth.toasts.accessDenied");
      }
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });

    it("refuses the API to a visitor (401) and an agent (403), changing nothing", async () => {
      const before = await databaseSnapshot(app.handle.db);
      const body = { name: "Agent Coin", code: "AGC", symbol: "A", ratePerUsd: 1 };
      expect((await send("/api/v1/admin/currencies", { json: body })).status).toBe(401);
      const asAgent = jarWith(agent.cookie);
      expect((await send("/api/v1/admin/currencies", { json: body, jar: asAgent })).status).toBe(
        403,
      );
      const patch = { method: "PATCH", json: { ratePerUsd: 9 }, jar: asAgent };
      expect((await send("/api/v1/admin/currencies/GBP", patch)).status).toBe(403);
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });
  });

  describe("the API", () => {
    const asAdmin = () => jarWith(admin.cookie);

    it("adds a currency (201), refuses a duplicate (409) and bad fields (400)", async () => {
      const body = { name: "Api Dollar", code: "xad", symbol: "A$", ratePerUsd: "3.5" };
      const created = await send("/api/v1/admin/currencies", { json: body, jar: asAdmin() });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ code: "XAD", ratePerUsd: "3.500000" });

      const again = await send("/api/v1/admin/currencies", { json: body, jar: asAdmin() });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({
        error: { code: "CONFLICT", fields: { code: t("dashboard.currency.errors.codeInUse") } },
      });

      const bad = await send("/api/v1/admin/currencies", {
        json: { ...body, code: "XAE", ratePerUsd: -1, countryCode: "xyz" },
        jar: asAdmin(),
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()) as unknown).toMatchObject({
        error: {
          code: "VALIDATION_FAILED",
          fields: {
            ratePerUsd: t("dashboard.currency.errors.ratePositive"),
            countryCode: t("dashboard.currency.errors.countryCode"),
          },
        },
      });
    });

    it("changes a rate (200), refuses a bad one (400) and an unknown code (404)", async () => {
      const ok = await send("/api/v1/admin/currencies/gbp", {
        method: "PATCH",
        json: { ratePerUsd: 0.8 },
        jar: asAdmin(),
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ code: "GBP", ratePerUsd: "0.800000" });
      const listed = (await (await send("/api/v1/currencies")).json()) as {
        currencies: { code: string; ratePerUsd: string }[];
      };
      expect(listed.currencies.find((c) => c.code === "GBP")?.ratePerUsd).toBe("0.800000");

      const bad = await send("/api/v1/admin/currencies/GBP", {
        method: "PATCH",
        json: { ratePerUsd: "lots" },
        jar: asAdmin(),
      });
      expect(bad.status).toBe(400);
      const missing = await send("/api/v1/admin/currencies/QQQ", {
        method: "PATCH",
        json: { ratePerUsd: 2 },
        jar: asAdmin(),
      });
      expect(missing.status).toBe(404);
      expect(Number(await rateOf("GBP"))).toBe(0.8);
    });
  });
});
