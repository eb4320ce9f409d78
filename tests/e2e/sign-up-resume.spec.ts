import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { appLink, mailAbout, signedInAs, signUpInDialog, uniqueEmail } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { approvedRental, approvedService, bookableStay, chooseStay } from "./support/listings.ts";

/**
 * A visitor starts writing to a lister (Contact Agent, Request a Quote, the booking card), has
 * no account yet, signs up on the way, and confirms the address from the e-mail: the link brings
 * them back to the same form with what they wrote, and they send it.
 */

const today = isoDay(new Date());
const base = 40 + (Date.now() % 200);

/** A lister in a context of their own, signed in. */
async function lister(page: Page, role: "agent" | "professional", name: string) {
  const context = await page.context().browser()!.newContext({ baseURL: E2E.baseUrl });
  const owner = await context.newPage();
  await signedInAs(owner, role, name);
  return { owner, close: () => context.close() };
}

/** Follows the confirmation e-mail's link: "Email Confirmed!", then back where they were. */
async function confirmFromMail(page: Page, email: string) {
  const mail = await mailAbout(email, "Confirm your Gateway Africa account");
  await page.goto(appLink(mail));
  await expect(page.getByRole("heading", { name: "Email Confirmed!" })).toBeVisible();
  await expect(page.getByText("Taking you back to where you were")).toBeVisible();
}

test("Contact Agent: a visitor writes, signs up, confirms and sends the same message (390 px)", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const agent = await lister(page, "agent", "Ama Mensah");
  const title = `Labone flat ${Date.now().toString(36)}`;
  const id = await approvedRental(browser, agent.owner, title);

  await gotoHydrated(page, `/listing/${id}`);
  await page.getByRole("link", { name: "Contact Agent" }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${id}/message$`));
  const question = "Is the flat free from March? I would like to see it on Saturday.";
  await page.getByLabel("Your message").fill(question);
  await page.getByRole("button", { name: "Send Message" }).click();

  const email = uniqueEmail("resume-message");
  await signUpInDialog(page, { name: "Kofi Boateng", email });
  await confirmFromMail(page, email);
  await expect(page).toHaveURL(new RegExp(`/listing/${id}/message$`), { timeout: 10_000 });
  await expect(page.getByLabel("Your message")).toHaveValue(question);

  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/dashboard\/inbox\/\d+$/);
  await expect(page.getByText(question)).toBeVisible();
  // Sent, the draft is gone: the form starts empty again.
  await gotoHydrated(page, `/listing/${id}/message`);
  await expect(page.getByLabel("Your message")).toHaveValue("");
  await agent.close();
});

test("Request a Quote: a visitor fills the form, signs up, confirms and sends it (1366 px)", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  const professional = await lister(page, "professional", "Efua Painter");
  const title = `Wall painting ${Date.now().toString(36)}`;
  const id = await approvedService(browser, professional.owner, title);

  await gotoHydrated(page, `/listing/${id}`);
  await page.getByRole("link", { name: "Request a Quote" }).click();
  // The form itself, not the home page nor a dialog over it.
  await expect(page).toHaveURL(new RegExp(`/listing/${id}/quote$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const neededBy = addDays(today, 21);
  await page.getByLabel("What do you need?").fill("Paint three bedrooms, white walls.");
  await page.getByLabel("Where?").fill("Cantonments, Accra");
  await page.getByLabel("When do you need it?").fill(neededBy);
  await page.getByRole("button", { name: "Send request" }).click();

  const email = uniqueEmail("resume-quote");
  await signUpInDialog(page, { name: "Kwame Client", email });
  await confirmFromMail(page, email);
  await expect(page).toHaveURL(new RegExp(`/listing/${id}/quote$`), { timeout: 10_000 });
  await expect(page.getByLabel("What do you need?")).toHaveValue(
    "Paint three bedrooms, white walls.",
  );
  await expect(page.getByLabel("Where?")).toHaveValue("Cantonments, Accra");
  await expect(page.getByLabel("When do you need it?")).toHaveValue(neededBy);

  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/dashboard\/inbox\/\d+$/);
  const panel = page.getByRole("region", { name: "Quote", exact: true });
  await expect(panel.getByText("Paint three bedrooms, white walls.")).toBeVisible();
  await professional.close();
});

test("the booking card: a visitor writes to the host, signs up, confirms and requests the stay (1024 px)", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1024, height: 800 });
  const host = await lister(page, "agent", "Yaw Host");
  const title = `Elmina lodge ${Date.now().toString(36)}`;
  const id = await bookableStay(browser, host.owner, title, "request");

  const checkIn = addDays(today, base);
  const checkOut = addDays(today, base + 3);
  const card = await chooseStay(page, id, checkIn, checkOut);
  await expect(card.getByTestId("booking-total")).toHaveText("$250");
  const note = "We come with a baby: could we have a cot in the room?";
  await card.getByLabel("Message to the host (optional)").fill(note);
  await card.getByRole("button", { name: "Request to book" }).click();

  const email = uniqueEmail("resume-booking");
  await signUpInDialog(page, { name: "Abena Guest", email });
  await confirmFromMail(page, email);
  await page.waitForURL(
    (url) =>
      url.pathname === `/listing/${id}` &&
      url.searchParams.get("checkIn") === checkIn &&
      url.searchParams.get("checkOut") === checkOut,
    { timeout: 10_000 },
  );
  await expect(card.getByTestId("booking-total")).toHaveText("$250");
  await expect(card.getByLabel("Message to the host (optional)")).toHaveValue(note);

  await card.getByRole("button", { name: "Request to book" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  await expect(page.getByRole("status").first()).toContainText("Request sent");
  await host.close();
});
