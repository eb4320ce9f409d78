import type { Route } from "./+types/verification-document";
import { requirePermission } from "../../auth/guards.server.ts";
import { AppError } from "../../lib/app-error.ts";
import { parseId } from "../../lib/id.ts";
import { openVerificationDocument } from "../../services/verification/documents.server.ts";

const NO_STORE = "private, no-store";

/**
 * One identity or business document, decrypted for the administrator's review queue and for
 * nobody else: anybody else is refused whether or not the document exists, so nobody learns that
 * it does. An address that names no document is a 404. Never kept by a cache (`no-store`); its
 * number is left out of the request log (server/request-log.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (parseId(params.documentId) === null) return notFound();
  const viewer = await requirePermission(context, "verification-document:view");
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
