import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactAction, dialable } from "../../app/lib/contact-links.ts";
import { listingJsonLd, summarize } from "../../app/components/listing-detail/structured-data.ts";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { listingImages, listings, user } from "../../app/db/schema/index.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { AppError } from "../../app/lib/app-error.ts";
import { loader as listingLoader } from "../../app/routes/site/listing.tsx";
import {
  getListingDetail,
  listRelatedListings,
  type Viewer,
} from "../../app/services/listings/listing-detail.server.ts";
import { videoEmbed } from "../../app/lib/video-embed.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

type NewListing = typeof listings.$inferInsert;

describe(`listing detail on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  const id: Record<string, number> = {};
  const owner: Viewer = { id: "agent-1", role: "agent" };
  const admin: Viewer = { id: "admin-1", role: "admin" };
  const stranger: Viewer = { id: "user-9", role: "user" };

  const insert = async (key: string, fields: Partial<NewListing>) => {
    const [row] = await handle.db
      .insert(listings)
      .values({
        userId: "agent-1",
        title: `Listing ${key}`,
        category: "real-estate",
        listingType: "sale",
        countryCode: "KE",
        city: "Nairobi",
        address: "12 Waiyaki Way, Westlands",
        description: "Bright apartment.\n\nClose to the Sarit Centre.",
        status: "approved",
        searchText: `listing ${key}`,
        ...fields,
      })
      .returning({ id: listings.id });
    id[key] = row!.id;
  };

  const notFound = (promise: Promise<unknown>) =>
    expect(promise).rejects.toSatisfy(
      (error) =>
        error instanceof AppError && error.code === "LISTING_NOT_FOUND" && error.status === 404,
    );

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
    await seedReferenceData(handle.db);
    await handle.db.insert(user).values([
      {
        id: "agent-1",
        name: "Wanjiru Kamau",
        email: "wanjiru@example.com",
        role: "agent",
        phone: "+254 712 345 678",
      },
      {
        id: "agent-2",
        name: "Thabo Nkosi",
        email: "thabo@example.com",
        role: "agent",
        avatarUrl: "/media/avatars/thabo.webp",
      },
      { id: "admin-1", name: "Admin", email: "admin@example.com", role: "admin" },
    ]);
    await insert("main", {
      title: "Two-Bedroom Apartment in Westlands",
      contactMethod: "whatsapp",
      contactPhone: "+254 722 000 111",
      priceUsdCents: 1_200_00,
      priceType: "per_month",
      listingType: "rent",
      bedrooms: 2,
      bathrooms: 2,
      areaM2: 110,
      amenities: ["WiFi", "Parking", "Gym"],
      featured: true,
      rating: "4.6",
      ratingCount: 12,
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    });
    await insert("ownerPhone", { contactMethod: "phone", contactPhone: null });
    await insert("noPhone", { userId: "agent-2", contactMethod: "phone", contactPhone: null });
    await insert("pending", { status: "pending_approval" });
    await insert("rejected", { status: "rejected" });
    await insert("relatedOld", { createdAt: new Date("2025-01-01T00:00:00Z") });
    await insert("relatedFeatured", {
      featured: true,
      createdAt: new Date("2024-01-01T00:00:00Z"),
    });
    await insert("otherCategory", { category: "hospitality", listingType: "booking" });
    await insert("service", {
      title: "Property Lawyer",
      category: "professionals",
      listingType: "service",
      serviceCategory: "lawyer",
      serviceHighlights: ["free-consultation"],
      priceUsdCents: 150_00,
      priceType: "consultation_fee",
    });
    await handle.db.insert(listingImages).values([
      { listingId: id.main!, position: 1, storageKey: "listings/bbbb", width: 1280, height: 853 },
      { listingId: id.main!, position: 0, storageKey: "listings/aaaa", width: 1280, height: 960 },
    ]);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
  });

  it("returns everything the page shows in one read", async () => {
    const listing = await getListingDetail({ listingId: String(id.main), viewer: null });
    expect(listing).toMatchObject({
      id: id.main,
      title: "Two-Bedroom Apartment in Westlands",
      category: "real-estate",
      listingType: "rent",
      priceUsdCents: 120_000,
      priceType: "per_month",
      city: "Nairobi",
      countryName: "Kenya",
      address: "12 Waiyaki Way, Westlands",
      contactMethod: "whatsapp",
      status: "approved",
      featured: true,
      bedrooms: 2,
      bathrooms: 2,
      areaM2: 110,
      amenities: ["WiFi", "Parking", "Gym"],
      rating: "4.6",
      // The number and the address are given only on a click (a lead), never in the page.
      agent: {
        name: "Wanjiru Kamau",
        contactAvailable: true,
        avatarUrl: "/avatars/initials.svg?name=Wanjiru%20Kamau",
      },
      video: { provider: "YouTube", id: "dQw4w9WgXcQ" },
    });
    expect(listing.images.map((i) => i.storageKey)).toEqual(["listings/aaaa", "listings/bbbb"]);
    expect(listing.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(listing).not.toHaveProperty("userId");
  });

  it("counts the owner's phone when the listing has none, and shows the uploaded avatar", async () => {
    const ownerPhone = await getListingDetail({ listingId: id.ownerPhone!, viewer: null });
    expect(ownerPhone.agent.contactAvailable).toBe(true);
    expect(ownerPhone.images).toEqual([]);
    expect(ownerPhone.video).toBeNull();
    const noPhone = await getListingDetail({ listingId: id.noPhone!, viewer: null });
    expect(noPhone.agent).toMatchObject({
      contactAvailable: false,
      avatarUrl: "/media/avatars/thabo.webp",
    });
  });

  it("hides pending and rejected listings from visitors and other users", async () => {
    for (const key of ["pending", "rejected"]) {
      await notFound(getListingDetail({ listingId: id[key]!, viewer: null }));
      await notFound(getListingDetail({ listingId: id[key]!, viewer: stranger }));
    }
  });

  it("shows the owner and admins a listing that is not public yet", async () => {
    expect((await getListingDetail({ listingId: id.pending!, viewer: owner })).status).toBe(
      "pending_approval",
    );
    expect((await getListingDetail({ listingId: id.rejected!, viewer: admin })).status).toBe(
      "rejected",
    );
  });

  it("answers LISTING_NOT_FOUND for unknown and malformed ids", async () => {
    for (const raw of ["999999", "abc", "1.5", "0", "-1", "01", "1e3", "99999999999", "", " 1"]) {
      await notFound(getListingDetail({ listingId: raw, viewer: null }));
    }
  });

  it("suggests up to two approved listings of the same category, featured first", async () => {
    const related = await listRelatedListings({ id: id.main!, category: "real-estate" });
    expect(related).toHaveLength(2);
    expect(related[0]?.id).toBe(id.relatedFeatured);
    const all = await listRelatedListings({ id: id.main!, category: "real-estate" }, 50);
    const ids = all.map((l) => l.id);
    expect(ids).not.toContain(id.main);
    expect(ids).not.toContain(id.pending);
    expect(ids).not.toContain(id.rejected);
    expect(ids).not.toContain(id.otherCategory);
  });

  it("responds 404 from the page loader for what visitors may not see", async () => {
    for (const raw of [String(id.pending), String(id.rejected), "nope", "123456"]) {
      await expect(
        listingLoader({
          request: new Request(`http://localhost/listing/${raw}`),
          params: { listingId: raw },
          context: new RouterContextProvider(),
        } as never),
      ).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  describe("contact links", () => {
    const subject = 'Inquiry about "Flat" (Listing #7)';
    it("calls the phone number", () => {
      expect(
        contactAction({ method: "phone", phone: "+254 712 345 678", email: "a@b.c", subject }),
      ).toEqual({ kind: "phone", href: "tel:+254712345678" });
    });
    it("opens a WhatsApp chat from the digits", () => {
      expect(
        contactAction({
          method: "whatsapp",
          phone: "+234 (803) 123-4567",
          email: "a@b.c",
          subject,
        }),
      ).toEqual({ kind: "whatsapp", href: "https://wa.me/2348031234567" });
    });
    it("writes an e-mail whose subject names the title and id", () => {
      const action = contactAction({ method: "email", phone: null, email: "a@b.c", subject });
      expect(action).toEqual({
        kind: "email",
        href: `mailto:a@b.c?subject=${encodeURIComponent(subject)}`,
      });
    });
    it("says the phone is missing", () => {
      expect(contactAction({ method: "phone", phone: null, email: "a@b.c", subject })).toEqual({
        kind: "missing",
      });
      expect(contactAction({ method: "whatsapp", phone: " - ", email: "a@b.c", subject })).toEqual({
        kind: "missing",
      });
      expect(dialable("0244 123 456")).toBe("0244123456");
    });
  });

  describe("videos", () => {
    it("embeds YouTube without cookies", () => {
      for (const url of [
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://youtu.be/dQw4w9WgXcQ?t=10",
        "https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share",
        "https://www.youtube.com/shorts/dQw4w9WgXcQ",
        "https://www.youtube.com/embed/dQw4w9WgXcQ",
        "https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ",
      ]) {
        expect(videoEmbed(url)?.embedUrl).toBe(
          "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
        );
      }
    });
    it("embeds Vimeo with do-not-track", () => {
      expect(videoEmbed("https://vimeo.com/76979871")?.embedUrl).toBe(
        "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
      );
      expect(videoEmbed("https://player.vimeo.com/video/76979871?h=abc123ef")?.embedUrl).toBe(
        "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&h=abc123ef",
      );
    });
    it("refuses anything else", () => {
      for (const url of [
        null,
        "",
        "not a url",
        "javascript:alert(1)",
        "https://evil.example/watch?v=dQw4w9WgXcQ",
        "https://www.youtube.com/watch?v=short",
        "https://vimeo.com/about",
        // Lookalike hosts, a host hidden behind credentials, other schemes.
        "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
        "https://evil.example/www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
        "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
        "https://vimeo.com.evil.example/76979871",
        "data:text/html,<script>alert(1)</script>",
        "ftp://vimeo.com/76979871",
        // Markup where the id goes.
        'https://youtu.be/"><script>alert(1)</script>',
        "https://www.youtube.com/watch?v=dQw4w9WgX%22%3E",
      ]) {
        expect(videoEmbed(url), String(url)).toBeNull();
      }
    });
    it("builds the embed address from the id alone, never from the text given", () => {
      const embeds = [
        videoEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=%22%3E%3Cscript%3E"),
        videoEmbed('https://vimeo.com/76979871?h="><script>'),
        videoEmbed("https://vimeo.com/76979871/abc123ef?autoplay=0&onload=alert(1)"),
      ];
      expect(embeds.map((e) => e?.embedUrl)).toEqual([
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
        "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
        "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1&h=abc123ef",
      ]);
    });
  });

  describe("structured data", () => {
    it("describes a property as a Product with an Offer in US dollars", async () => {
      const listing = await getListingDetail({ listingId: id.main!, viewer: null });
      const ld = listingJsonLd(listing, "https://gateway.africa");
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Two-Bedroom Apartment in Westlands",
        url: `https://gateway.africa/listing/${id.main}`,
        image: [
          "https://gateway.africa/media/listings/aaaa-gallery.webp",
          "https://gateway.africa/media/listings/bbbb-gallery.webp",
        ],
        offers: { "@type": "Offer", price: "1200.00", priceCurrency: "USD" },
        aggregateRating: { ratingValue: "4.6", ratingCount: 12 },
      });
    });
    it("describes a professional's listing as a Service", async () => {
      const listing = await getListingDetail({ listingId: id.service!, viewer: null });
      expect(listingJsonLd(listing, "https://gateway.africa")).toMatchObject({
        "@type": "Service",
        provider: { "@type": "Person", name: "Wanjiru Kamau" },
        offers: { price: "150.00", priceCurrency: "USD" },
      });
    });
    it("summarizes descriptions on a word boundary", () => {
      expect(summarize("short text")).toBe("short text");
      const long = summarize("word ".repeat(100), 40);
      expect(long.length).toBeLessThanOrEqual(40);
      expect(long.endsWith("word…")).toBe(true);
    });
  });
});
