import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadViewer } from "../../app/auth/session.server.ts";
import { viewerContext } from "../../app/auth/viewer.ts";
import { listingImages, listings, listingUploads } from "../../app/db/schema/index.ts";
import { isMessageKey } from "../../app/i18n/translate.ts";
import { MODERATION_TRANSITIONS, statusAfterEdit } from "../../app/lib/listing-status.ts";
import { LISTING_STATUSES, MAX_LISTING_IMAGES } from "../../app/lib/listing-values.ts";
import { USD } from "../../app/lib/money.ts";
import { parseBrowseParams } from "../../app/lib/schemas/browse.ts";
import { emptyListingValues, type ListingFormValues } from "../../app/lib/schemas/listing.ts";
import { MAX_IMAGE_BYTES } from "../../app/lib/schemas/image.ts";
import * as addListing from "../../app/routes/listings/add-listing.tsx";
import * as manageRoute from "../../app/routes/dashboard/manage-listings.tsx";
import * as moderationRoute from "../../app/routes/dashboard/moderation.tsx";
import * as myListingsRoute from "../../app/routes/dashboard/my-listings.tsx";
import { deleteAccount } from "../../app/services/accounts/profile.server.ts";
import { browseListings } from "../../app/services/listings/browse.server.ts";
import { getListingDetail } from "../../app/services/listings/listing-detail.server.ts";
import {
  cleanupStaleUploads,
  discardListingUpload,
  storeListingUpload,
} from "../../app/services/listings/listing-uploads.server.ts";
import {
  createListing,
  deleteListing,
  getListingForEdit,
  updateListing,
} from "../../app/services/listings/listing-write.server.ts";
import {
  listManagedListings,
  moderateListing,
  setListingAttribute,
} from "../../app/services/listings/moderation.server.ts";
import {
  imageSlotUse,
  IMAGE_QUEUE,
  IMAGE_SLOTS,
  withImageSlot,
} from "../../app/services/media/image-slots.server.ts";
import { IMAGE_VARIANTS, storeImage, variantKey } from "../../app/services/media/images.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeUser, type MadeUser } from "../support/factories.ts";
import { createServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type CookieJar, type TestApp } from "../support/test-app.ts";
import { location, toastOf } from "../support/flash.ts";
import { refusalOf, type Refusal } from "../support/refusal.ts";

/** A solid image made on the spot; `seed` changes the colour so files differ. */
function image(
  format: "png" | "jpeg" | "gif" | "webp",
  seed = 0,
  width = 800,
  height = 600,
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: (seed * 47) % 255, g: 100, b: 77 } },
  })
    .toFormat(format)
    .toBuffer();
}

async function refusal(call: Promise<unknown>): Promise<Refusal> {
  const refused = await refusalOf(call);
  expect(isMessageKey(refused.message)).toBe(true);
  return refused;
}

describe(`publishing on ${testEngine}`, () => {
  let app: TestApp;
  let mediaDir: string;
  let admin: MadeUser;
  let agent: MadeUser;
  let otherAgent: MadeUser;
  let professional: MadeUser;
  let regular: MadeUser;

  function values(overrides: Partial<ListingFormValues> = {}): ListingFormValues {
    return {
      ...emptyListingValues("real-estate"),
      title: "Sunny flat in Osu",
      listingType: "rent",
      price: "1250.50",
      priceType: "per_month",
      countryCode: "GH",
      city: "Accra",
      address: "12 Oxford Street",
      description: "Two bedrooms, a balcony and a view of the sea.",
      propertyType: "apartment",
      bedrooms: "2",
      bathrooms: "1",
      areaM2: "85",
      amenities: ["WiFi", "Balcony"],
      ...overrides,
    };
  }

  async function uploadVia(jar: CookieJar | null, data: Buffer, name = "photo.png") {
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(data)]), name);
    const headers = new Headers({ origin: app.config.appUrl });
    if (jar) headers.set("cookie", jar.header());
    const res = await apiV1.request("/uploads/listing-images", { method: "POST", body, headers });
    return {
      status: res.status,
      body: (await res.json()) as { key: string; error?: { code: string; message: string } },
    };
  }

  async function api(method: string, url: string, jar: CookieJar | null, json?: unknown) {
    const headers = new Headers({ origin: app.config.appUrl });
    if (jar) headers.set("cookie", jar.header());
    if (json !== undefined) headers.set("content-type", "application/json");
    const res = await apiV1.request(url, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  }

  function filesOf(key: string): boolean[] {
    return (Object.keys(IMAGE_VARIANTS) as (keyof typeof IMAGE_VARIANTS)[]).map((v) =>
      existsSync(path.join(mediaDir, variantKey(key, v))),
    );
  }

  async function uploadCount(userId?: string) {
    const [row] = await app.handle.db
      .select({ n: count() })
      .from(listingUploads)
      .where(userId ? eq(listingUploads.userId, userId) : undefined);
    return Number(row?.n ?? 0);
  }

  async function listingCount() {
    const [row] = await app.handle.db.select({ n: count() }).from(listings);
    return Number(row?.n ?? 0);
  }

  async function row(id: number) {
    const [found] = await app.handle.db.select().from(listings).where(eq(listings.id, id));
    return found;
  }

  async function imageKeys(id: number) {
    const rows = await app.handle.db
      .select({ key: listingImages.storageKey, position: listingImages.position })
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(listingImages.position);
    return rows.map((r) => r.key);
  }

  /** Runs a route's action with a multipart body, as the browser's form sends it. */
  async function postForm(
    module: { action: (args: never) => unknown },
    url: string,
    form: FormData,
    jar: CookieJar,
  ) {
    const request = new Request(new URL(url, app.config.appUrl), {
      method: "POST",
      headers: { cookie: jar.header(), origin: app.config.appUrl },
      body: form,
    });
    const context = new RouterContextProvider();
    context.set(viewerContext, await loadViewer(request.headers));
    const run = module.action as (args: unknown) => Promise<unknown>;
    try {
      return await run({ request, context, params: {}, url: new URL(request.url), pattern: url });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  /** Runs a route's action with a body streamed in chunks (no declared length). */
  async function postStream(
    module: { action: (args: never) => unknown },
    url: string,
    body: ReadableStream<Uint8Array>,
  ) {
    const request = new Request(new URL(url, app.config.appUrl), {
      method: "POST",
      headers: {
        cookie: agent.jar.header(),
        origin: app.config.appUrl,
        "content-type": "multipart/form-data; boundary=x",
      },
      body,
      duplex: "half",
    } as RequestInit);
    const context = new RouterContextProvider();
    context.set(viewerContext, await loadViewer(request.headers));
    const run = module.action as (args: unknown) => Promise<unknown>;
    try {
      return await run({ request, context, params: {}, url: new URL(request.url), pattern: url });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  function formOf(v: ListingFormValues): FormData {
    const form = new FormData();
    for (const [field, value] of Object.entries(v)) {
      if (Array.isArray(value)) for (const item of value) form.append(field, item);
      else form.append(field, value);
    }
    return form;
  }

  async function publicSees(id: number): Promise<boolean> {
    return getListingDetail({ listingId: id, viewer: null }).then(
      () => true,
      () => false,
    );
  }

  beforeAll(async () => {
    app = await startTestApp();
    mediaDir = path.join(app.dataDir, "media");
    admin = await makeUser({ role: "admin" });
    agent = await makeUser({ role: "agent", name: "Ama Agent" });
    otherAgent = await makeUser({ role: "agent", name: "Kofi Agent" });
    professional = await makeUser({ role: "professional", name: "Pat Professional" });
    regular = await makeUser({ role: "user", name: "Uche User" });
    // These tests publish more listings than the free limits allow (payments-plans tests those).
    for (const publisher of [agent, otherAgent, professional]) {
      await givePlan(publisher.id, "premium");
    }
  });

  afterAll(async () => {
    await app.close();
  });

  it("walks the status graph: publishers wait for review, edits go back to it, the admin decides", () => {
    for (const from of LISTING_STATUSES) {
      for (const to of MODERATION_TRANSITIONS[from]) expect(to).not.toBe(from);
    }
    expect(statusAfterEdit({ status: "approved", actorIsAdmin: false, materialChange: true })).toBe(
      "pending_approval",
    );
    expect(
      statusAfterEdit({ status: "approved", actorIsAdmin: false, materialChange: false }),
    ).toBe("approved");
    expect(
      statusAfterEdit({ status: "rejected", actorIsAdmin: false, materialChange: false }),
    ).toBe("pending_approval");
    expect(statusAfterEdit({ status: "approved", actorIsAdmin: true, materialChange: true })).toBe(
      "approved",
    );
  });

  it("an agent publishes with two images: pending, not public, images processed and moved", async () => {
    const first = await uploadVia(agent.jar, await image("png", 1), "front.png");
    const second = await uploadVia(agent.jar, await image("jpeg", 2), "garden.jpg");
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body.key).toMatch(/^uploads\/[0-9a-f]{16}\/[0-9a-f]{16}$/);
    expect(filesOf(first.body.key)).toEqual([true, true, true]);
    expect(await uploadCount(agent.viewer.id)).toBe(2);

    const saved = await createListing({
      actor: agent.viewer,
      input: values({ title: "Zebrawood house", images: [second.body.key, first.body.key] }),
    });
    expect(saved.status).toBe("pending_approval");
    const stored = await row(saved.id);
    expect(stored).toMatchObject({
      userId: agent.viewer.id,
      status: "pending_approval",
      priceUsdCents: 125050,
      priceType: "per_month",
      bedrooms: 2,
      amenities: ["WiFi", "Balcony"],
      roomType: null,
      serviceCategory: null,
    });
    expect(stored?.searchText).toContain("zebrawood house accra ghana");

    // Moved: listing folder, cover first, pending rows and files gone.
    const keys = await imageKeys(saved.id);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(/^listings\//);
      expect(filesOf(key)).toEqual([true, true, true]);
    }
    expect(filesOf(first.body.key)).toEqual([false, false, false]);
    expect(await uploadCount(agent.viewer.id)).toBe(0);
    const cover = await sharp(path.join(mediaDir, variantKey(keys[0]!, "card"))).stats();
    expect(Math.abs(cover.channels[0]!.mean - 94)).toBeLessThan(3); // the JPEG (seed 2) is the cover

    // Not public until approved; the owner and the admin still see it.
    expect(await publicSees(saved.id)).toBe(false);
    await expect(
      getListingDetail({ listingId: saved.id, viewer: { id: agent.viewer.id, role: "agent" } }),
    ).resolves.toMatchObject({ status: "pending_approval" });
    const search = await browseListings(
      parseBrowseParams(new URLSearchParams("q=zebrawood"), "real-estate"),
      USD,
    );
    expect(search.total).toBe(0);

    await moderateListing({ actor: admin.viewer, listingId: saved.id, decision: "approved" });
    expect(await publicSees(saved.id)).toBe(true);
    const found = await browseListings(
      parseBrowseParams(new URLSearchParams("q=zebrawood"), "real-estate"),
      USD,
    );
    expect(found.listings.map((l) => l.id)).toEqual([saved.id]);
  });

  it("the admin's own listing is approved at once; a regular user and a visitor may not publish", async () => {
    const saved = await createListing({
      actor: admin.viewer,
      input: values({ title: "Admin pick in Kumasi" }),
    });
    expect(saved.status).toBe("approved");
    expect(await publicSees(saved.id)).toBe(true);

    const before = await listingCount();
    expect((await refusal(createListing({ actor: regular.viewer, input: values() }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await refusal(createListing({ actor: null, input: values() }))).code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await uploadVia(regular.jar, await image("png"))).status).toBe(403);
    expect((await uploadVia(null, await image("png"))).status).toBe(401);
    expect((await api("POST", "/my-listings", null, values())).status).toBe(401);
    expect(await listingCount()).toBe(before);

    // The page itself: signed out → home with "Authentication Required"; a user → "Access Denied".
    const visitor = await app.loader(addListing, "/add-listing");
    expect(location(visitor)).toBe("/");
    expect(toastOf(visitor)).toMatchObject({ title: "auth.toasts.authRequired" });
    const denied = await app.loader(addListing, "/add-listing", regular.jar);
    expect(location(denied)).toBe("/dashboard/overview");
    expect(toastOf(denied)).toMatchObject({ title: "auth.toasts.accessDenied" });
    // A form that arrives after the session ended: the spec's "Authentication Error".
    const lateForm = await (async () => {
      const request = new Request(new URL("/add-listing", app.config.appUrl), { method: "POST" });
      const context = new RouterContextProvider();
      context.set(viewerContext, null);
      const run = addListing.middleware[0] as unknown as (
        args: unknown,
        next: () => unknown,
      ) => Promise<unknown>;
      return run(
        { request, context, params: {}, url: new URL(request.url), pattern: "/add-listing" },
        () => undefined,
      ).catch((e: unknown) => e);
    })();
    expect(location(lateForm)).toBe("/");
    expect(toastOf(lateForm)).toMatchObject({
      title: "publish.toasts.authRequired",
      description: "publish.toasts.authRequiredDescription",
    });
    const allowed = (await app.loader(addListing, "/add-listing", professional.jar)) as Awaited<
      ReturnType<typeof addListing.loader>
    >;
    expect(allowed.categories).toEqual(["professionals"]);
    expect(allowed.initial.category).toBe("professionals");
    expect(allowed.countries).toHaveLength(54);
  });

  it("refuses an invalid form with a message per field and saves nothing", async () => {
    const before = await listingCount();
    const error = await refusal(
      createListing({
        actor: agent.viewer,
        input: {
          ...values(),
          title: "",
          price: "12,5x",
          city: " ",
          countryCode: "XX",
          videoUrl: "https://evil.example/video",
          contactMethod: "whatsapp",
        },
      }),
    );
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toMatchObject({
      title: "publish.errors.titleRequired",
      price: "publish.errors.priceInvalid",
      city: "publish.errors.cityRequired",
      countryCode: "publish.errors.choiceInvalid",
      videoUrl: "publish.errors.videoInvalid",
      contactPhone: "publish.errors.contactPhoneRequired",
    });
    // Required fields of the spec, each with its own message.
    const empty = await refusal(createListing({ actor: agent.viewer, input: {} }));
    expect(Object.keys(empty.fields ?? {}).sort()).toEqual(
      ["address", "category", "city", "countryCode", "description", "price", "title"].sort(),
    );
    // An agent may not publish a professional service.
    const wrong = await refusal(
      createListing({ actor: agent.viewer, input: values({ category: "professionals" }) }),
    );
    expect(wrong.fields?.category).toBe("publish.errors.choiceInvalid");
    expect(await listingCount()).toBe(before);

    // The route answers 400 with the messages and the values as sent.
    const form = formOf(values({ title: "", description: "" }));
    const result = (await postForm(addListing, "/add-listing", form, agent.jar)) as {
      data: { errors: Record<string, string>; toast: { title: string }; values: ListingFormValues };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({
      title: "publish.errors.titleRequired",
      description: "publish.errors.descriptionRequired",
    });
    expect(result.data.toast.title).toBe("publish.toasts.failed");
    expect(result.data.values.city).toBe("Accra");
    expect(await listingCount()).toBe(before);
  });

  it("keeps only the fields of the chosen category and gives professionals their form", async () => {
    const stay = await createListing({
      actor: agent.viewer,
      input: values({
        category: "student-housing",
        listingType: "rent",
        priceType: "per_month",
        propertyType: "villa",
        areaM2: "70",
        completionStatus: "ready",
        roomType: "studio",
        genderPreference: "female-only",
        tourTypes: ["safari"],
      }),
    });
    expect(await row(stay.id)).toMatchObject({
      category: "student-housing",
      propertyType: null,
      areaM2: null,
      completionStatus: null,
      roomType: "studio",
      genderPreference: "female-only",
      tourTypes: [],
    });

    const withPhone = await refusal(
      createListing({
        actor: professional.viewer,
        input: {
          title: "Architecture and permits",
          price: "400",
          countryCode: "KE",
          city: "Nairobi",
          address: "Ngong Road 5",
          description: "Plans and permits.",
          contactMethod: "phone",
        },
      }),
    );
    expect(withPhone.fields).toMatchObject({
      serviceCategory: "publish.errors.serviceCategoryRequired",
      priceType: "publish.errors.priceTypeRequired",
      contactPhone: "publish.errors.contactPhoneRequired",
    });
    const service = await createListing({
      actor: professional.viewer,
      input: {
        category: "real-estate", // ignored: a professional lists their service
        title: "Architecture and permits",
        serviceCategory: "architect",
        specialty: "Eco-friendly homes",
        price: "400",
        priceType: "per_project",
        countryCode: "KE",
        city: "Nairobi",
        address: "Ngong Road 5",
        description: "Plans and permits.",
        serviceHighlights: ["free-consultation", "site-visits"],
        amenities: ["Pool"],
        contactMethod: "whatsapp",
        contactPhone: "+254 700 123 456",
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      },
    });
    expect(await row(service.id)).toMatchObject({
      category: "professionals",
      listingType: "service",
      serviceCategory: "architect",
      priceType: "per_project",
      serviceHighlights: ["free-consultation", "site-visits"],
      amenities: [],
      contactMethod: "whatsapp",
      contactPhone: "+254 700 123 456",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      status: "pending_approval",
    });
  });

  it("lets only the owner or the admin edit and delete; others change nothing", async () => {
    const upload = await uploadVia(agent.jar, await image("png", 3));
    const saved = await createListing({
      actor: agent.viewer,
      input: values({ title: "Owner only flat", images: [upload.body.key] }),
    });
    const snapshot = await row(saved.id);
    const keys = await imageKeys(saved.id);

    for (const stranger of [otherAgent, professional, regular]) {
      const edit = await refusal(
        updateListing({
          actor: stranger.viewer,
          listingId: saved.id,
          input: values({ title: "Hijacked" }),
        }),
      );
      expect(["FORBIDDEN"]).toContain(edit.code);
      const del = await refusal(deleteListing({ actor: stranger.viewer, listingId: saved.id }));
      expect(del.code).toBe("FORBIDDEN");
      expect((await api("DELETE", `/my-listings/${saved.id}`, stranger.jar)).status).toBe(403);
      expect(
        (await api("PUT", `/my-listings/${saved.id}`, stranger.jar, values({ title: "Hijacked" })))
          .status,
      ).toBe(403);
    }
    expect(await row(saved.id)).toEqual(snapshot);
    expect(await imageKeys(saved.id)).toEqual(keys);
    expect(filesOf(keys[0]!)).toEqual([true, true, true]);

    // The edit page: "Access Denied" for another agent, the form for the owner and the admin.
    const denied = await app.loader(addListing, `/add-listing?edit=${saved.id}`, otherAgent.jar);
    expect(toastOf(denied)).toMatchObject({ title: "auth.toasts.accessDenied" });
    const ownerForm = (await app.loader(
      addListing,
      `/add-listing?edit=${saved.id}`,
      agent.jar,
    )) as Awaited<ReturnType<typeof addListing.loader>>;
    expect(ownerForm.initial).toMatchObject({
      title: "Owner only flat",
      price: "1250.50",
      images: keys,
    });
    const gone = await app.loader(addListing, "/add-listing?edit=999999", agent.jar);
    expect(toastOf(gone)).toMatchObject({ title: "publish.toasts.notFound" });

    // A stranger's delete through the page: an error toast, nothing deleted.
    const viaPage = await app.action(
      myListingsRoute,
      "/dashboard/my-listings",
      { intent: "delete", listingId: String(saved.id) },
      otherAgent.jar,
    );
    expect(toastOf(viaPage)).toMatchObject({
      title: "publish.myListings.deleteFailed",
      params: { message: "You do not have the necessary permissions to do this." },
    });
    expect(await row(saved.id)).toBeDefined();

    // The admin may edit (status kept) and delete anyone's listing.
    await moderateListing({ actor: admin.viewer, listingId: saved.id, decision: "approved" });
    const byAdmin = await updateListing({
      actor: admin.viewer,
      listingId: saved.id,
      input: values({ title: "Owner only flat (checked)", images: keys }),
    });
    expect(byAdmin).toMatchObject({ status: "approved", backToReview: false });

    const ownDelete = await app.action(
      myListingsRoute,
      "/dashboard/my-listings",
      { intent: "delete", listingId: String(saved.id) },
      agent.jar,
    );
    expect(location(ownDelete)).toBe("/dashboard/my-listings");
    expect(toastOf(ownDelete)).toMatchObject({ title: "publish.myListings.deleted" });
    expect(await row(saved.id)).toBeUndefined();
    expect(filesOf(keys[0]!)).toEqual([false, false, false]);

    const other = await createListing({
      actor: otherAgent.viewer,
      input: values({ title: "Admin removes this" }),
    });
    await deleteListing({ actor: admin.viewer, listingId: other.id });
    expect(await row(other.id)).toBeUndefined();
  });

  it("sends an owner's edit of what the public reads back to review, and says so", async () => {
    const a = await uploadVia(agent.jar, await image("png", 4));
    const b = await uploadVia(agent.jar, await image("png", 5));
    const saved = await createListing({
      actor: agent.viewer,
      input: values({ title: "Review me", images: [a.body.key, b.body.key] }),
    });
    await moderateListing({ actor: admin.viewer, listingId: saved.id, decision: "approved" });
    const [cover, second] = await imageKeys(saved.id);

    // Amenities only: stays live.
    const minor = await updateListing({
      actor: agent.viewer,
      listingId: saved.id,
      input: values({ title: "Review me", images: [cover!, second!], amenities: ["Pool"] }),
    });
    expect(minor).toMatchObject({ status: "approved", backToReview: false });

    // A new price: back to review, and hidden meanwhile.
    const priced = await updateListing({
      actor: agent.viewer,
      listingId: saved.id,
      input: values({ title: "Review me", price: "999", images: [cover!, second!] }),
    });
    expect(priced).toMatchObject({ status: "pending_approval", backToReview: true });
    expect(await publicSees(saved.id)).toBe(false);

    // Images: a removed one is deleted from storage, a new one moves in, the order is kept.
    await moderateListing({ actor: admin.viewer, listingId: saved.id, decision: "approved" });
    const c = await uploadVia(agent.jar, await image("webp", 6));
    const form = formOf(
      values({ title: "Review me", price: "999", images: [c.body.key, second!] }),
    );
    const result = await postForm(addListing, `/add-listing?edit=${saved.id}`, form, agent.jar);
    expect(location(result)).toBe("/dashboard/my-listings");
    expect(toastOf(result)).toMatchObject({
      title: "publish.toasts.updated",
      description: "publish.toasts.updatedReviewDescription",
    });
    const now = await imageKeys(saved.id);
    expect(now).toHaveLength(2);
    expect(now[0]).toMatch(/^listings\//);
    expect(now[1]).toBe(second);
    expect(filesOf(cover!)).toEqual([false, false, false]);
    expect(filesOf(c.body.key)).toEqual([false, false, false]);
    expect((await row(saved.id))?.status).toBe("pending_approval");

    // A rejected listing: any owner edit resubmits it and clears the reason.
    await moderateListing({
      actor: admin.viewer,
      listingId: saved.id,
      decision: "rejected",
      reason: "Blurry photos",
    });
    const resubmitted = await updateListing({
      actor: agent.viewer,
      listingId: saved.id,
      input: values({ title: "Review me", price: "999", images: now, amenities: ["Gym"] }),
    });
    expect(resubmitted).toMatchObject({ status: "pending_approval", backToReview: true });
    expect((await row(saved.id))?.rejectionReason).toBeNull();

    // My Listings says it is waiting.
    const mine = (await app.loader(
      myListingsRoute,
      "/dashboard/my-listings",
      agent.jar,
    )) as Awaited<ReturnType<typeof myListingsRoute.loader>>;
    expect(mine.rows.find((r) => r.id === saved.id)).toMatchObject({
      status: "pending_approval",
      thumbnail: now[0],
    });
    const managed = await listManagedListings({ actor: admin.viewer, query: "Review me" });
    expect(managed.rows).toMatchObject([{ id: saved.id, thumbnail: now[0] }]);
  });

  it("refuses a renamed text file, an oversized file and a sixth image with clear messages, storing nothing", async () => {
    const before = readdirSync(path.join(mediaDir, "uploads"), { recursive: true }).length;
    const count0 = await uploadCount(agent.viewer.id);

    const text = await uploadVia(
      agent.jar,
      Buffer.from("just some text, not a picture"),
      "holiday.png",
    );
    expect(text.status).toBe(415);
    expect(text.body.error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Please upload a PNG, JPG, GIF or WebP image.",
    });

    // A PNG header on garbage: the decoder disagrees.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ]);
    expect((await uploadVia(agent.jar, fake, "fake.png")).status).toBe(415);

    const huge = Buffer.concat([await image("png"), Buffer.alloc(10 * 1024 * 1024, 1)]);
    const big = await uploadVia(agent.jar, huge, "huge.png");
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "Each image must be 10MB or smaller.",
    });
    expect(await refusal(storeListingUpload({ actor: agent.viewer, data: huge }))).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
    });

    expect(await uploadCount(agent.viewer.id)).toBe(count0);
    expect(readdirSync(path.join(mediaDir, "uploads"), { recursive: true }).length).toBe(before);

    // Six images on one listing: "You can upload a maximum of 5 images."
    const six: string[] = [];
    for (let i = 0; i < 6; i += 1)
      six.push((await uploadVia(agent.jar, await image("gif", 10 + i, 300, 200))).body.key);
    const listingsBefore = await listingCount();
    const limit = await refusal(
      createListing({ actor: agent.viewer, input: values({ images: six }) }),
    );
    expect(limit.fields).toEqual({ images: "publish.errors.imageLimit" });
    const viaApi = await api("POST", "/my-listings", agent.jar, values({ images: six }));
    expect(viaApi.status).toBe(400);
    expect(viaApi.body).toMatchObject({
      error: { fields: { images: "You can upload a maximum of 5 images." } },
    });
    const viaPage = (await postForm(
      addListing,
      "/add-listing",
      formOf(values({ images: six })),
      agent.jar,
    )) as { data: { toast: { title: string; description: string } } };
    expect(viaPage.data.toast).toMatchObject({
      title: "publish.toasts.imageLimit",
      description: "publish.errors.imageLimit",
    });
    expect(await listingCount()).toBe(listingsBefore);
    expect(await uploadCount(agent.viewer.id)).toBe(count0 + 6);

    // Someone else's upload cannot be used.
    const theirs = await refusal(
      createListing({ actor: otherAgent.viewer, input: values({ images: [six[0]!] }) }),
    );
    expect(theirs.fields).toEqual({ images: "publish.errors.imageUnknown" });
    expect(
      await refusal(discardListingUpload({ actor: otherAgent.viewer, key: six[0]! })),
    ).toMatchObject({ code: "NOT_FOUND" });

    // Removed from the form: gone from storage.
    for (const key of six) {
      expect(
        (await api("DELETE", `/uploads/listing-images?key=${encodeURIComponent(key)}`, agent.jar))
          .status,
      ).toBe(204);
      expect(filesOf(key)).toEqual([false, false, false]);
    }
    expect(await uploadCount(agent.viewer.id)).toBe(count0);
  });

  it("re-encodes uploads without their metadata and sweeps stale ones", async () => {
    const tagged = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#884422" },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret location", Artist: "Someone" } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const stored = await storeListingUpload({ actor: agent.viewer, data: tagged });
    const gallery = await sharp(path.join(mediaDir, variantKey(stored.key, "gallery"))).metadata();
    expect(gallery).toMatchObject({ format: "webp", width: 1200, height: 900 });
    expect(gallery.exif).toBeUndefined();
    expect(
      (await sharp(path.join(mediaDir, variantKey(stored.key, "card"))).metadata()).width,
    ).toBe(640);

    // A day later, nobody published it: removed with its files.
    await app.handle.db
      .update(listingUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(listingUploads.storageKey, stored.key));
    expect(await cleanupStaleUploads()).toBe(1);
    expect(filesOf(stored.key)).toEqual([false, false, false]);
  });

  it("moderates with an e-mail to the owner, only for the admin", async () => {
    const saved = await createListing({
      actor: agent.viewer,
      input: values({ title: "Moderate me please" }),
    });
    const queue = (await app.loader(
      moderationRoute,
      "/dashboard/moderation",
      admin.jar,
    )) as Awaited<ReturnType<typeof moderationRoute.loader>>;
    expect(queue.rows.map((r) => r.id)).toContain(saved.id);
    expect(queue.rows.find((r) => r.id === saved.id)).toMatchObject({ ownerName: "Ama Agent" });

    for (const someone of [agent, otherAgent, professional, regular]) {
      expect(
        (
          await refusal(
            moderateListing({ actor: someone.viewer, listingId: saved.id, decision: "approved" }),
          )
        ).code,
      ).toBe("FORBIDDEN");
      expect(
        (
          await refusal(
            setListingAttribute({
              actor: someone.viewer,
              listingId: saved.id,
              attribute: "featured",
              value: true,
            }),
          )
        ).code,
      ).toBe("FORBIDDEN");
      expect(
        (
          await api("POST", `/moderation/listings/${saved.id}`, someone.jar, {
            decision: "approved",
          })
        ).status,
      ).toBe(403);
      expect(
        (await api("PATCH", `/admin/listings/${saved.id}`, someone.jar, { premium: true })).status,
      ).toBe(403);
    }
    expect(await row(saved.id)).toMatchObject({
      status: "pending_approval",
      featured: false,
      agentType: "standard",
    });

    const mailsBefore = app.sink.to(agent.email).length;
    const rejected = await app.action(
      moderationRoute,
      "/dashboard/moderation",
      {
        decision: "rejected",
        listingId: String(saved.id),
        reason: "  The photos show   another house. ",
      },
      admin.jar,
    );
    expect(toastOf(rejected)).toMatchObject({
      title: "publish.moderation.updated",
      params: { status: "rejected" },
    });
    expect(await row(saved.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "The photos show another house.",
    });
    const rejection = await waitForMail(app, agent.email, mailsBefore + 1);
    expect(rejection.subject).toContain("Your listing was not approved: Moderate me please");
    expect(rejection.body).toContain("Reason: The photos show another house.");
    expect(rejection.body).toContain(`${app.config.appUrl}/add-listing?edit=${saved.id}`);
    expect(await publicSees(saved.id)).toBe(false);

    const approved = await api("POST", `/moderation/listings/${saved.id}`, admin.jar, {
      decision: "approved",
    });
    expect(approved).toMatchObject({ status: 200, body: { status: "approved" } });
    const approval = await waitForMail(app, agent.email, mailsBefore + 2);
    expect(approval.subject).toContain("Your listing is live: Moderate me please");
    expect(approval.body).toContain(`${app.config.appUrl}/listing/${saved.id}`);
    expect(await row(saved.id)).toMatchObject({ status: "approved", rejectionReason: null });
    expect(await publicSees(saved.id)).toBe(true);

    // Approving twice is refused, and says so.
    const again = await app.action(
      moderationRoute,
      "/dashboard/moderation",
      { decision: "approved", listingId: String(saved.id) },
      admin.jar,
    );
    expect(toastOf(again)).toMatchObject({ title: "publish.moderation.updateFailed" });

    // Featured and Premium switches.
    const featured = await app.action(
      manageRoute,
      "/dashboard/manage-listings",
      {
        intent: "set-attribute",
        attribute: "featured",
        listingId: String(saved.id),
        value: "true",
        returnTo: "/dashboard/manage-listings?q=moderate",
      },
      admin.jar,
    );
    expect(location(featured)).toBe("/dashboard/manage-listings?q=moderate");
    expect(toastOf(featured)).toMatchObject({
      title: "publish.manage.updated",
      params: { attribute: "featured" },
    });
    expect(
      (await api("PATCH", `/admin/listings/${saved.id}`, admin.jar, { premium: true })).status,
    ).toBe(200);
    expect(await row(saved.id)).toMatchObject({ featured: true, agentType: "premium" });
    const page = await listManagedListings({ actor: admin.viewer, query: "moderate me" });
    expect(page.rows.map((r) => r.id)).toEqual([saved.id]);
    expect(page.rows[0]).toMatchObject({ featured: true, agentType: "premium" });
    expect(
      (await listManagedListings({ actor: admin.viewer, query: String(saved.id) })).rows[0]?.id,
    ).toBe(saved.id);
    const manage = await app.loader(manageRoute, "/dashboard/manage-listings?page=1", agent.jar);
    expect(manage).toBeInstanceOf(Response);
  });

  it("publishes through the page with images sent along (no JavaScript) and over JSON", async () => {
    const form = formOf(values({ title: "No script flat" }));
    form.append(
      "imageFiles",
      new File([new Uint8Array(await image("png", 20))], "a.png", { type: "image/png" }),
    );
    form.append(
      "imageFiles",
      new File([new Uint8Array(await image("jpeg", 21))], "b.jpg", { type: "image/jpeg" }),
    );
    const result = await postForm(addListing, "/add-listing", form, agent.jar);
    expect(location(result)).toBe("/dashboard/my-listings");
    expect(toastOf(result)).toMatchObject({
      title: "publish.toasts.submitted",
      description: "publish.toasts.submittedDescription",
    });
    const [created] = await app.handle.db
      .select()
      .from(listings)
      .where(eq(listings.title, "No script flat"));
    expect(await imageKeys(created!.id)).toHaveLength(2);

    const adminResult = await postForm(
      addListing,
      "/add-listing",
      formOf(values({ title: "Admin via page" })),
      admin.jar,
    );
    expect(toastOf(adminResult)).toMatchObject({
      description: "publish.toasts.submittedAdminDescription",
    });

    const viaJson = await api("POST", "/my-listings", agent.jar, {
      ...values({ title: "Json flat" }),
      price: undefined,
      priceUsdCents: 50000,
    });
    expect(viaJson.status).toBe(201);
    const id = viaJson.body!.id as number;
    expect(await row(id)).toMatchObject({ priceUsdCents: 50000, status: "pending_approval" });
    const edit = await api("GET", `/my-listings/${id}`, agent.jar);
    expect(edit.body).toMatchObject({ values: { title: "Json flat", price: "500" } });
    expect(
      (await api("PUT", `/my-listings/${id}`, agent.jar, values({ title: "Json flat 2" }))).status,
    ).toBe(200);
    expect((await getListingForEdit({ actor: agent.viewer, listingId: id })).values.title).toBe(
      "Json flat 2",
    );
    expect((await api("DELETE", `/my-listings/${id}`, agent.jar)).status).toBe(204);
    expect(await row(id)).toBeUndefined();

    // A write from another site is refused by the server's cross-origin check.
    const server = await createServerApp(app);
    const foreign = await server("/api/v1/my-listings", {
      jar: agent.jar,
      headers: { origin: "https://evil.example" },
      json: values(),
    });
    expect(foreign.status).toBe(403);
  });

  it("removes a deleted account's listings and unpublished uploads from storage", async () => {
    const leaving = await makeUser({ role: "agent", name: "Lea Leaving" });
    const pending = await uploadVia(leaving.jar, await image("png", 30));
    const used = await uploadVia(leaving.jar, await image("png", 31));
    const saved = await createListing({
      actor: leaving.viewer,
      input: values({ images: [used.body.key] }),
    });
    const [listed] = await imageKeys(saved.id);
    await deleteAccount({ viewer: leaving.viewer });
    expect(filesOf(pending.body.key)).toEqual([false, false, false]);
    expect(filesOf(listed!)).toEqual([false, false, false]);
    expect(await row(saved.id)).toBeUndefined();
  });

  it("refuses a pixel bomb, a renamed file and a busy moment with clear messages, storing nothing", async () => {
    const before = readdirSync(path.join(mediaDir, "uploads"), { recursive: true }).length;
    const count0 = await uploadCount(agent.viewer.id);

    // A few hundred KB of PNG declaring 10000 × 10000 pixels: refused before it is decoded.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: "#000000" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const started = performance.now();
    const refused = await uploadVia(agent.jar, bomb, "tiny.png");
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "This image has too many pixels (more than 52 megapixels). Please resize it.",
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    // The re-encoder refuses it on its own too, whoever calls it.
    await expect(storeImage(getMediaStorage(), bomb, "uploads/test")).rejects.toThrow(
      /pixel limit/,
    );

    // The type is the content's, never the name's nor the declared type's.
    const markup = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(markup)], { type: "image/jpeg" }), "photo.jpg");
    const renamed = await apiV1.request("/uploads/listing-images", {
      method: "POST",
      body,
      headers: { cookie: agent.jar.header(), origin: app.config.appUrl },
    });
    expect(renamed.status).toBe(415);
    // A real JPEG called .png is taken as the JPEG it is, and stored as WebP.
    const jpegAsPng = await uploadVia(agent.jar, await image("jpeg", 40), "holiday.png");
    expect(jpegAsPng.status).toBe(201);
    expect(
      (await sharp(path.join(mediaDir, variantKey(jpegAsPng.body.key, "card"))).metadata()).format,
    ).toBe("webp");
    await api(
      "DELETE",
      `/uploads/listing-images?key=${encodeURIComponent(jpegAsPng.body.key)}`,
      agent.jar,
    );

    // Every image slot taken and the queue full: refused at once, saying to try again.
    const release: (() => void)[] = [];
    const blockers = Array.from({ length: IMAGE_SLOTS + IMAGE_QUEUE }, () =>
      withImageSlot(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(imageSlotUse()).toEqual({ running: IMAGE_SLOTS, waiting: IMAGE_QUEUE });
    const busy = await uploadVia(agent.jar, await image("png", 41), "later.png");
    expect(busy.status).toBe(503);
    expect(busy.body.error).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "Many images are being processed right now. Please try again in a moment.",
    });
    // Freed slots go to the waiting jobs in turn, never more than IMAGE_SLOTS at once.
    while (release.length > 0 || imageSlotUse().running > 0) {
      expect(imageSlotUse().running).toBeLessThanOrEqual(IMAGE_SLOTS);
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(blockers);
    expect(imageSlotUse()).toEqual({ running: 0, waiting: 0 });

    expect(await uploadCount(agent.viewer.id)).toBe(count0);
    expect(readdirSync(path.join(mediaDir, "uploads"), { recursive: true }).length).toBe(before);
  });

  it("answers 413 to an oversized upload before reading the rest of its body", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(7);
    let sent = 0;
    // A body that never ends: only a server that stops reading at the limit can answer.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await apiV1.request("/uploads/listing-images", {
      method: "POST",
      body: endless,
      duplex: "half",
      headers: {
        cookie: agent.jar.header(),
        origin: app.config.appUrl,
        "content-type": "multipart/form-data; boundary=x",
      },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "PAYLOAD_TOO_LARGE",
    );
    expect(sent).toBeLessThan(MAX_IMAGE_BYTES + 2 * 1024 * 1024);

    // A declared length over the limit is refused without reading a byte.
    let read = 0;
    const declared = await apiV1.request("/uploads/listing-images", {
      method: "POST",
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          read += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
      duplex: "half",
      headers: {
        cookie: agent.jar.header(),
        origin: app.config.appUrl,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(50 * 1024 * 1024),
      },
    } as RequestInit);
    expect(declared.status).toBe(413);
    expect(read).toBeLessThanOrEqual(2 * chunk.byteLength);

    // The page's form (no JavaScript) stops at its own limit as well.
    let pageSent = 0;
    const form = await postStream(
      addListing,
      "/add-listing",
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pageSent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    expect(form).toBeInstanceOf(Response);
    expect((form as Response).status).toBe(413);
    expect(pageSent).toBeLessThan(MAX_LISTING_IMAGES * MAX_IMAGE_BYTES + 3 * 1024 * 1024);
  });

  it("serves no file outside the media folder, however the path is written", async () => {
    const send = await createServerApp(app);
    // Dot segments, written or percent-encoded, are resolved by the URL parser before the app
    // sees the path: these leave /media and reach the site's own answer (never a file).
    for (const url of [
      "/media/../package.json",
      "/media/%2e%2e/package.json",
      "/media/%2E%2E/.env",
    ]) {
      const response = await send(url);
      expect(new URL(url, app.config.appUrl).pathname, url).not.toMatch(/^\/media\//);
      expect(response.status, url).not.toBe(200);
      expect(await response.text(), url).not.toContain('"dependencies"');
    }
    // What stays under /media is a key, and anything that is not one of ours is a 404.
    for (const url of [
      "/media/..%2f..%2fpackage.json",
      "/media/listings/..%2f..%2f..%2fpackage.json",
      "/media/listings/%2e%2e%2f%2e%2e%2fpackage.json",
      "/media/%252e%252e/package.json",
      "/media//etc/passwd",
      "/media/listings/0123456789abcdef-card.webp%00.png",
    ]) {
      const response = await send(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toBe("Not found");
    }
  });

  it("removes the files of a listing whose transaction failed (a key taken twice at once)", async () => {
    const upload = await uploadVia(agent.jar, await image("png", 50));
    const listingFiles = () =>
      readdirSync(path.join(mediaDir, "listings"), { recursive: true }).length;
    const before = listingFiles();
    const outcomes = await Promise.allSettled([
      createListing({ actor: agent.viewer, input: values({ images: [upload.body.key] }) }),
      createListing({ actor: agent.viewer, input: values({ images: [upload.body.key] }) }),
    ]);
    const saved = outcomes.filter((o) => o.status === "fulfilled");
    expect(saved).toHaveLength(1);
    // Only the listing that was saved keeps its three files; the other's copies are gone.
    expect(listingFiles()).toBe(before + Object.keys(IMAGE_VARIANTS).length);
  });
});
