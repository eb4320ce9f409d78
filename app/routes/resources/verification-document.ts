import type { Route } from "./+types/verification-document";
import { viewerContext } from "../../auth/viewer.ts";
import { can } from "../../lib/permissions.ts";
import { AppError } from "../../lib/app-error.ts";
import { openVerificationDocument } from "../../services/verification/documents.server.ts";

const NO_STORE = "private, no-store";

/**
 * One identity or business document, decrypted for the administrator's review queue and for
 * nobody else. Anybody else, and an address that names no document, gets the same 404: nobody
 * learns that a document exists. Never kept by a cache (`no-store`); its number is left out of
 * the request log (server/request-log.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer || !can(viewer, "verification-document:view")) return notFound();
  let document: { data: Buffer; contentType: string };
  try {
    document = await openVerificationDocument(viewer, params.documentId);
  } catch (error) {
    if (error instanceof AppError) return notFound();
    throw error;
  }
  return new Response(new Uint8Array(document.data), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(document.data.length),
      "Cache-Control": NO_STORE,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      // Shown in its own tab: nothing in a document (a PDF's scripts) runs with the site's rights.
      "Content-Security-Policy":
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}
