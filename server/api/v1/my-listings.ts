import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { loadViewer } from "../../../app/auth/session.server.ts";
import type { Viewer } from "../../../app/auth/viewer.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import { MODERATION_DECISIONS } from "../../../app/lib/listing-status.ts";
import {
  dashboardPageQuerySchema,
  managedListingsQuerySchema,
} from "../../../app/lib/schemas/dashboard.ts";
import { MAX_LISTING_IMAGE_BYTES } from "../../../app/lib/schemas/listing.ts";
import { moderationReasonSchema } from "../../../app/lib/schemas/moderation.ts";
import { pageDashboardListings } from "../../../app/services/dashboard/dashboard-listings.server.ts";
import {
  discardListingUpload,
  listPendingUploads,
  storeListingUpload,
} from "../../../app/services/listings/listing-uploads.server.ts";
import {
  createListing,
  deleteListing,
  getListingForEdit,
  updateListing,
} from "../../../app/services/listings/listing-write.server.ts";
import {
  listManagedListings,
  listModerationQueue,
  moderateListing,
  setListingAttribute,
} from "../../../app/services/listings/moderation.server.ts";
import { readJsonBody } from "./body.ts";

/**
 * Publishing over JSON: image uploads (used by the listing form for per-image progress), the
 * signed-in person's listings, moderation and the admin's listing switches. Each handler parses
 * its input and calls the same listings services as the pages; the services decide who may.
 */
export const myListingRoutes = new Hono<{ Variables: { viewer: Viewer | null } }>();

const withViewer: MiddlewareHandler<{ Variables: { viewer: Viewer | null } }> = async (c, next) => {
  c.set("viewer", await loadViewer(c.req.raw.headers));
  c.header("Cache-Control", "no-store");
  await next();
};

for (const path of ["/uploads/*", "/my-listings", "/my-listings/*", "/moderation/*", "/admin/*"]) {
  myListingRoutes.use(path, withViewer);
}

// ── Uploads ───────────────────────────────────────────────────────────────────────────────────

/** A multipart form with one part "file": at most 10 MB plus the form's own few bytes. */
myListingRoutes.post(
  "/uploads/listing-images",
  bodyLimit({
    maxSize: MAX_LISTING_IMAGE_BYTES + 64 * 1024,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", "publish.errors.imageTooLarge", {
        images: "publish.errors.imageTooLarge",
      });
    },
  }),
  async (c) => {
    const viewer = c.get("viewer");
    if (!viewer) throw new AppError("UNAUTHENTICATED", "publish.api.unauthenticated");
    const form = await c.req.formData().catch(() => {
      throw new AppError("VALIDATION_FAILED", "publish.api.noFile");
    });
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      throw new AppError("VALIDATION_FAILED", "publish.api.noFile");
    }
    const image = await storeListingUpload({
      actor: viewer,
      data: Buffer.from(await file.arrayBuffer()),
    });
    return c.json(image, 201);
  },
);

myListingRoutes.get("/uploads/listing-images", async (c) => {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("UNAUTHENTICATED", "publish.api.unauthenticated");
  return c.json({ uploads: await listPendingUploads(viewer) });
});

/** The key of an unpublished upload, as answered by POST (it contains slashes). */
myListingRoutes.delete("/uploads/listing-images", async (c) => {
  const key = c.req.query("key") ?? "";
  await discardListingUpload({ actor: c.get("viewer"), key });
  return c.body(null, 204);
});

// ── The signed-in person's listings ───────────────────────────────────────────────────────────

/** My Listings as JSON, one page at a time: the same service and paging as the dashboard's. */
myListingRoutes.get("/my-listings", async (c) => {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("UNAUTHENTICATED", "publish.api.unauthenticated");
  const { page } = dashboardPageQuerySchema.parse({ page: c.req.query("page") });
  const result = await pageDashboardListings({ viewer, page });
  return c.json({
    listings: result.rows,
    page: result.page,
    pageSize: result.pageSize,
    pageCount: result.pageCount,
    total: result.total,
  });
});

myListingRoutes.post("/my-listings", async (c) => {
  const saved = await createListing({ actor: c.get("viewer"), input: await readJsonBody(c) });
  return c.json(saved, 201);
});

myListingRoutes.get("/my-listings/:id", async (c) => {
  const listing = await getListingForEdit({ actor: c.get("viewer"), listingId: c.req.param("id") });
  return c.json(listing);
});

myListingRoutes.put("/my-listings/:id", async (c) => {
  const saved = await updateListing({
    actor: c.get("viewer"),
    listingId: c.req.param("id"),
    input: await readJsonBody(c),
  });
  return c.json(saved);
});

myListingRoutes.delete("/my-listings/:id", async (c) => {
  await deleteListing({ actor: c.get("viewer"), listingId: c.req.param("id") });
  return c.body(null, 204);
});

// ── Administration ────────────────────────────────────────────────────────────────────────────

myListingRoutes.get("/moderation/listings", async (c) => {
  return c.json({ listings: await listModerationQueue(c.get("viewer")) });
});

const decisionSchema = z.object({
  decision: z.enum(MODERATION_DECISIONS),
  reason: moderationReasonSchema.optional().nullable(),
});

myListingRoutes.post("/moderation/listings/:id", async (c) => {
  const parsed = decisionSchema.safeParse(await readJsonBody(c));
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", "publish.api.badRequest");
  const result = await moderateListing({
    actor: c.get("viewer"),
    listingId: c.req.param("id"),
    decision: parsed.data.decision,
    reason: parsed.data.reason,
  });
  return c.json(result);
});

myListingRoutes.get("/admin/listings", async (c) => {
  const parsed = managedListingsQuerySchema.safeParse({
    q: c.req.query("q"),
    page: c.req.query("page"),
  });
  if (!parsed.success) {
    throw new AppError(
      "VALIDATION_FAILED",
      "browse.api.invalidQuery",
      Object.fromEntries(
        parsed.error.issues.map((i) => [i.path.join("."), "browse.api.invalidValue"]),
      ),
    );
  }
  const page = await listManagedListings({
    actor: c.get("viewer"),
    query: parsed.data.q,
    page: parsed.data.page,
  });
  return c.json(page);
});

const attributesSchema = z
  .object({ featured: z.boolean().optional(), premium: z.boolean().optional() })
  .strict()
  .refine((v) => v.featured !== undefined || v.premium !== undefined);

myListingRoutes.patch("/admin/listings/:id", async (c) => {
  const parsed = attributesSchema.safeParse(await readJsonBody(c));
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", "publish.api.badRequest");
  const actor = c.get("viewer");
  const listingId = c.req.param("id");
  let result: Awaited<ReturnType<typeof setListingAttribute>> | undefined;
  if (parsed.data.featured !== undefined) {
    result = await setListingAttribute({
      actor,
      listingId,
      attribute: "featured",
      value: parsed.data.featured,
    });
  }
  if (parsed.data.premium !== undefined) {
    result = await setListingAttribute({
      actor,
      listingId,
      attribute: "premium",
      value: parsed.data.premium,
    });
  }
  return c.json(result);
});
