import type { Page } from "@playwright/test";
import { expect, failedRequest, OFFLINE_MAP_TILES, test } from "./support/test.ts";
import { E2E } from "./support/e2e-env.ts";

/**
 * The information pages: about, services, contact and the legal page (/terms, /faq, /privacy,
 * /kyc). The machine running these tests has no internet, so the contact map shows its fallback.
 */

const OSM_TILES = "tile.openstreetmap.org";

const PAGES = [
  {
    path: "/about",
    title: "About Us — Gateway Africa",
    h1: "One trusted gateway to property, stays and travel across Africa",
  },
  {
    path: "/services",
    title: "Our Services — Gateway Africa",
    h1: "Everything you need to live, stay and travel in Africa",
  },
  { path: "/contact", title: "Contact Us — Gateway Africa", h1: "Get in touch" },
  { path: "/terms", title: "Terms of Service — Gateway Africa", h1: "Terms, FAQ & policies" },
  {
    path: "/faq",
    title: "Frequently Asked Questions — Gateway Africa",
    h1: "Terms, FAQ & policies",
  },
  { path: "/privacy", title: "Privacy Policy — Gateway Africa", h1: "Terms, FAQ & policies" },
  { path: "/kyc", title: "KYC & Verification — Gateway Africa", h1: "Terms, FAQ & policies" },
] as const;

for (const { path, title, h1 } of PAGES) {
  test(`${path} renders its heading inside the header and footer`, async ({ page, pageErrors }) => {
    if (path === "/contact") pageErrors.allow(OFFLINE_MAP_TILES);
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    // A link shared in a chat shows a preview card with the page's own address.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", E2E.baseUrl + path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${E2E.baseUrl}/images/hero/slide-1.webp`,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
  });
}

test.describe("about", () => {
  test("states the mission, vision and six values, and links to the group's companies", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Our mission" })).toBeVisible();
    await expect(
      page.getByText(/unify Africa's fragmented real estate and travel sectors/),
    ).toBeVisible();
    await expect(page.getByText(/leading digital gateway to Africa/)).toBeVisible();
    for (const value of [
      "Community Centric",
      "Integrity & Trust",
      "Innovation Driven",
      "Local Empowerment",
      "Passion for Africa",
      "Global Connectivity",
    ]) {
      await expect(page.getByRole("heading", { name: value, level: 3 })).toBeVisible();
    }
    const group = page.getByRole("region", { name: "Part of Gateway Group" });
    const outbound = group.getByRole("link");
    await expect(outbound).toHaveCount(3);
    for (const link of await outbound.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
    const cta = page.getByRole("region", { name: "Ready to find your place in Africa?" });
    await expect(cta.getByRole("link", { name: "Browse Properties" })).toHaveAttribute(
      "href",
      "/real-estate",
    );
    await expect(cta.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });
});

test.describe("services", () => {
  test("lists the six service areas and the eight kinds of professionals with their links", async ({
    page,
  }) => {
    await page.goto("/services");
    const areas = page.getByRole("region", { name: "What we offer" });
    const expected = {
      "Real Estate Listings": "/real-estate",
      "Accommodation Booking": "/hospitality",
      "Student Housing": "/student-housing",
      Professionals: "/professionals",
      "Travel & Tour Packages": "/travel-agencies",
      "All-in-One Concierge": "/concierge",
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(areas.getByRole("link", { name: `Explore ${name}` })).toHaveAttribute(
        "href",
        href,
      );
    }
    for (const feature of ["Flights", "Airport pickup", "Local transport", "Hotel bundles"]) {
      await expect(areas.getByText(feature, { exact: true })).toBeVisible();
    }
    const professionals = page.getByRole("region", {
      name: "Eight kinds of professionals",
    });
    await expect(professionals.getByRole("link")).toHaveCount(8);
    await expect(
      professionals.getByRole("link", { name: /Architects & Building Consultants/ }),
    ).toHaveAttribute("href", "/professionals?serviceCategory=architect");
    await expect(
      professionals.getByRole("link", { name: /Painters & Renovators/ }),
    ).toHaveAttribute("href", "/professionals?serviceCategory=painter-renovator");
  });
});

test.describe("legal page", () => {
  test("/faq lands with the FAQ section in view", async ({ page }) => {
    await page.goto("/faq");
    await expect(
      page.getByRole("heading", { name: "Frequently Asked Questions", level: 2 }),
    ).toBeInViewport();
    await expect(
      page.getByRole("heading", { name: "Terms of Service", level: 2 }),
    ).not.toBeInViewport();
    const question = page.getByText("Can I see prices in my own currency?");
    await question.click();
    await expect(page.getByText(/prices are converted automatically/)).toBeVisible();
  });

  test("the section nav moves between /terms, /privacy and /kyc and scrolls to each", async ({
    page,
  }) => {
    await page.goto("/terms");
    const nav = page.getByRole("navigation", { name: "On this page" });
    await expect(nav.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      page.getByRole("heading", { name: "Terms of Service", level: 2 }),
    ).toBeInViewport();

    await nav.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect(page).toHaveTitle("Privacy Policy — Gateway Africa");
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 2 })).toBeInViewport();

    await nav.getByRole("link", { name: "KYC & Verification" }).click();
    await expect(page).toHaveURL("/kyc");
    await expect(
      page.getByRole("heading", { name: "KYC & Verification", level: 2 }),
    ).toBeInViewport();
    await expect(page.getByText(/few business days/).first()).toBeVisible();
  });

  test("with reduced motion the jump is instant", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 2 })).toBeInViewport();
  });
});

test.describe("contact", () => {
  // Every test here opens the contact page, whose office map comes into view.
  test.use({ allowedConsoleErrors: [OFFLINE_MAP_TILES] });

  const valid = {
    name: "Efua Owusu",
    email: "efua.owusu@example.com",
    subject: "Listing my guesthouse in Cape Coast",
    message: "Hello, I would like to list a six-room guesthouse. What do I need to get verified?",
  };

  async function fill(page: Page, values: typeof valid) {
    await page.getByLabel("Full Name").fill(values.name);
    await page.getByLabel("Email Address").fill(values.email);
    await page.getByLabel("Reason for Contact").selectOption("partnership");
    await page.getByLabel("Subject").fill(values.subject);
    await page.getByLabel("Your Message").fill(values.message);
  }

  test("shows contact details, opening hours and the office map fallback", async ({ page }) => {
    await page.goto("/contact");
    const info = page.getByRole("region", { name: "Contact information" });
    await expect(info.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(info.getByRole("link", { name: /^\+?[\d\s]+$/ })).toHaveAttribute(
      "href",
      /^tel:\+?\d+$/,
    );
    await expect(info).toContainText("Accra, Ghana");
    const hours = page.getByRole("region", { name: "Business hours" });
    await expect(hours).toContainText("8:00 – 18:00 WAT");
    await expect(hours).toContainText("9:00 – 14:00 WAT");
    await expect(hours).toContainText("Closed");

    const mapSection = page.getByRole("region", { name: "Find our office" });
    await mapSection.scrollIntoViewIfNeeded();
    const fallback = page.getByRole("img", {
      name: "Map of the Gateway Africa office in Ridge, Accra",
    });
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText("Accra, Ghana");
    // Offline, Leaflet loads but its tiles fail: the fallback stays.
    await expect(page.getByText("Loading map…")).toBeHidden({ timeout: 15_000 });
    await expect(fallback).toBeVisible();
    await expect(mapSection.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=5\.\d+&mlon=-0\.\d+#map=16\//,
    );
  });

  test("the live map replaces the fallback when OpenStreetMap tiles load", async ({ page }) => {
    const tile = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.route(`https://${OSM_TILES}/**`, (route) =>
      route.fulfill({ contentType: "image/png", body: tile }),
    );
    await page.goto("/contact");
    await page.getByRole("region", { name: "Find our office" }).scrollIntoViewIfNeeded();
    await expect(page.locator(".leaflet-tile-loaded").first()).toBeAttached({ timeout: 15_000 });
    await expect(
      page.getByRole("img", { name: "Map of the Gateway Africa office in Ridge, Accra" }),
    ).toHaveCount(0);
    await expect(page.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");
    // Leaflet's own images come from this site, never a CDN.
    const leafletAssets = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => /leaflet|marker/.test(url)),
    );
    for (const url of leafletAssets) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  });

  test("submitting empty shows each field's error and the Missing Fields toast, and sends nothing", async ({
    page,
  }) => {
    await page.goto("/contact");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Send Message" }).click();

    const toast = page.getByRole("status");
    await expect(toast).toContainText("Missing Fields");
    await expect(toast).toContainText("Please fill in all required fields.");
    const expectations = {
      "Full Name": "Please enter your full name.",
      "Email Address": "Please enter a valid e-mail address.",
      Subject: "Please enter a subject.",
      "Your Message": "Please write your message.",
    };
    for (const [label, message] of Object.entries(expectations)) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel("Full Name")).toBeFocused();
    expect(posts).toEqual([]);

    // Errors follow corrections.
    await page.getByLabel("Full Name").fill("Efua Owusu");
    await expect(page.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
  });

  test("a valid message is sent: 'Message Sent!' and a fresh form", async ({ page }) => {
    await page.goto("/contact");
    await fill(page, valid);
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/contact"),
    );
    await page.getByRole("button", { name: "Send Message" }).click();
    await response;
    const toast = page.getByRole("status");
    await expect(toast).toContainText("Message Sent!");
    await expect(toast).toContainText("We'll get back to you within one business day.");
    await expect(page).toHaveURL("/contact");
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    await expect(page.getByLabel("Your Message")).toHaveValue("");
  });

  test("?reason=partnership preselects the reason", async ({ page }) => {
    await page.goto("/contact?reason=partnership");
    await expect(page.getByLabel("Reason for Contact")).toHaveValue("partnership");
  });
});

test.describe("contact without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid message still shows the success toast after the redirect", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Full Name").fill("Yaw Boateng");
    await page.getByLabel("Email Address").fill("yaw.boateng@example.com");
    await page.getByLabel("Reason for Contact").selectOption("support");
    await page.getByLabel("Subject").fill("Cannot upload photos");
    await page.getByLabel("Your Message").fill("My listing photos do not upload from my phone.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByText("Message Sent!")).toBeVisible();
    await expect(
      page.getByText("Thank you for contacting us. We'll get back to you within one business day."),
    ).toBeVisible();
  });

  test("blank answers come back from the server with each field's error and the values kept", async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allow(failedRequest("/contact", 400));
    await page.goto("/contact");
    await page.getByLabel("Full Name").fill("Yaw Boateng");
    // Spaces pass the browser's own required check; the server's schema trims them away.
    await page.getByLabel("Email Address").fill("yaw.boateng@example.com");
    await page.getByLabel("Subject").fill("   ");
    await page.getByLabel("Your Message").fill("   ");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Subject")).toHaveAccessibleDescription("Please enter a subject.");
    await expect(page.getByLabel("Your Message")).toHaveAccessibleDescription(
      "Please write your message.",
    );
    await expect(page.getByLabel("Full Name")).toHaveValue("Yaw Boateng");
    await expect(page.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const path of ["/about", "/services", "/contact", "/faq"]) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
