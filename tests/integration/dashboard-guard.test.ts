import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, listings } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { emptyListingValues } from "../../app/lib/schemas/listing.ts";
import { createListing } from "../../app/services/listings/listing-write.server.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
import {
  createPageHandler,
  markupOf,
  textOf,
  toastRegion,
  type PageHandler,
} from "../support/page-handler.ts";
import { jarWith, makeUser, type MadeUser } from "../support/factories.ts";
import { CookieJar, startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

describe(`dashboard guard over HTTP on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let regular: MadeUser;
  let agent: MadeUser;
  let ownerEmail: string;
  let admin: MadeUser;
  let pendingId: number;
  const PENDING_TITLE = "Hidden villa awaiting review qx7";
  const MESSAGE_SUBJECT = "Private question for the team zr4";

  /** Someone's session alone, so a test's toast cookie never reaches the next request. */
  function cookiesOf(who: MadeUser | null): CookieJar {
    return who ? jarWith(who.cookie) : new CookieJar();
  }

  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
    regular = await makeUser({ role: "user", name: "Yaa Asantewaa" });
    agent = await makeUser({ role: "agent", name: "Kwame Mensah" });
    // Another agent's listing waits for review: only the administrator may see it.
    const owner = await makeUser({ role: "agent", name: "Efua Owusu" });
    ownerEmail = owner.email;
    admin = await makeUser({ role: "admin" });
    expect(admin.viewer.role).toBe("admin");

    const saved = await createListing({
      actor: owner.viewer,
      input: {
        ...emptyListingValues("real-estate"),
        title: PENDING_TITLE,
        listingType: "rent",
        price: "900",
        priceType: "per_month",
        countryCode: "GH",
        city: "Accra",
        address: "3 Guard Lane",
        description: "Only the administrator may see this before it is approved.",
        propertyType: "apartment",
      },
    });
    expect(saved.status).toBe("pending_approval");
    pendingId = saved.id;
    await app.handle.db.insert(contactMessages).values({
      name: "Kojo Boateng",
      email: "kojo@example.com",
      subject: MESSAGE_SUBJECT,
      message: "Only the administrator may read this.",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  /** What each restricted tab would reveal: its heading and data only its roles may read. */
  const TABS = {
    moderation: { heading: t("dashboard.moderation.title"), secret: () => PENDING_TITLE },
    "manage-listings": { heading: t("dashboard.manage.title"), secret: () => PENDING_TITLE },
    "user-management": { heading: null, secret: () => ownerEmail },
    "platform-settings": { heading: t("dashboard.settings.title"), secret: () => null },
    "currency-settings": { heading: t("dashboard.currency.subtitle"), secret: () => null },
    messages: { heading: t("dashboard.messages.subtitle"), secret: () => MESSAGE_SUBJECT },
    "audit-log": { heading: t("dashboard.audit.title"), secret: () => null },
    analytics: { heading: t("dashboard.analytics.title"), secret: () => null },
    "premium-plans": { heading: t("dashboard.premium.title"), secret: () => null },
  } as const;
  type Tab = keyof typeof TABS;

  /**
   * The refusal as the server sends it: a document request and a client-side navigation's data
   * request both end at `target` with the toast, and neither carries anything of the tab.
   */
  async function expectRefused(
    who: MadeUser | null,
    tab: Tab,
    target: string,
    toast: "auth.toasts.accessDenied" | "auth.toasts.authRequired",
  ) {
    const { heading, secret } = TABS[tab];
    const marks = [heading, secret()].filter((mark): mark is string => mark !== null);

    const jar = cookiesOf(who);
    const document = await page(`/dashboard/${tab}`, { jar });
    expect(document.status, `${tab} for ${who?.viewer.role ?? "a visitor"}`).toBe(302);
    expect(location(document)).toBe(target);
    expect(toastOf(document)).toMatchObject({ title: toast });
    expect(await document.text()).toBe("");

    const data = await page(`/dashboard/${tab}.data`, { jar: cookiesOf(who) });
    expect(data.status).toBe(202);
    const payload = await data.text();
    expect(payload).toContain("SingleFetchRedirect");
    expect(payload).toContain(`"${target}"`);
    for (const mark of marks) expect(payload).not.toContain(mark);
    // No loader data of the tab's route at all.
    expect(payload).not.toContain(`routes/dashboard/${tab}`);

    // Where the redirect lands: the toast is on the page, the tab's content is not.
    const landed = await page(target, { jar });
    expect(landed.status).toBe(200);
    const html = await textOf(landed);
    expect(toastRegion(html)).toContain(t(toast));
    for (const mark of marks) expect(markupOf(html)).not.toContain(mark);
  }

  it("serves each tab, with its data, to the roles that may open it", async () => {
    const allowed: [MadeUser, Tab][] = [
      [admin, "moderation"],
      [admin, "manage-listings"],
      [admin, "user-management"],
      [admin, "platform-settings"],
      [admin, "currency-settings"],
      [admin, "messages"],
      [admin, "audit-log"],
      [agent, "analytics"],
      [agent, "premium-plans"],
    ];
    for (const [who, tab] of allowed) {
      const response = await page(`/dashboard/${tab}`, { jar: cookiesOf(who) });
      expect(response.status, tab).toBe(200);
      const html = await textOf(response);
      const { heading, secret } = TABS[tab];
      if (heading) expect(html).toContain(heading);
      if (secret()) expect(html).toContain(secret());
      const data = await page(`/dashboard/${tab}.data`, { jar: cookiesOf(who) });
      expect(data.status).toBe(200);
      // Premium plans is a static page: it has no loader, so no data of its own.
      if (tab !== "premium-plans") expect(await data.text()).toContain(`routes/dashboard/${tab}`);
    }
  });

  it("refuses a regular user the publisher and admin tabs with Access Denied", async () => {
    for (const tab of Object.keys(TABS) as Tab[]) {
      await expectRefused(regular, tab, "/dashboard/overview", "auth.toasts.accessDenied");
    }
    // The regular user's own tabs still open.
    for (const tab of ["overview", "my-listings", "bookings", "profile"]) {
      expect((await page(`/dashboard/${tab}`, { jar: cookiesOf(regular) })).status).toBe(200);
    }
  });

  it("refuses an agent the administrator's tabs with Access Denied", async () => {
    const adminTabs: Tab[] = [
      "moderation",
      "manage-listings",
      "user-management",
      "platform-settings",
      "currency-settings",
      "messages",
      "audit-log",
    ];
    for (const tab of adminTabs) {
      await expectRefused(agent, tab, "/dashboard/overview", "auth.toasts.accessDenied");
    }
  });

  it("sends a signed-out visitor home with Authentication Required", async () => {
    for (const tab of Object.keys(TABS) as Tab[]) {
      await expectRefused(null, tab, "/", "auth.toasts.authRequired");
    }
    const overview = await page("/dashboard/overview");
    expect(location(overview)).toBe("/");
    expect(toastOf(overview)).toMatchObject({ title: "auth.toasts.authRequired" });
  });

  it("refuses a form posted to an admin tab before its action runs", async () => {
    for (const who of [regular, agent, null]) {
      const response = await page("/dashboard/moderation", {
        jar: cookiesOf(who),
        form: { decision: "approved", listingId: String(pendingId) },
      });
      expect(response.status).toBe(302);
      expect(location(response)).toBe(who ? "/dashboard/overview" : "/");
    }
    const [row] = await app.handle.db
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, pendingId));
    expect(row?.status).toBe("pending_approval");
  });
});
