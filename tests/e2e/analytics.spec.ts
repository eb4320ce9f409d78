import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { publishApproved } from "./support/listings.ts";
import { payByCard } from "./support/payments.ts";
import { shootWidths } from "./support/screens.ts";
import { buildDemoData } from "../../scripts/demo/demo-data.ts";

test("a free agent sees the basic 30-day totals and the premium analytics upsell", async ({
  page,
}) => {
  await signedInAs(page, "agent", "Kwame Free");
  await page.goto("/dashboard/analytics?days=90");
  await expect(page.getByRole("heading", { name: "Performance of your listings" })).toBeVisible();
  await expect(page.getByText(/^Basic analytics: /)).toBeVisible();
  await expect(page.locator("dt")).toHaveText(["Views", "Leads"]);
  // No ranges, chart or listings: the server never sent them.
  await expect(page.getByRole("link", { name: "90 days" })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  const upsell = page.getByRole("region", { name: "Premium analytics" });
  await expect(upsell).toContainText(/Included in the \w+ plan and above\./);
  await expect(upsell.getByRole("link", { name: "See the plans" })).toHaveAttribute(
    "href",
    "/dashboard/premium-plans",
  );
  const refused = await page.request.get("/api/v1/analytics/report.csv?days=90");
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("premium analytics");
  await shootWidths(page, "analytics-basic", [390, 1366]);
});

test("an agent on Premium sees a visitor's view and WhatsApp lead per listing", async ({
  page,
  browser,
}) => {
  await signedInAs(page, "agent", "Ama Owusu");
  await gotoHydrated(page, "/dashboard/premium-plans");
  await page.getByRole("button", { name: "Choose the Premium plan" }).click();
  await payByCard(page);
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });
  const title = `Ridge apartment ${Date.now().toString(36)}`;
  const id = await publishApproved(browser, page, {
    title,
    category: "real-estate",
    listingType: "rent",
    price: "1200",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "4 Ridge Road",
    description: "Two bedrooms near the park.",
    propertyType: "apartment",
    amenities: [],
    tourTypes: [],
    serviceHighlights: [],
    images: [],
    contactMethod: "whatsapp",
    contactPhone: "+233 24 555 0101",
  });

  // A visitor opens the listing and clicks WhatsApp: the chat opens in a new tab through the
  // lead counter. WhatsApp itself is not reached from the test machine.
  const visitorContext = await browser.newContext({ baseURL: E2E.baseUrl });
  await visitorContext.route("https://wa.me/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
  );
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/listing/${id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const [chat] = await Promise.all([
    visitor.waitForEvent("popup"),
    visitor.getByRole("link", { name: "WhatsApp" }).click(),
  ]);
  await chat.waitForURL("https://wa.me/233245550101");
  await visitorContext.close();

  await page.goto("/dashboard/analytics?days=7");
  await expect(page.getByRole("heading", { name: "Performance of your listings" })).toBeVisible();
  // The stat cards come first: a label (dt) and its figure (dd).
  const figure = (label: string) =>
    page
      .locator("dt", { hasText: new RegExp(`^${label}$`) })
      .first()
      .locator("xpath=../dd");
  await expect(figure("Views")).toHaveText("1");
  await expect(figure("Leads")).toHaveText("1");
  await expect(figure("WhatsApp")).toHaveText("1");
  await expect(figure("Calls")).toHaveText("0");
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("img", { name: /^Views: .*1 views and 1 leads/ })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row.getByRole("cell")).toHaveText([title, "1", "1", "0", "1", "0", "0", "0", "0"]);

  // The real figures, named as such: the spec's "Sample Report" would say they are not.
  const reportLink = page.getByRole("link", { name: /^Download Report \(CSV\)/ });
  await expect(reportLink).toHaveAttribute(
    "href",
    "/api/v1/analytics/report.csv?days=7&by=listing",
  );
  await expect(page.getByText(/sample report/i)).toHaveCount(0);
  const download = await page.request.get("/api/v1/analytics/report.csv?days=7");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(await download.text()).toContain(`${id},${title},1,1,0,1,0,0,0,0`);
  // Premium sells no lead download: no link, and the API refuses it naming the plan that does.
  await expect(page.getByRole("link", { name: /^Download leads/ })).toHaveCount(0);
  const leads = await page.request.get("/api/v1/analytics/leads.csv");
  expect(leads.status()).toBe(403);
  expect(await leads.text()).toMatch(/does not include lead download\. The \w+ plan unlocks it/);
  await shootWidths(page, "analytics-premium", [390, 1366]);
});

test("an agent on Elite downloads their leads as CSV from the Analytics tab", async ({ page }) => {
  await signedInAs(page, "agent", "Yaw Elite");
  await gotoHydrated(page, "/dashboard/premium-plans");
  await page.getByRole("button", { name: "Choose the Elite plan" }).click();
  await payByCard(page);
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });

  await page.goto("/dashboard/analytics");
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Download leads \(CSV\)/ }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^gateway-africa-leads-\d{4}-\d\d-\d\d\.csv$/);
  expect(await readFile(await file.path(), "utf8")).toBe(
    "Date (UTC),Source,Listing ID,Listing,Name,Phone\r\n",
  );
});

test("a call click reveals the number and is counted as a lead", async ({ page, browser }) => {
  // The demo catalogue is deterministic; identity ids follow its order from 1.
  const demo = buildDemoData(new Date());
  const index = demo.listings.findIndex(
    (l) => l.status === "approved" && l.contactMethod === "phone" && l.contactPhone,
  );
  const id = index + 1;
  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const admin = await adminContext.newPage();
  await signedInAsAdmin(admin);
  /** The listing's calls today, from the platform's daily report. */
  const calls = async () => {
    const csv = await (await admin.request.get("/api/v1/analytics/report.csv?days=7")).text();
    const [header = "", ...rows] = csv.split("\r\n");
    const column = header.split(",").indexOf("Calls");
    const row = rows.find((line) => line.startsWith(`${id},`));
    return row ? Number(row.split(",")[column]) : 0;
  };
  const before = await calls();

  await page.goto(`/listing/${id}`);
  const call = page.getByRole("link", { name: "Call Agent" });
  await expect(call).toHaveAttribute("href", `/listing/${id}/contact`);
  await Promise.all([
    page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith(`/api/v1/listings/${id}/contact`),
    ),
    call.click(),
  ]);
  await expect.poll(calls).toBe(before + 1);
  await adminContext.close();
});
