import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { signedInAs } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { publishBookable } from "./support/listings.ts";

/**
 * The dates and guests searched go with the visitor: the results' cards show what those dates
 * cost and link to the listing with them, its booking card starts with them, and its calendar
 * picks dates by tap and by keyboard.
 */

const today = isoDay(new Date());
/** Dates of their own for each run, far enough ahead for any notice, in the calendar's months. */
const day = (offset: number) => addDays(today, 10 + offset);
const stamp = Date.now().toString(36);

const common = {
  countryCode: "GH",
  city: "Cape Coast",
  address: "7 Castle Road",
  description: "Quiet rooms near the castle, breakfast included.",
  amenities: [],
  tourTypes: [],
  serviceHighlights: [],
  images: [],
  contactMethod: "email",
};
const settings = {
  mode: "instant",
  cancellationPolicy: "moderate",
  minStay: 1,
  maxStay: null,
  noticeDays: 1,
  preparationDays: 0,
  maxGuests: 4,
  cleaningFeeUsd: 10,
} as const;

interface Place {
  section: "hospitality" | "student-housing";
  title: string;
  listing: Record<string, unknown>;
  /** The card's total for day(0) to day(3), and what the booking card quotes. */
  total: string;
}

const places: Place[] = [
  {
    section: "hospitality",
    title: `Castle guesthouse ${stamp}`,
    listing: { category: "hospitality", listingType: "booking", propertyType: "guesthouse" },
    // 3 nights × $80 and $10 cleaning, paid at the property: no service fee.
    total: "$250 total for 3 nights",
  },
  {
    section: "student-housing",
    title: `Campus room ${stamp}`,
    listing: { category: "student-housing", listingType: "rent", roomType: "single-room" },
    // Three nights are let as one month: $300 and $10 cleaning.
    total: "$310 total for 1 month",
  },
];

async function publishPlaces(browser: Browser): Promise<Map<string, number>> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const host = await context.newPage();
  await signedInAs(host, "agent", "Efua Host");
  const ids = new Map<string, number>();
  for (const place of places) {
    const monthly = place.section === "student-housing";
    ids.set(
      place.section,
      await publishBookable(
        browser,
        host,
        {
          ...common,
          ...place.listing,
          title: place.title,
          price: monthly ? "300" : "80",
          priceType: monthly ? "per_month" : "per_night",
        },
        settings,
      ),
    );
  }
  await context.close();
  return ids;
}

let ids: Map<string, number>;
test.beforeAll(async ({ browser }) => {
  ids = await publishPlaces(browser);
});

function bookingCard(page: Page) {
  return page.getByRole("region", { name: /^Book (your stay|this room)$/ });
}

/** The words of each section's stay filters: student rooms are let from a move-in date. */
function stayWords(section: string) {
  return section === "student-housing"
    ? { start: "Move-in date", end: "Move-out date", people: "Tenants" }
    : { start: "Check-in", end: "Check-out", people: "Guests" };
}

/** The filters' sidebar (large screens): dates and guests, each change searching at once. */
async function searchStay(page: Page, section: string, title: string) {
  const words = stayWords(section);
  await gotoHydrated(page, `/${section}?q=${encodeURIComponent(title)}`);
  const filters = page.getByRole("form", { name: "Filters" }).first();
  await filters.getByLabel(words.start).fill(day(0));
  await expect(page).toHaveURL(new RegExp(`checkIn=${day(0)}`));
  await filters.getByLabel(words.end).fill(day(3));
  await expect(page).toHaveURL(new RegExp(`checkOut=${day(3)}`));
  await filters.getByLabel(words.people).fill("2");
  await expect(page).toHaveURL(/guests=2/);
}

for (const place of places) {
  test(`dates and guests searched on /${place.section} reach the listing's booking card, with the stay's total on the card`, async ({
    page,
  }) => {
    await searchStay(page, place.section, place.title);
    const card = page.getByRole("article").filter({ hasText: place.title });
    await expect(card.getByTestId("stay-total")).toHaveText(place.total);

    await card.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/listing/${ids.get(place.section)}\\?checkIn=${day(0)}&checkOut=${day(3)}&guests=2$`,
      ),
    );
    const booking = bookingCard(page);
    if (place.section === "student-housing") {
      await expect(booking.getByLabel("Move-in date")).toHaveValue(day(0));
      await expect(booking.getByLabel("Months")).toHaveValue("1");
    } else {
      await expect(booking.getByLabel("Check-in")).toHaveValue(day(0));
      await expect(booking.getByLabel("Check-out")).toHaveValue(day(3));
    }
    await expect(booking.getByLabel(stayWords(place.section).people)).toHaveValue("2");
    // The card's total is the quote's: the same price function.
    await expect(booking.getByTestId("booking-total")).toHaveText(place.total.split(" ")[0]!);
  });
}

test("a link with bad or past values opens the listing with them left out", async ({ page }) => {
  const id = ids.get("hospitality")!;
  await gotoHydrated(
    page,
    `/listing/${id}?checkIn=${addDays(today, -3)}&checkOut=2027-02-31&guests=abc`,
  );
  const booking = bookingCard(page);
  await expect(booking.getByLabel("Check-in")).toHaveValue("");
  await expect(booking.getByLabel("Check-out")).toHaveValue("");
  await expect(booking.getByLabel("Guests")).toHaveValue("1");
  await expect(booking.getByRole("alert")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("tapping the calendar picks the check-in and check-out", async ({ page }) => {
    await gotoHydrated(page, `/listing/${ids.get("hospitality")}`);
    const booking = bookingCard(page);
    const dayButton = (d: string) =>
      booking.getByRole("button", { name: new RegExp(`^\\w+day, ${longDate(d)}$`) });
    await dayButton(day(2)).tap();
    await expect(booking.getByLabel("Check-in")).toHaveValue(day(2));
    await expect(booking.getByLabel("Check-out")).toHaveValue("");
    await dayButton(day(5)).tap();
    await expect(booking.getByLabel("Check-in")).toHaveValue(day(2));
    await expect(booking.getByLabel("Check-out")).toHaveValue(day(5));
    await expect(booking.getByRole("gridcell", { selected: true })).toHaveCount(4);
    // The stay picked is priced at once.
    await expect(booking.getByTestId("booking-total")).toHaveText("$250");
    await expect(page).toHaveURL(new RegExp(`checkIn=${day(2)}&checkOut=${day(5)}`));
  });
});

/** "December 2, 2026": how the calendar names a day after its weekday. */
function longDate(d: string): string {
  return new Date(`${d}T00:00:00Z`).toLocaleDateString("en", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

test("the calendar is a grid the keyboard moves through and picks from", async ({ page }) => {
  await gotoHydrated(page, `/listing/${ids.get("hospitality")}`);
  const booking = bookingCard(page);
  await expect(booking.getByRole("grid").first()).toBeVisible();
  // One stop for the Tab key: the first day a stay can start (tomorrow, after the notice).
  const first = addDays(today, 1);
  const stop = booking.locator('[role="grid"] button[tabindex="0"]');
  await expect(stop).toHaveCount(1);
  await expect(stop).toHaveAccessibleName(new RegExp(`${longDate(first)}$`));
  await stop.focus();

  const focused = (d: string) =>
    expect(page.locator(":focus")).toHaveAccessibleName(new RegExp(`^\\w+day, ${longDate(d)}$`));
  await page.keyboard.press("ArrowDown");
  await focused(addDays(first, 7));
  await page.keyboard.press("ArrowRight");
  await focused(addDays(first, 8));
  await page.keyboard.press("ArrowLeft");
  await focused(addDays(first, 7));
  await page.keyboard.press("Enter");
  await expect(booking.getByLabel("Check-in")).toHaveValue(addDays(first, 7));

  await page.keyboard.press("End");
  const sunday = await page.locator(":focus").getAttribute("data-day");
  expect(new Date(`${sunday}T00:00:00Z`).getUTCDay()).toBe(0);
  await page.keyboard.press("Home");
  const monday = await page.locator(":focus").getAttribute("data-day");
  expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowDown");
  // A check-in on a Sunday ends its own week: the stay then ends on the next Sunday.
  let checkOut = sunday!;
  if (checkOut === addDays(first, 7)) {
    await page.keyboard.press("ArrowDown");
    checkOut = addDays(checkOut, 7);
  }
  await page.keyboard.press(" ");
  await expect(booking.getByLabel("Check-in")).toHaveValue(addDays(first, 7));
  await expect(booking.getByLabel("Check-out")).toHaveValue(checkOut);
});

test("on /hospitality a guests value typed while the last search loads is kept", async ({
  page,
}) => {
  const title = places[0]!.title;
  await gotoHydrated(page, `/hospitality?q=${encodeURIComponent(title)}`);
  // The search for the new check-in is held back until the guests have been typed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = true;
  await page.route(/\/hospitality\.data/, async (route) => {
    if (holding) {
      holding = false;
      await held;
    }
    await route.continue();
  });
  const filters = page.getByRole("form", { name: "Filters" }).first();
  await filters.getByLabel("Check-in").fill(day(0));
  await filters.getByLabel("Guests").pressSequentially("3");
  release();
  await filters.getByLabel("Guests").pressSequentially("2", { delay: 50 });
  await expect(page).toHaveURL(/guests=32/);
  await expect(page.locator("section[aria-busy=false]")).toHaveCount(1);
  await expect(filters.getByLabel("Guests")).toHaveValue("32");
  await expect(filters.getByLabel("Check-in")).toHaveValue(day(0));
});

test("dates typed into the booking card before its scripts run are kept", async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/listing/${ids.get("hospitality")}`, { waitUntil: "commit" });
  const booking = bookingCard(page);
  await booking.getByLabel("Check-in").fill(day(4));
  await booking.getByLabel("Check-out").fill(day(6));
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(booking.getByLabel("Check-in")).toHaveValue(day(4));
  await expect(booking.getByLabel("Check-out")).toHaveValue(day(6));
  // The calendar shows the stay typed: the check-in, the night between and the check-out day.
  await expect(booking.getByRole("gridcell", { selected: true })).toHaveCount(3);
});
