import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_HERO_CONTENT,
  DEFAULT_PLATFORM_SETTINGS,
} from "../../app/db/reference/reference-data.ts";
import { auditLog, heroContent, listings, platformSettings } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { emptyListingValues } from "../../app/lib/schemas/listing.ts";
import { MAX_LOGO_BYTES } from "../../app/lib/schemas/platform-settings.ts";
import { submitContactMessage } from "../../app/services/contact/contact.server.ts";
import { updateHeroContent } from "../../app/services/content/hero.server.ts";
import {
  getHeroContent,
  getPlatformSettings,
  getPublicSettings,
  invalidateSiteContent,
  updatePlatformSettings,
} from "../../app/services/content/settings.server.ts";
import { createListing, updateListing } from "../../app/services/listings/listing-write.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { headerOf } from "../support/smtp-sink.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, TEST_ADMIN_EMAIL, waitForMail, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

const t = createTranslator();
const PATH = "/dashboard/platform-settings";
const TEAM = "team@savanna-homes.test";

/** The Settings form as a browser sends it (the approval switch ticked). */
const SETTINGS = {
  intent: "settings",
  siteName: "Savanna Homes",
  tagline: "Homes and stays from Accra to Zanzibar",
  supportEmail: "help@savanna-homes.test",
  supportPhone: "+233 20 555 0101",
  notificationEmail: TEAM,
  requireManualApproval: "on",
};

function png(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
}

function formData(fields: Record<string, string> | [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    form.append(name, value);
  }
  return form;
}

function fileOf(data: Buffer, name: string, type = "image/png"): File {
  return new File([new Uint8Array(data)], name, { type });
}

/** The document's title of a rendered page. */
function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
}

function apartment(title: string) {
  return {
    ...emptyListingValues("real-estate"),
    title,
    listingType: "rent",
    price: "750",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "12 Settings Road",
    description: "A bright two-bedroom flat near the settings of this test.",
    propertyType: "apartment",
  };
}

describe(`platform settings and hero on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let admin: MadeUser;
  let agent: MadeUser;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
    agent = await makeUser({ role: "agent", name: "Abena Owusu" });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await app.handle.db
      .update(platformSettings)
      .set({ ...DEFAULT_PLATFORM_SETTINGS, logoPath: null });
    await app.handle.db.update(heroContent).set({ content: DEFAULT_HERO_CONTENT });
    await app.handle.db.delete(auditLog);
    invalidateSiteContent();
    app.sink.messages.splice(0);
  });

  async function html(path: string, who: MadeUser | null = null): Promise<string> {
    const response = await send(path, { jar: who?.jar });
    expect(response.status, path).toBe(200);
    return response.text();
  }

  async function audits() {
    return app.handle.db.select().from(auditLog).orderBy(desc(auditLog.id));
  }

  function post(body: FormData | Record<string, string>, who: MadeUser | null = admin) {
    return send(PATH, {
      method: "POST",
      ...(body instanceof FormData ? { body } : { form: body }),
      jar: who?.jar,
    });
  }

  describe("branding and contact", () => {
    it("saves the settings, and the header, footer and titles show the new name at once", async () => {
      // Read once, so the cached settings are the old ones.
      const before = await html("/");
      expect(titleOf(before)).toMatch(/^Gateway Africa — /);

      const response = await post(SETTINGS);
      expect(response.status).toBe(302);
      expect(location(response)).toBe(PATH);
      expect(toastOf(response)).toMatchObject({ title: "dashboard.settings.saved" });

      const home = await html("/");
      expect(titleOf(home)).toMatch(/^Savanna Homes — Property, stays/);
      expect(home).toContain('<meta property="og:site_name" content="Savanna Homes"/>');
      const banner = home.slice(home.indexOf("<header"), home.indexOf("</header>"));
      expect(banner).toMatch(/Savanna(<!-- -->)? <span class="text-accent">Homes<\/span>/);
      expect(banner).not.toContain("Gateway");
      const footer = home.slice(home.indexOf("<footer"), home.indexOf("</footer>"));
      expect(footer).toContain(`© ${new Date().getFullYear()} Savanna Homes. All rights reserved.`);
      expect(footer).toContain("help@savanna-homes.test");
      expect(footer).toContain("+233 20 555 0101");
      expect(titleOf(await html("/about"))).toBe("About Us — Savanna Homes");
      expect(titleOf(await html("/dashboard/overview", admin))).toBe("Dashboard — Savanna Homes");

      const [row] = await app.handle.db.select().from(platformSettings);
      expect(row).toMatchObject({
        siteName: "Savanna Homes",
        tagline: SETTINGS.tagline,
        supportEmail: SETTINGS.supportEmail,
        supportPhone: SETTINGS.supportPhone,
        notificationEmail: TEAM,
        requireManualApproval: true,
      });
      const [entry, ...others] = await audits();
      expect(others).toEqual([]);
      expect(entry).toMatchObject({
        action: "settings.edit",
        actorId: admin.id,
        actorEmail: TEST_ADMIN_EMAIL,
        targetType: "settings",
      });
      expect(entry!.detail).toEqual({
        changed: {
          siteName: { from: "Gateway Africa", to: "Savanna Homes" },
          tagline: { from: DEFAULT_PLATFORM_SETTINGS.tagline, to: SETTINGS.tagline },
          supportEmail: { from: DEFAULT_PLATFORM_SETTINGS.supportEmail, to: SETTINGS.supportEmail },
          supportPhone: { from: DEFAULT_PLATFORM_SETTINGS.supportPhone, to: SETTINGS.supportPhone },
          // The placeholder stood for the administrator's address.
          notificationEmail: { from: TEST_ADMIN_EMAIL, to: TEAM },
        },
      });

      // The same form again changes nothing and records nothing.
      const again = await post(SETTINGS);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("dashboard.settings.noChanges");
      expect(await audits()).toHaveLength(1);
    });

    it("shows the settings in the form, the notification address as in effect", async () => {
      const page = await html(PATH, admin);
      expect(page).toContain(t("dashboard.settings.title"));
      expect(page).toContain('value="Gateway Africa"');
      expect(page).toContain(`value="${TEST_ADMIN_EMAIL}"`);
      expect(page).toContain(t("dashboard.settings.approvalNote"));
      expect(page).toMatch(/role="switch"[^>]*checked=""/);
    });

    it("refuses invalid fields with a message each and changes nothing", async () => {
      const before = await databaseSnapshot(app.handle.db);
      const response = await post({
        ...SETTINGS,
        siteName: "   ",
        tagline: "t".repeat(161),
        supportEmail: "not-an-address",
        supportPhone: "call me",
        notificationEmail: "",
      });
      expect(response.status).toBe(400);
      const page = (await response.text()).replaceAll("&#x27;", "'");
      for (const key of [
        "siteNameRequired",
        "taglineTooLong",
        "supportEmail",
        "supportPhone",
        "notificationEmail",
      ] as const) {
        expect(page).toContain(t(`dashboard.settings.errors.${key}`));
      }
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      expect((await getPublicSettings()).siteName).toBe("Gateway Africa");

      const refused = await refusalOf(
        updatePlatformSettings({
          actor: admin.viewer,
          input: { ...SETTINGS, siteName: "x".repeat(61) },
        }),
      );
      expect(refused.fields).toEqual({ siteName: "dashboard.settings.errors.siteNameTooLong" });
    });

    it("refuses everyone but the administrator, and changes nothing", async () => {
      const user = await makeUser({ role: "user" });
      const before = await databaseSnapshot(app.handle.db);
      for (const who of [agent, user]) {
        const response = await post(SETTINGS, who);
        expect(response.status).toBe(302);
        expect(location(response)).toBe("/dashboard/overview");
        expect(toastOf(response)).toMatchObject({ title: "auth.toasts.accessDenied" });
      }
      const visitor = await post(SETTINGS, null);
      expect(location(visitor)).toBe("/");
      expect(
        await refusalOf(updatePlatformSettings({ actor: agent.viewer, input: SETTINGS })),
      ).toMatchObject({ code: "FORBIDDEN" });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });
  });

  describe("manual approval and notifications", () => {
    it("approves an agent's new listing at once when manual approval is off, and waits when on", async () => {
      const { requireManualApproval: _on, ...off } = SETTINGS;
      expect((await post(off)).status).toBe(302);
      const [entry] = await audits();
      expect(entry!.detail).toMatchObject({
        changed: { requireManualApproval: { from: true, to: false } },
      });

      const live = await createListing({ actor: agent.viewer, input: apartment("Live at once") });
      expect(live.status).toBe("approved");
      const published = await waitForMail(app, TEAM);
      expect(published.subject).toBe("New listing published: Live at once");
      expect(published.body).toContain("Abena Owusu");
      expect(published.body).toContain(`${app.config.appUrl}/listing/${live.id}`);
      // An owner's edit of what the public reads keeps it live while approval is off.
      const edited = await updateListing({
        actor: agent.viewer,
        listingId: live.id,
        input: apartment("Live at once, renamed"),
      });
      expect(edited.status).toBe("approved");

      expect((await post(SETTINGS)).status).toBe(302);
      const pending = await createListing({ actor: agent.viewer, input: apartment("Waits") });
      expect(pending.status).toBe("pending_approval");
      const review = await waitForMail(app, TEAM, 2);
      expect(review.subject).toBe("New listing to review: Waits");
      expect(review.body).toContain(`${app.config.appUrl}/dashboard/moderation`);
      const renamed = await updateListing({
        actor: agent.viewer,
        listingId: live.id,
        input: apartment("Live at once, renamed again"),
      });
      expect(renamed.status).toBe("pending_approval");
      const rows = await app.handle.db
        .select({ id: listings.id, status: listings.status })
        .from(listings)
        .where(eq(listings.userId, agent.id));
      expect(rows).toHaveLength(2);
    });

    it("keeps manual approval on by default: the spec's note and a pending listing", async () => {
      const saved = await createListing({ actor: agent.viewer, input: apartment("Default") });
      expect(saved.status).toBe("pending_approval");
      // Until a notification address is set, the team's mail goes to ADMIN_EMAIL.
      const mail = await waitForMail(app, TEST_ADMIN_EMAIL);
      expect(mail.subject).toBe("New listing to review: Default");
      // The administrator's own listing is live and tells nobody.
      const own = await createListing({ actor: admin.viewer, input: apartment("Admin's own") });
      expect(own.status).toBe("approved");
      await new Promise((r) => setTimeout(r, 200));
      expect(app.sink.messages.filter((m) => m.subject.includes("Admin's own"))).toEqual([]);
    });

    it("sends contact-form messages to the notification address", async () => {
      expect((await post(SETTINGS)).status).toBe(302);
      const { id } = await submitContactMessage({
        data: {
          name: "Kojo Mensah",
          email: "kojo@example.com",
          reason: "general",
          subject: "Where is the office?",
          message: "Can I visit on Saturday?",
        },
      });
      const mail = await waitForMail(app, TEAM);
      expect(mail.subject).toBe("Contact form (General Inquiry): Where is the office?");
      expect(mail.body).toContain(`#${id}`);
      expect(headerOf(mail, "Reply-To")).toContain("kojo@example.com");
      expect(app.sink.to(TEST_ADMIN_EMAIL)).toEqual([]);
    });
  });

  describe("booking service fee", () => {
    it("sets the fee new bookings pay, audited; keeps it when the field is absent; refuses nonsense", async () => {
      expect((await getPlatformSettings()).serviceFeePercent).toBe(3);
      expect((await post({ ...SETTINGS, serviceFeePercent: "4.5" })).status).toBe(302);
      expect((await getPlatformSettings()).serviceFeePercent).toBe(4.5);
      const [entry] = await audits();
      expect(entry!.detail).toMatchObject({
        changed: { serviceFeePercent: { from: 3, to: 4.5 } },
      });
      // Nothing else changed either: the form answers "No changes".
      expect((await post(SETTINGS)).status).toBeLessThan(400);
      expect((await getPlatformSettings()).serviceFeePercent).toBe(4.5);
      for (const bad of ["25", "-1", "abc", "1.234"]) {
        const before = await databaseSnapshot(app.handle.db);
        const refused = await post({ ...SETTINGS, serviceFeePercent: bad });
        expect(refused.status, bad).toBe(400);
        expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      }
    });
  });

  describe("logo", () => {
    it("stores an uploaded logo, shows it in the header, and removes it again", async () => {
      const body = formData(SETTINGS);
      body.append("logo", fileOf(await png(1200, 300), "logo.png"));
      const response = await post(body);
      expect(response.status).toBe(302);
      const [row] = await app.handle.db.select().from(platformSettings);
      expect(row!.logoPath).toMatch(/^branding\/[0-9a-f]{16}-480x120\.webp$/);
      const stored = await getMediaStorage().read(row!.logoPath!);
      const meta = await sharp(stored!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 120]);

      const home = await html("/");
      const banner = home.slice(home.indexOf("<header"), home.indexOf("</header>"));
      expect(banner).toContain(`src="/media/${row!.logoPath}"`);
      expect(banner).toContain('width="480" height="120"');
      expect(banner).not.toContain('viewBox="0 0 40 40"');
      const media = await send(`/media/${row!.logoPath}`);
      expect(media.status).toBe(200);
      expect(media.headers.get("content-type")).toContain("image/webp");
      const [entry] = await audits();
      expect(entry!.detail).toMatchObject({ changed: { logo: { from: null, to: row!.logoPath } } });

      const removed = await post({ ...SETTINGS, removeLogo: "on" });
      expect(removed.status).toBe(302);
      const [after] = await app.handle.db.select().from(platformSettings);
      expect(after!.logoPath).toBeNull();
      expect(await getMediaStorage().read(row!.logoPath!)).toBeNull();
      const plain = await html("/");
      expect(plain.slice(plain.indexOf("<header"), plain.indexOf("</header>"))).toContain(
        'viewBox="0 0 40 40"',
      );
    });

    it("refuses a logo over 2 MB or that is not a picture, with a clear message", async () => {
      const before = await databaseSnapshot(app.handle.db);
      const large = formData(SETTINGS);
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_LOGO_BYTES)]);
      large.append("logo", fileOf(big, "huge.png"));
      const tooLarge = await post(large);
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.text()).toContain(t("dashboard.settings.errors.logoTooLarge"));

      for (const [data, name] of [
        [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "logo.svg"],
        [Buffer.from("just some text"), "logo.png"],
      ] as const) {
        const body = formData(SETTINGS);
        body.append("logo", fileOf(data, name));
        const response = await post(body);
        expect(response.status, name).toBe(400);
        expect(await response.text()).toContain(t("dashboard.settings.errors.logoInvalidType"));
      }
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });
  });

  describe("hero", () => {
    function heroForm(
      slides: { image: string; alt: string; description?: string; file?: File }[],
      texts: Partial<Record<"title" | "subtitle" | "description", string>> = {},
    ): FormData {
      const form = formData({
        intent: "hero",
        title: texts.title ?? "Find your place in Africa",
        subtitle: texts.subtitle ?? "Gateway to Africa's Best",
        description: texts.description ?? "Homes, stays and journeys in 54 countries.",
      });
      for (const slide of slides) {
        form.append("slideImage", slide.image);
        form.append("slideAlt", slide.alt);
        form.append("slideDescription", slide.description ?? "");
        form.append("slideFile", slide.file ?? new File([], ""));
      }
      return form;
    }

    it("saves texts and slides (a new picture through the image pipeline), and the home page shows them", async () => {
      expect(await html("/")).toContain(DEFAULT_HERO_CONTENT.title);
      const response = await post(
        heroForm([
          { image: "", alt: "A new skyline", file: fileOf(await png(1600, 900), "city.png") },
          { image: "/images/hero/slide-2.webp", alt: "Giraffes at sunset", description: "Safari" },
        ]),
      );
      expect(response.status).toBe(302);
      expect(location(response)).toBe(PATH);
      expect(toastOf(response)).toMatchObject({ title: "dashboard.hero.saved" });
      expect(t("dashboard.hero.saved")).toBe("Hero section content updated successfully!");

      const saved = await getHeroContent();
      expect(saved).toMatchObject({
        title: "Find your place in Africa",
        subtitle: "Gateway to Africa's Best",
        description: "Homes, stays and journeys in 54 countries.",
      });
      expect(saved.slides).toHaveLength(2);
      expect(saved.slides[1]).toEqual({
        imageUrl: "/images/hero/slide-2.webp",
        alt: "Giraffes at sunset",
        description: "Safari",
      });
      const uploaded = saved.slides[0]!.imageUrl;
      expect(uploaded).toMatch(/^\/media\/hero\/[0-9a-f]{16}-gallery\.webp$/);
      const key = uploaded.slice("/media/".length, -"-gallery.webp".length);
      for (const [variant, width] of [
        ["thumb", 160],
        ["card", 640],
        ["gallery", 1280],
      ] as const) {
        const file = await getMediaStorage().read(`${key}-${variant}.webp`);
        expect((await sharp(file!).metadata()).width, variant).toBe(width);
      }

      const home = await html("/");
      expect(home).toContain("Find your place in Africa");
      expect(home).toContain(`/media/${key}-card.webp 640w`);
      expect(home).not.toContain(DEFAULT_HERO_CONTENT.title);
      const [entry] = await audits();
      expect(entry).toMatchObject({ action: "hero.edit", targetType: "hero", actorId: admin.id });
      expect(entry!.detail).toMatchObject({
        changed: {
          title: { from: DEFAULT_HERO_CONTENT.title, to: "Find your place in Africa" },
          slides: { from: 5, to: 2 },
        },
      });

      // Reordered, one slide taken out: its uploaded picture is removed once saved.
      const again = await post(
        heroForm([{ image: "/images/hero/slide-2.webp", alt: "Giraffes at sunset" }]),
      );
      expect(again.status).toBe(302);
      expect((await getHeroContent()).slides).toHaveLength(1);
      expect(await getMediaStorage().read(`${key}-gallery.webp`)).toBeNull();
    });

    it("refuses no slides, missing texts and pictures, and foreign pictures, changing nothing", async () => {
      const before = await databaseSnapshot(app.handle.db);
      const cases: [FormData, string][] = [
        [heroForm([]), t("dashboard.hero.errors.noSlides")],
        [
          heroForm([{ image: "/images/hero/slide-1.webp", alt: "x" }], { title: "" }),
          t("dashboard.hero.errors.titleRequired"),
        ],
        [
          heroForm([{ image: "/images/hero/slide-1.webp", alt: "  " }]),
          t("dashboard.hero.errors.slideAltRequired"),
        ],
        [heroForm([{ image: "", alt: "No picture" }]), t("dashboard.hero.errors.slideImage")],
        [
          heroForm([{ image: "https://evil.example/x.webp", alt: "Elsewhere" }]),
          t("dashboard.hero.errors.slideImage"),
        ],
        [
          heroForm([{ image: "/media/hero/0123456789abcdef-gallery.webp", alt: "Not ours" }]),
          t("dashboard.hero.errors.slideImage"),
        ],
        [
          heroForm([{ image: "", alt: "Text", file: fileOf(Buffer.from("hello"), "a.png") }]),
          t("publish.errors.imageInvalidType"),
        ],
        [
          heroForm(
            Array.from({ length: 9 }, (_, i) => ({
              image: "/images/hero/slide-1.webp",
              alt: `Slide ${i}`,
            })),
          ),
          t("dashboard.hero.errors.tooManySlides"),
        ],
      ];
      for (const [form, message] of cases) {
        const response = await post(form);
        expect(response.status, message).toBe(400);
        expect((await response.text()).replaceAll("&#x27;", "'"), message).toContain(message);
      }
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      expect(await getHeroContent()).toEqual(DEFAULT_HERO_CONTENT);
    });

    it("refuses everyone but the administrator, with the database unchanged", async () => {
      const professional = await makeUser({ role: "professional" });
      const before = await databaseSnapshot(app.handle.db);
      const form = () =>
        heroForm([{ image: "/images/hero/slide-1.webp", alt: "Skyline" }], { title: "Hacked" });
      for (const who of [agent, professional]) {
        const response = await post(form(), who);
        expect(response.status).toBe(302);
        expect(location(response)).toBe("/dashboard/overview");
      }
      expect(location(await post(form(), null))).toBe("/");
      expect(
        await refusalOf(
          updateHeroContent({
            actor: agent.viewer,
            input: { title: "Hacked", subtitle: "x", description: "x", slides: [] },
          }),
        ),
      ).toMatchObject({ code: "FORBIDDEN" });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      expect(await html("/")).not.toContain("Hacked");
    });

    it("shows the hero editor with every slide's fields", async () => {
      const page = (await html(PATH, admin)).replaceAll("&#x27;", "'");
      expect(page).toContain(t("dashboard.hero.title"));
      expect(page).toContain(`value="${DEFAULT_HERO_CONTENT.title}"`);
      expect(page.match(/name="slideAlt"/g)).toHaveLength(DEFAULT_HERO_CONTENT.slides.length);
      expect(page.match(/name="slideFile"/g)).toHaveLength(DEFAULT_HERO_CONTENT.slides.length);
    });
  });
});
