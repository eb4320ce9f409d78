import { z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../../app/lib/app-error.ts";
import { MAX_VIDEO_BYTES, uploadedVideoSchema } from "../../../app/lib/schemas/listing-video.ts";
import {
  removeListingVideo,
  storeListingVideo,
} from "../../../app/services/listings/listing-video.server.ts";
import {
  apiRouter,
  errorResponse,
  idParam,
  jsonResponse,
  limitedRoute,
  noStore,
  sessionSecurity,
  signedIn,
} from "./router.ts";

/** A listing's uploaded video file: the `videoListing` perk (docs/decisions/016). */
export const listingVideoRoutes = apiRouter();

const PATH = "/my-listings/{id}/video";
const idParams = z.object({ id: idParam("listing") });

/** The file itself is the body: at most 50 MB, stopped while it arrives. */
const videoSizeLimit = bodyLimit({
  maxSize: MAX_VIDEO_BYTES,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "publish.video.errors.tooLarge", {
      video: "publish.video.errors.tooLarge",
    });
  },
});

const binary = { schema: { type: "string" as const, format: "binary" } };

listingVideoRoutes.openapi(
  limitedRoute("listingVideo", {
    method: "put",
    path: PATH,
    security: sessionSecurity,
    summary: "Upload my listing's video file (plans with video listing support)",
    description:
      "The body is the file: MP4 or WebM up to 50 MB, checked by content. It replaces the listing's video file and plays in its gallery while the owner's plan grants `videoListing`; without it the answer is 403 naming the plan that unlocks it.",
    operationId: "putListingVideo",
    middleware: [noStore, signedIn(), videoSizeLimit] as const,
    request: {
      params: idParams,
      // Read by the handler, not a validator: the service judges the bytes themselves.
      body: { required: true, content: { "video/mp4": binary, "video/webm": binary } },
    },
    responses: {
      201: jsonResponse(uploadedVideoSchema, "The stored video file"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN: not my listing, or my plan has no video listing support"),
      404: errorResponse("LISTING_NOT_FOUND"),
      413: errorResponse("PAYLOAD_TOO_LARGE"),
      415: errorResponse("UNSUPPORTED_MEDIA_TYPE"),
    },
  }),
  async (c) => {
    const video = await storeListingVideo({
      actor: c.get("viewer"),
      listingId: c.req.valid("param").id,
      data: Buffer.from(await c.req.arrayBuffer()),
    });
    return c.json(video, 201);
  },
);

listingVideoRoutes.openapi(
  limitedRoute("listingVideo", {
    method: "delete",
    path: PATH,
    security: sessionSecurity,
    summary: "Remove my listing's video file",
    description: "Allowed without the plan's perk: the file is the owner's own.",
    operationId: "deleteListingVideo",
    middleware: [noStore, signedIn()] as const,
    request: { params: idParams },
    responses: {
      204: { description: "Removed" },
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND: the listing has no video file"),
    },
  }),
  async (c) => {
    await removeListingVideo({ actor: c.get("viewer"), listingId: c.req.valid("param").id });
    return c.body(null, 204);
  },
);
