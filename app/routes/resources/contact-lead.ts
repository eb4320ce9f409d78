import { redirect } from "react-router";
import type { Route } from "./+types/contact-lead";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { AppError, RateLimitError } from "../../lib/app-error.ts";
import { parseId } from "../../lib/id.ts";
import { followContact } from "../../services/analytics/leads.server.ts";
import { loadOrErrorPage } from "../../services/session/action-answer.server.ts";

/**
 * The listing's contact button: records the lead, then sends the visitor on to the WhatsApp
 * chat, the phone call or the e-mail. A plain link, so it works before (or without) JavaScript.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const follow = await loadOrErrorPage(() => {
    const listingId = parseId(params.listingId);
    if (listingId === null) {
      throw new AppError("LISTING_NOT_FOUND", "detail.notFound.description");
    }
    return followContact(request, listingId).catch((error: unknown) => {
      // Too many contacts shown to this address: said on the listing, like a missing number.
      if (error instanceof RateLimitError)
        return { kind: "limited" as const, message: error.message };
      throw error;
    });
  });
  if (follow.kind === "limited") {
    return redirectWithToast(`/listing/${params.listingId}`, {
      title: "limits.waitTitle",
      description: follow.message,
      variant: "destructive",
    });
  }
  if (follow.kind === "missing") {
    return redirectWithToast(`/listing/${params.listingId}`, {
      title: "detail.contact.missingTitle",
      description: "detail.contact.missingDescription",
      variant: "destructive",
    });
  }
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
  if (follow.setCookie) headers.set("Set-Cookie", follow.setCookie);
  return redirect(follow.href, { headers });
}
