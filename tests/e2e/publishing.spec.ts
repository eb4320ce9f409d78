import type { Page } from "@playwright/test";
import { expect, failedRequest, test } from "./support/test.ts";
import sharp from "sharp";
import { signedInAs, signedInAsAdmin, waitForMail } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";

/** A real PNG made on the spot; the colour tells images apart. */
async function png(red: number, width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 120, b: 90 } } })
    .png()
    .toBuffer();
}

function file(name: string, buffer: Buffer) {
  return { name, mimeType: "image/png", buffer };
}

async function fillPlace(page: Page) {
  await page.getByLabel("Country").selectOption({ label: "Ghana" });
  await page.getByLabel("City/Town").fill("Accra");
  await page.getByLabel("Street Address").fill("4 Palm Lane, Airport Residential");
}

/** "Loading your profile..." shows until the page's scripts have taken over the form. */
async function formReady(page: Page) {
  await expect(page.getByText("Loading your profile...")).toHaveCount(0);
}

async function uploadsFinished(page: Page, count: number) {
  await expect(page.getByRole("img", { name: /^Image \d of your listing$/ })).toHaveCount(count);
  await expect(page.getByRole("progressbar")).toHaveCount(0, { timeout: 20_000 });
}

test("agent: publish with two images → not public → admin approves → public search, detail, e-mail", async ({
  page,
  browser,
  pageErrors,
}) => {
  // Two accounts, two uploads, moderation, e-mail, search and delete: past 45 s on a loaded machine.
  test.slow();
  const { email } = await signedInAs(page, "agent", "Ama Publisher");
  const word = `kente${Date.now().toString(36)}`;
  const title = `${word} villa with a garden`;

  await page.goto("/dashboard/my-listings");
  await page.getByRole("link", { name: "Add New" }).click();
  await expect(page).toHaveURL("/add-listing");
  await expect(page.getByRole("heading", { name: "Add a New Listing" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
  await formReady(page);

  await page.getByLabel("Listing Title").fill(title);
  await page.getByLabel("Category").selectOption("real-estate");
  // Fields of other categories are not offered.
  await expect(page.getByLabel("Room Type")).toHaveCount(0);
  await page.getByLabel("Listing Type").selectOption("sale");
  await page.getByLabel("Price (USD)").fill("250000");
  await fillPlace(page);
  await page.getByLabel("Property Type").selectOption("villa");
  await page.getByLabel("Completion Status").selectOption("ready");
  await page.getByLabel("Bedrooms").fill("4");
  await page.getByLabel("Bathrooms").fill("3");
  await page.getByLabel("Area (m²)").fill("320");
  await page
    .getByLabel("Description")
    .fill("A quiet villa with a mango garden, a pool and a study.");
  await page.getByLabel("Search amenities").fill("poo");
  await page.getByRole("checkbox", { name: "Pool" }).check();
  await page.getByLabel("Search amenities").fill("gard");
  await page.getByRole("checkbox", { name: "Garden" }).check();
  await expect(page.getByRole("button", { name: "Remove Pool" })).toBeVisible();

  await page
    .getByLabel("Add images")
    .setInputFiles([file("front.png", await png(200)), file("garden.png", await png(40))]);
  await uploadsFinished(page, 2);
  // The second becomes the cover.
  await page.getByRole("button", { name: "Make image 2 the cover" }).click();
  await expect(page.getByRole("button", { name: "Make image 1 the cover" })).toBeDisabled();

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: title })).toBeVisible();
  await expect(preview.getByText("About this Property")).toBeVisible();
  await expect(preview.locator('[aria-roledescription="slide"]')).toHaveCount(2);
  await preview.getByRole("button", { name: "Close preview" }).click();

  await page.getByRole("button", { name: "Publish Listing" }).click();
  await expect(page).toHaveURL("/dashboard/my-listings");
  await expect(page.getByRole("status")).toContainText("Listing submitted!");
  await expect(page.getByRole("status")).toContainText("Your listing is now pending review.");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  await expect(row.getByText("Waiting for review: not public yet.")).toBeVisible();
  const href = (await row.getByRole("link", { name: "View" }).getAttribute("href"))!;
  expect(href).toMatch(/^\/listing\/\d+$/);

  // Not public yet.
  pageErrors.allow(failedRequest(href, 404));
  const visitor = await browser.newContext({ baseURL: E2E.baseUrl });
  const publicPage = await visitor.newPage();
  await publicPage.goto(href);
  await expect(publicPage.getByRole("heading", { name: "Listing Not Found" })).toBeVisible();
  await publicPage.goto(`/real-estate?q=${word}`);
  await expect(publicPage.getByRole("heading", { name: "No Results Found" })).toBeVisible();

  // The administrator approves it from Moderation.
  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const adminPage = await adminContext.newPage();
  await signedInAsAdmin(adminPage);
  await adminPage.goto("/dashboard/moderation");
  await adminPage.getByRole("button", { name: `Approve ${title}` }).click();
  await expect(adminPage.getByRole("status")).toContainText("Listing status updated to approved.");
  await expect(adminPage.getByRole("button", { name: `Approve ${title}` })).toHaveCount(0);

  // Found by the public search; its page shows both images.
  await publicPage.goto(`/real-estate?q=${word}`);
  const card = publicPage.getByRole("article").filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await card.getByRole("link", { name: "View Details" }).click();
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);
  const slides = publicPage.locator('[aria-roledescription="slide"] img');
  await expect(slides).toHaveCount(2);
  const first = await publicPage.request.get((await slides.first().getAttribute("src"))!);
  expect(first.headers()["content-type"]).toBe("image/webp");
  expect((await sharp(await first.body()).stats()).channels[0]!.mean).toBeLessThan(80); // the cover chosen
  await publicPage.getByRole("button", { name: "Next image" }).click();
  await expect(slides.nth(1)).toBeVisible();

  // The owner was told by e-mail (the first message was the sign-up confirmation).
  const mail = await waitForMail(email, 2);
  expect(mail.subject).toBe(`Your listing is live: ${title}`);
  expect(mail.body).toContain(`${E2E.baseUrl}${href}`);

  // The owner edits the price: back to review, and the page says so.
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/add-listing\\?edit=\\d+$`));
  await expect(page.getByText("This listing is live.")).toBeVisible();
  await expect(page.getByLabel("Listing Title")).toHaveValue(title);
  await expect(page.getByRole("img", { name: /^Image \d of your listing$/ })).toHaveCount(2);
  await page.getByLabel("Price (USD)").fill("245000");
  await page.getByRole("button", { name: "Update Listing" }).click();
  await expect(page.getByRole("status")).toContainText("Listing updated!");
  await expect(page.getByRole("status")).toContainText("Your listing is now pending review.");
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();

  // Delete asks first, then removes it.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(
      "Are you sure you want to delete this listing? This action cannot be undone.",
    );
    void dialog.accept();
  });
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(page.getByRole("status")).toContainText("Listing deleted successfully.");
  await expect(row).toHaveCount(0);
  const gone = await publicPage.request.get((await slides.first().getAttribute("src"))!);
  expect(gone.status()).toBe(404);

  await visitor.close();
  await adminContext.close();
});

test("professional: the service form, validation beside each field, WhatsApp needs a phone", async ({
  page,
}) => {
  await signedInAs(page, "professional", "Pat Architect");
  await page.goto("/add-listing");
  await expect(page.getByRole("heading", { name: "List Your Professional Service" })).toBeVisible();
  await formReady(page);
  await expect(page.getByText("My Professional Service")).toBeVisible();
  await expect(page.getByLabel("Listing Type")).toHaveCount(0);
  await expect(page.getByLabel("Search amenities")).toHaveCount(0);

  // Nothing filled in: the spec's required fields are named beside each field.
  const form = page.locator("form").filter({ has: page.getByLabel("Service Title") });
  await page.getByRole("button", { name: "Publish Listing" }).click();
  await expect(page.getByRole("status")).toContainText("Submission Failed");
  await expect(page.getByLabel("Service Title")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Service Title")).toBeFocused();
  await expect(form.getByText("Please enter a title.")).toBeVisible();
  await expect(form.getByText("Please choose a service category.")).toBeVisible();
  await expect(form.getByText("Please enter a price in USD.")).toBeVisible();
  await expect(form.getByText("Please enter a description.")).toBeVisible();
  await expect(page).toHaveURL("/add-listing");

  const title = `Eco homes ${Date.now().toString(36)}`;
  await page.getByLabel("Service Title").fill(title);
  await expect(form.getByText("Please enter a title.")).toHaveCount(0);
  await page
    .getByLabel("Service Category")
    .selectOption({ label: "Architects & Building Consultants" });
  await page.getByLabel("Specialty").fill("Passive cooling for tropical homes");
  await page.getByLabel("Price Structure").selectOption("per_project");
  await page.getByLabel("Price (USD)").fill("1500");
  await fillPlace(page);
  await page
    .getByLabel("Description")
    .fill("Design, drawings and permits for new homes and extensions.");
  await page.getByLabel("Search service highlights").fill("consult");
  await page.getByRole("checkbox", { name: "Free Consultation" }).check();
  await page.getByLabel("Search service highlights").fill("");
  await page.getByRole("checkbox", { name: "Site Visits" }).check();
  await page.getByLabel("Video URL (optional)").fill("https://example.com/video");
  await page.getByText("WhatsApp", { exact: true }).click();
  await page.getByRole("button", { name: "Publish Listing" }).click();
  await expect(
    form.getByText("Please enter a YouTube or Vimeo link, or leave the field empty."),
  ).toBeVisible();
  await expect(page.getByLabel("Contact Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Phone and WhatsApp contact need a phone number")).toBeVisible();

  await page.getByLabel("Video URL (optional)").fill("https://vimeo.com/76979871");
  await page.getByLabel("Contact Phone").fill("+233 24 123 4567");
  await page.getByRole("button", { name: "Publish Listing" }).click();
  await expect(page).toHaveURL("/dashboard/my-listings");
  await expect(page.getByRole("status")).toContainText("Listing submitted!");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText("Professional")).toBeVisible();
  await expect(row.getByText("$1,500 / per project")).toBeVisible();
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
});

test("draft: survives a reload, keeps uploaded images, limits and refuses bad files, cleared on submit", async ({
  page,
}) => {
  await signedInAs(page, "agent", "Dora Drafter");
  await page.goto("/add-listing");
  await formReady(page);
  const title = `Student rooms ${Date.now().toString(36)}`;
  await page.getByLabel("Listing Title").fill(title);
  await page.getByLabel("Category").selectOption("student-housing");
  await expect(page.getByLabel("Price Type")).toHaveValue("per_month");
  await page.getByLabel("Room Type").selectOption("studio");
  await page.getByLabel("Gender Preference").selectOption("female-only");
  await page.getByLabel("Price (USD)").fill("180");
  await page.getByLabel("Search amenities").fill("campus");
  await page.getByRole("checkbox", { name: "Near Campus" }).check();

  // A text file named like a picture is refused by its content; nothing is uploaded.
  await page.getByLabel("Add images").setInputFiles(file("room.png", Buffer.from("not an image")));
  await expect(page.getByRole("status")).toContainText("Invalid file type");
  await expect(page.getByRole("img", { name: /^Image \d of your listing$/ })).toHaveCount(0);

  // Six images: five are taken, "Image Limit" for the sixth.
  const six = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => png(i * 30, 400, 300)));
  await page
    .getByLabel("Add images")
    .setInputFiles(six.map((b, i) => file(`room-${i + 1}.png`, b)));
  await expect(page.getByRole("status")).toContainText("Image Limit");
  await expect(page.getByRole("status")).toContainText("You can upload a maximum of 5 images.");
  await uploadsFinished(page, 5);
  await expect(page.getByLabel("Add images")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove image 5" }).click();
  await page.getByRole("button", { name: "Remove image 4" }).click();
  await page.getByRole("button", { name: "Remove image 3" }).click();
  await uploadsFinished(page, 2);

  await page.reload();
  await expect(page.getByText("We restored the draft you were working on.")).toBeVisible();
  await expect(page.getByLabel("Listing Title")).toHaveValue(title);
  await expect(page.getByLabel("Category")).toHaveValue("student-housing");
  await expect(page.getByLabel("Room Type")).toHaveValue("studio");
  await expect(page.getByLabel("Price (USD)")).toHaveValue("180");
  await expect(page.getByRole("button", { name: "Remove Near Campus" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Image \d of your listing$/ })).toHaveCount(2);

  await fillPlace(page);
  await page.getByLabel("Description").fill("Furnished studios five minutes from the main gate.");
  await page.getByRole("button", { name: "Publish Listing" }).click();
  await expect(page).toHaveURL("/dashboard/my-listings");
  await expect(page.getByRole("status")).toContainText("Listing submitted!");

  // Submitted: a new form starts empty.
  await page.goto("/add-listing");
  await expect(page.getByLabel("Listing Title")).toHaveValue("");
  await expect(page.getByText("We restored the draft you were working on.")).toHaveCount(0);

  // Opening an edit drops a draft in progress.
  await page.getByLabel("Listing Title").fill("Half-typed idea");
  await page.goto("/dashboard/my-listings");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByLabel("Listing Title")).toHaveValue(title);
  await expect(page.getByRole("img", { name: /^Image \d of your listing$/ })).toHaveCount(2);
  await page.goto("/add-listing");
  await expect(page.getByLabel("Listing Title")).toHaveValue("");
});
