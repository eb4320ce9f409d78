import type { Route } from "./+types/verification-document";
import { accessDenied, requireViewer } from "../../auth/guards.server.ts";
import { can } from "../../lib/permissions.ts";
import { openVerificationDocument } from "../../services/verification/documents.server.ts";
import { loadOrErrorPage } from "../../services/session/action-answer.server.ts";

/**
 * One identity or business document, decrypted for the administrator's review queue and for
 * nobody else. Never kept by a cache (`no-store`); its number is left out of the request log
 * (server/request-log.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  if (!can(viewer, "verification-document:view")) throw await accessDenied();
  const document = await loadOrErrorPage(() => openVerificationDocument(viewer, params.documentId));
  return new Response(new Uint8Array(document.data), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(document.data.length),
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      // Shown in its own tab: nothing in a document (a PDF's scripts) runs with the site's rights.
      "Content-Security-Policy":
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}
