import { z } from "zod";
import type { Route } from "./+types/listing-video";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { accessDenied } from "../../auth/guards.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { MAX_VIDEO_BYTES } from "../../lib/schemas/listing-video.ts";
import type { AppError } from "../../lib/app-error.ts";
import {
  removeListingVideo,
  requireListingVideoAccess,
  storeListingVideo,
} from "../../services/listings/listing-video.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const intentSchema = z.enum(["upload", "remove"]);

/**
 * The publish form's video section (the `videoListing` perk): uploads or removes the listing's
 * video file, then goes back to the listing's edit page with a toast saying what changed or why
 * nothing did (without the perk, the refusal naming the plan that unlocks it). A visitor is asked
 * to sign in first.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (listingIdOf(params.listingId) === null) return notFound();
  const back = `/add-listing?edit=${params.listingId}`;
  const viewer = context.get(viewerContext);
  if (!viewer) {
    return redirectWithToast("/", {
      title: "auth.toasts.authRequired",
      description: "auth.toasts.authRequiredDescription",
      variant: "destructive",
    });
  }
  // Who may, before anything is read: someone else's listing is "Access Denied".
  const denied = await answerAction(() => requireListingVideoAccess(viewer, params.listingId), {
    success: () => null,
    refused: notYours,
  });
  if (denied) return denied;
  // The file and the form's two fields.
  const form = await readForm(request, MAX_VIDEO_BYTES + 64 * 1024);
  const intent = intentSchema.safeParse(form.get("intent"));
  const sent = form.get("video");
  const file = sent instanceof File && sent.size > 0 ? sent : null;
  const failed = (description: MessageKey) =>
    redirectWithToast(back, { title: "publish.video.failed", description, variant: "destructive" });
  if (!intent.success) return failed("safety.toasts.unknownActionDescription");
  if (intent.data === "upload" && !file) return failed("publish.video.errors.noFile");
  return answerAction(
    async () => {
      if (intent.data === "remove" || !file) {
        await removeListingVideo({ actor: viewer, listingId: params.listingId });
        return "removed" as const;
      }
      const data = Buffer.from(await file.arrayBuffer());
      await storeListingVideo({ actor: viewer, listingId: params.listingId, data });
      return "uploaded" as const;
    },
    {
      success: (done) =>
        redirectWithToast(back, {
          title: done === "uploaded" ? "publish.video.uploaded" : "publish.video.removed",
          description: done === "uploaded" ? "publish.video.uploadedDescription" : undefined,
        }),
      // Without the plan's perk: the refusal's sentence names the plan that unlocks it.
      refused: (error) =>
        redirectWithToast(back, {
          title: "publish.video.failed",
          description: error.message,
          params: error.params,
          variant: "destructive",
        }),
    },
  );
}

/** Someone else's listing (or no permission) is "Access Denied"; a missing one goes to My Listings. */
function notYours(error: AppError): Promise<Response> {
  if (error.code === "LISTING_NOT_FOUND") {
    return redirectWithToast("/dashboard/my-listings", {
      title: "publish.toasts.notFound",
      description: "publish.toasts.notFoundDescription",
      variant: "destructive",
    });
  }
  return accessDenied();
}

/** A listing's number as the database holds it (a positive int4), or null. */
function listingIdOf(raw: string): number | null {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** An address that names no listing: the missing page's 404, nothing read. */
function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "private, no-store" },
  });
}

/** Nothing to show here: an address typed by hand goes to the listing's edit page. */
export function loader({ params }: Route.LoaderArgs) {
  if (listingIdOf(params.listingId) === null) return notFound();
  const to = `/add-listing?edit=${params.listingId}`;
  return new Response(null, { status: 302, headers: { Location: to } });
}
