import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { signedInAs } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { bookableListing } from "./support/payments.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * Each way of booking speaks its own words: student rooms are moved into by tenants, tours leave
 * on a departure with seats, and only stays by the night have a check-in and guests. The filters,
 * the booking card, its cancellation policy and the booked trip all say so.
 */

const today = isoDay(new Date());
const base = 40 + (Date.now() % 200);
const day = (offset: number) => addDays(today, base + offset);

test("student-housing filters ask for a move-in date, a move-out date and tenants", async ({
  page,
}) => {
  await gotoHydrated(page, "/student-housing");
  const filters = page.getByRole("complementary", { name: "Filters" });
  await expect(filters.getByLabel("Move-in date")).toBeVisible();
  await expect(filters.getByLabel("Move-out date")).toBeVisible();
  await expect(filters.getByLabel("Tenants")).toBeVisible();
  await expect(filters.getByLabel("Check-in")).toHaveCount(0);
  await expect(filters.getByLabel("Guests")).toHaveCount(0);
  await shootWidths(page, "student-housing-filters");

  // On a phone the same filters open in a drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Filters" }).click();
  const drawer = page.getByRole("dialog", { name: "Filters" });
  await expect(drawer.getByLabel("Move-in date")).toBeVisible();
  await expect(drawer.getByLabel("Tenants")).toBeVisible();
  await shootWidths(page, "student-housing-filters-drawer", [390]);
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 900 });

  await gotoHydrated(page, "/hospitality");
  await expect(filters.getByLabel("Check-in")).toBeVisible();
  await expect(filters.getByLabel("Guests")).toBeVisible();
});

test("a student room's booking card speaks of moving in, tenants and the rent", async ({
  page,
  browser,
}) => {
  const title = `Legon room ${Date.now().toString(36)}`;
  const { id, host, context } = await bookableListing(browser, {
    title,
    category: "student-housing",
    listingType: "rent",
    price: "150",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "4 Legon Road",
    description: "A single room a short walk from the campus gate.",
    roomType: "single-room",
    genderPreference: "mixed",
    bedrooms: 1,
    bathrooms: 1,
  });
  await signedInAs(page, "user", "Akua Student");
  await gotoHydrated(page, `/listing/${id}`);
  const card = page.getByRole("region", { name: "Book this room" });
  await card.getByLabel("Move-in date").fill(day(0));
  await card.getByLabel("Months").fill("2");
  await card.getByLabel("Tenants").fill("1");
  await expect(card.getByLabel("Guests")).toHaveCount(0);
  await card.getByRole("button", { name: "Check price" }).click();
  await expect(card.getByText("$150 × 2 months")).toBeVisible();
  await expect(card).toContainText(
    "Full refund if you cancel at least 1 day before move-in; half of the rent (without the service fee) after that, until move-in.",
  );
  await expect(card).not.toContainText(/check-in|the stay/);
  await expect(card).toContainText("days free for move-in");
  await shootWidths(page, "student-room-card");

  // The host's settings speak of tenants and moving in too.
  await gotoHydrated(host, `/dashboard/my-listings/${id}/calendar`);
  await expect(host.getByLabel("Maximum tenants")).toBeVisible();
  await expect(host.getByRole("radio", { name: /^Deposit online/ })).toHaveAccessibleName(
    /the rest online before move-in or at the property/,
  );
  await expect(host.getByRole("radio", { name: /^Flexible/ })).toHaveAccessibleName(
    /before move-in; half of the rent/,
  );
  await shootWidths(host, "student-room-settings");
  await context.close();
});

test("a tour's booking card and booked trip speak of the departure, seats and the tour price", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Mole safari ${Date.now().toString(36)}`;
  const { id, host, context } = await bookableListing(
    browser,
    {
      title,
      category: "travel-agencies",
      listingType: "booking",
      propertyType: null,
      price: "200",
      priceType: "per_person",
      countryCode: "GH",
      city: "Tamale",
      address: "12 Savannah Road",
      description: "Three days in Mole National Park with a ranger.",
      tourTypes: ["safari"],
    },
    { maxGuests: 6 },
  );
  const departure = await host.request.put(`/api/v1/listings/${id}/departures`, {
    // The card lists the departures of the next two months.
    data: { departsOn: addDays(today, 20 + (Date.now() % 30)), seats: 8 },
  });
  expect(departure.status()).toBe(200);

  await signedInAs(page, "user", "Kofi Traveller");
  await gotoHydrated(page, `/listing/${id}`);
  const card = page.getByRole("region", { name: "Book this tour" });
  await card.getByLabel("Departure").selectOption({ index: 1 });
  await card.getByLabel("Seats").fill("3");
  await card.getByRole("button", { name: "Check price" }).click();
  await expect(card.getByText("$200 × 3 seats")).toBeVisible();
  await expect(card).toContainText(
    "Full refund if you cancel at least 1 day before departure; half of the tour price (without the service fee) after that, until departure.",
  );
  await expect(card).not.toContainText(/check-in|the stay|guests/i);
  await shootWidths(page, "tour-card");
  await card.getByRole("button", { name: "Book now" }).click();
  await expect(page.getByRole("status").first()).toContainText("Booking confirmed");

  await gotoHydrated(page, "/dashboard/bookings");
  const trip = page.locator("li[data-booking]", { hasText: title });
  await expect(trip).toContainText("3 seats");
  await expect(trip).not.toContainText(/guests?\b/);
  await shootWidths(page, "tour-trip-row");
  await context.close();
});
