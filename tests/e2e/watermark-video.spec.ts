import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { signedInAs } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { publishApproved } from "./support/listings.ts";
import { payByCard } from "./support/payments.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * A free host's listing photo carries the site's name until the host buys a plan that removes
 * it (Standard, through the sandbox checkout); a plan with video listing support (Elite) lets a
 * host upload a video file that plays in the gallery.
 */

const PHOTO = path.join(import.meta.dirname, "../../public/images/hero/slide-1.webp");

/** Uploads the photo as the page's signed-in host and publishes an approved listing with it. */
async function listingWithPhoto(page: Page, browser: Browser) {
  const upload = await page.request.post("/api/v1/uploads/listing-images", {
    multipart: {
      file: { name: "city.webp", mimeType: "image/webp", buffer: await readFile(PHOTO) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  return publishApproved(browser, page, {
    title: "Harbour View Flat",
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    price: "700",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "3 Marine Drive",
    description: "A flat over the harbour with a view of the city lights.",
    bedrooms: 2,
    amenities: [],
    tourTypes: [],
    serviceHighlights: [],
    images: [key],
    contactMethod: "email",
  });
}

/**
 * The share of near-white pixels in the lower right corner of the gallery's first photo, as the
 * browser decoded it: the mark's white letters there, none on the photo's dark sea.
 */
async function markPixels(page: Page): Promise<number> {
  const photo = page.getByRole("img", { name: "Harbour View Flat, photo 1" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  return photo.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(img, 0, 0);
    const w = Math.round(canvas.width * 0.4);
    const h = Math.round(canvas.width * 0.06);
    const { data } = context.getImageData(canvas.width - w, canvas.height - h, w, h);
    let white = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! > 220 && data[i + 1]! > 220 && data[i + 2]! > 220) white += 1;
    }
    return white / (w * h);
  });
}

test.use({ viewport: { width: 1366, height: 900 } });

test("a free host's photo carries the watermark, and it is gone after buying Standard", async ({
  page,
  browser,
}) => {
  await signedInAs(page, "agent", "Esi Host");
  const id = await listingWithPhoto(page, browser);

  const marked = page.waitForResponse((r) =>
    /\/media\/listings\/.+-(card|gallery)\.webp$/.test(r.url()),
  );
  await gotoHydrated(page, `/listing/${id}`);
  expect((await marked).headers()["etag"]).toBe('"watermarked"');
  expect(await markPixels(page)).toBeGreaterThan(0.02);
  await shootWidths(page, "watermark-free-host");

  // Standard removes the watermark (the spec's card): bought by card on the sandbox provider.
  await gotoHydrated(page, "/dashboard/premium-plans");
  await page.getByRole("button", { name: "Choose the Standard plan" }).click();
  await payByCard(page);
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });

  // The same address, revalidated by the browser: the clean photo now.
  const clean = page.waitForResponse((r) =>
    /\/media\/listings\/.+-(card|gallery)\.webp$/.test(r.url()),
  );
  await gotoHydrated(page, `/listing/${id}`);
  expect((await clean).headers()["etag"]).toBe('"clean"');
  expect(await markPixels(page)).toBeLessThan(0.005);
});

test("a host uploads a video file once Elite is bought, and it plays in the gallery", async ({
  page,
  browser,
}) => {
  await signedInAs(page, "agent", "Yaw Host");
  const id = await listingWithPhoto(page, browser);

  // Without the perk: the refusal's sentence and a link to the plans, no file input.
  await gotoHydrated(page, `/add-listing?edit=${id}`);
  const section = page.getByRole("region", { name: "Video file" });
  await expect(section).toContainText("video listing support");
  await expect(section).toContainText("Elite");
  await expect(section.getByRole("link", { name: "See plans" })).toBeVisible();
  await expect(section.getByLabel("Choose a video file")).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await shootWidths(page, "video-section-locked");

  await gotoHydrated(page, "/dashboard/premium-plans");
  await page.getByRole("button", { name: "Choose the Elite plan" }).click();
  await payByCard(page);
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });

  await gotoHydrated(page, `/add-listing?edit=${id}`);
  // The start of an MP4 file: the server judges the type by these bytes.
  const video = Buffer.alloc(64 * 1024, 7);
  video.writeUInt32BE(24, 0);
  video.write("ftypisom", 4, "latin1");
  await section
    .getByLabel("Choose a video file")
    .setInputFiles({ name: "tour.mp4", mimeType: "video/mp4", buffer: video });
  await section.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByRole("status").first()).toContainText("Video uploaded");
  await expect(section).toContainText("Your listing's video (0.1 MB)");
  await shootWidths(page, "video-section-uploaded");

  await gotoHydrated(page, `/listing/${id}`);
  const gallery = page.getByRole("region", { name: "Photos of Harbour View Flat" });
  await gallery.getByRole("button", { name: "Go to slide 2" }).click();
  const player = gallery.getByLabel("Video of Harbour View Flat");
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute("poster", /-gallery\.webp$/);
  await expect(player.locator("source")).toHaveAttribute("type", "video/mp4");
  await shootWidths(page, "video-in-gallery");
});
