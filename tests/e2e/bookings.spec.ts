import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { formatDay } from "../../app/lib/format-day.ts";
import { signedInAs, mailAbout } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { bookableStay, chooseStay } from "./support/listings.ts";
import { gotoHydrated } from "./support/hydration.ts";

/**
 * Booking end to end: a host lists a guesthouse, the admin approves it, the host opens it to
 * bookings; guests book, request, collide and filter, with the e-mails over SMTP.
 */

const today = isoDay(new Date());
/** Each run books its own dates far enough ahead for any notice. */
const base = 20 + (Date.now() % 200);
const day = (offset: number) => addDays(today, base + offset);

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    test("a guest books an instant stay; the host sees it and both get e-mails; the stay leaves the filter", async ({
      page,
      browser,
    }) => {
      const hostContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport });
      const host = await hostContext.newPage();
      const hostAccount = await signedInAs(host, "agent", "Efua Host");
      const title = `Castle view ${name} ${Date.now().toString(36)}`;
      const id = await bookableStay(browser, host, title, "instant");

      const guest = await signedInAs(page, "user", "Kwame Guest");
      const card = await chooseStay(page, id, day(0), day(3));
      // 3 nights × $80 and $10 cleaning, paid at the property: no service fee (decision 007).
      await expect(card.getByTestId("booking-total")).toHaveText("$250");
      await expect(card.getByText("Cancellation policy: Moderate")).toBeVisible();
      await card.getByLabel("Message to the host (optional)").fill("We arrive by bus at six.");
      await card.getByRole("button", { name: "Book now" }).click();
      await expect(page).toHaveURL(/\/dashboard\/bookings$/);
      await expect(page.getByRole("status").first()).toContainText("Booking confirmed");
      await expect(page.getByRole("link", { name: title }).first()).toBeVisible();

      const guestMail = await mailAbout(guest.email, `Booking confirmed: ${title}`);
      expect(guestMail.raw).toMatch(/text\/calendar/i);
      const hostMail = await mailAbout(hostAccount.email, `Booking confirmed: ${title}`);
      expect(hostMail.body).toContain("Kwame Guest booked");
      expect(hostMail.body).toContain("We arrive by bus at six.");

      await host.goto("/dashboard/bookings");
      await expect(host.getByText("Kwame Guest").first()).toBeVisible();

      // The filter keeps the stay out for its nights, and shows it for others.
      await page.goto(
        `/hospitality?checkIn=${day(1)}&checkOut=${day(2)}&q=${encodeURIComponent(title)}`,
      );
      await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
      await page.goto(
        `/hospitality?checkIn=${day(5)}&checkOut=${day(7)}&q=${encodeURIComponent(title)}`,
      );
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await hostContext.close();
    });

    test("a request to book is accepted by the host, and a second guest's overlapping stay is refused", async ({
      page,
      browser,
    }) => {
      const hostContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport });
      const host = await hostContext.newPage();
      await signedInAs(host, "agent", "Yaw Host");
      const title = `Lagoon lodge ${name} ${Date.now().toString(36)}`;
      const id = await bookableStay(browser, host, title, "request");

      const guest = await signedInAs(page, "user", "Abena Guest");
      const card = await chooseStay(page, id, day(10), day(13));
      await card.getByRole("button", { name: "Request to book" }).click();
      await expect(page).toHaveURL(/\/dashboard\/bookings$/);
      await expect(page.getByRole("status").first()).toContainText("Request sent");
      await mailAbout(guest.email, `Booking request for ${title}`);

      await host.goto("/dashboard/bookings");
      await host.getByRole("button", { name: "Accept" }).first().click();
      await expect(host.getByRole("status").first()).toBeVisible();

      await page.goto("/dashboard/bookings");
      await expect(page.getByText("Confirmed").first()).toBeVisible();
      expect((await mailAbout(guest.email, `Booking confirmed: ${title}`)).raw).toMatch(
        /text\/calendar/i,
      );

      const otherContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport });
      const other = await otherContext.newPage();
      await signedInAs(other, "user", "Kojo Late");
      const otherCard = await chooseStay(other, id, day(12), day(15));
      // The refusal names no one's booking: it offers the nearest free three nights instead.
      await expect(otherCard.getByRole("alert")).toContainText(
        `${formatDay(day(12))} to ${formatDay(day(15))} is already taken. The nearest free dates for the same stay: ${formatDay(day(7))} – ${formatDay(day(10))} or ${formatDay(day(13))} – ${formatDay(day(16))}.`,
      );
      await otherContext.close();
      await hostContext.close();
    });
  });
}

test("a request's message is the first message of the booking's conversation, for the guest and the host", async ({
  page,
  browser,
}) => {
  const viewport = { width: 1366, height: 900 };
  await page.setViewportSize(viewport);
  const hostContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport });
  const host = await hostContext.newPage();
  await signedInAs(host, "agent", "Kojo Host");
  const title = `Harbour rooms ${Date.now().toString(36)}`;
  const id = await bookableStay(browser, host, title, "request");

  await signedInAs(page, "user", "Esi Guest");
  const card = await chooseStay(page, id, day(30), day(32));
  const note = "Could we check in at 22:00? Our bus arrives late.";
  await card.getByLabel("Message to the host (optional)").fill(note);
  await card.getByRole("button", { name: "Request to book" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);

  await page.getByRole("button", { name: /^Message Kojo Host about booking #\d+$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/inbox\/\d+$/);
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByText("No messages yet")).toHaveCount(0);

  await gotoHydrated(host, "/dashboard/bookings");
  await host.getByRole("button", { name: /^Message Esi Guest about booking #\d+$/ }).click();
  await expect(host).toHaveURL(page.url());
  await expect(host.getByText(note)).toBeVisible();
  await hostContext.close();
});
