import { createRoute, z } from "@hono/zod-openapi";
import { CLIENT_IP_HEADER } from "../../../app/auth/auth.server.ts";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../../app/lib/app-error.ts";
import { MAX_IMAGE_BYTES } from "../../../app/lib/schemas/image.ts";
import {
  pendingUploadsSchema,
  uploadedImageSchema,
} from "../../../app/lib/schemas/publishing-api.ts";
import {
  discardListingUpload,
  listPendingUploads,
  storeListingUpload,
} from "../../../app/services/listings/listing-uploads.server.ts";
import {
  apiRouter,
  errorResponse,
  jsonResponse,
  limitedRoute,
  noStore,
  sessionSecurity,
  allowedTo,
  signedIn,
} from "./router.ts";

/** Listing images uploaded one at a time (the form's per-image progress), before a listing uses them. */
export const uploadRoutes = apiRouter();

const PATH = "/uploads/listing-images";

/** A multipart form with one part "file": at most 10 MB plus the form's own few bytes. */
const imageSizeLimit = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "publish.errors.imageTooLarge", {
      images: "publish.errors.imageTooLarge",
    });
  },
});

uploadRoutes.openapi(
  limitedRoute("listingUpload", {
    method: "post",
    path: PATH,
    security: sessionSecurity,
    summary: "Upload one listing image (agents, professionals, admin)",
    description:
      "PNG, JPEG, GIF or WebP up to 10 MB, checked by content; re-encoded into WebP sizes without metadata. The answer's key goes into a listing's images.",
    operationId: "uploadListingImage",
    middleware: [noStore, signedIn(), allowedTo("listing:upload-image"), imageSizeLimit] as const,
    request: {
      // Read by the handler, not a validator: the service judges the bytes themselves.
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { file: { type: "string", format: "binary" } },
              required: ["file"],
            },
          },
        },
      },
    },
    responses: {
      201: jsonResponse(uploadedImageSchema, "The stored image and its key"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      413: errorResponse("PAYLOAD_TOO_LARGE"),
      415: errorResponse("UNSUPPORTED_MEDIA_TYPE"),
    },
  }),
  async (c) => {
    const form = await c.req.formData().catch(() => {
      throw new AppError("VALIDATION_FAILED", "api.errors.noFile");
    });
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      throw new AppError("VALIDATION_FAILED", "api.errors.noFile");
    }
    const image = await storeListingUpload({
      actor: c.get("viewer"),
      data: Buffer.from(await file.arrayBuffer()),
      clientIp: c.req.header(CLIENT_IP_HEADER),
    });
    return c.json(image, 201);
  },
);

uploadRoutes.openapi(
  createRoute({
    method: "get",
    path: PATH,
    security: sessionSecurity,
    summary: "My uploads not yet in a listing",
    operationId: "listUploads",
    middleware: [noStore, signedIn()] as const,
    responses: {
      200: jsonResponse(pendingUploadsSchema, "Pending uploads"),
      401: errorResponse("UNAUTHENTICATED"),
    },
  }),
  async (c) => c.json({ uploads: await listPendingUploads(c.get("viewer")) }, 200),
);

uploadRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "delete",
    path: PATH,
    security: sessionSecurity,
    summary: "Discard an upload",
    operationId: "discardUpload",
    middleware: [noStore, signedIn()] as const,
    request: {
      query: z.object({
        key: z
          .string()
          .default("")
          .meta({ description: "The upload's key, as POST answered it (it contains slashes)." }),
      }),
    },
    responses: {
      204: { description: "Discarded" },
      401: errorResponse("UNAUTHENTICATED"),
      404: errorResponse("NOT_FOUND: no such upload of mine"),
    },
  }),
  async (c) => {
    await discardListingUpload({ actor: c.get("viewer"), key: c.req.valid("query").key });
    return c.body(null, 204);
  },
);
