import { data, redirect } from "react-router";
import type { Route } from "./+types/whatsapp-callback";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import type { WhatsappCallbackResult } from "../../lib/schemas/whatsapp-callback.ts";
import { parseId } from "../../lib/id.ts";
import { requestWhatsappCallback } from "../../services/analytics/whatsapp-callbacks.server.ts";
import { requireId } from "../../services/core/ids.server.ts";
import {
  answerAction,
  loadOrErrorPage,
  refusalText,
} from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/** Nothing to show here: the form lives on the listing's page (a number that is none: 404). */
export async function loader({ params }: Route.LoaderArgs) {
  const listingId = await loadOrErrorPage(async () => requireId(params.listingId, "listing"));
  return redirect(`/listing/${listingId}`);
}

/**
 * A visitor's WhatsApp call-back request from the listing's form: back to the listing with a
 * toast once sent; a refusal (bad input, a listing that takes none, too many) says why.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const listingId = parseId(params.listingId) ?? 0;
  return answerAction(() => requestWhatsappCallback(request, listingId, form), {
    success: ({ ownerName }) =>
      redirectWithToast(`/listing/${listingId}`, {
        title: "detail.whatsappCallback.sentTitle",
        description: "detail.whatsappCallback.sentDescription",
        params: { name: ownerName },
      }),
    fieldErrors: (fieldErrors) =>
      data({ fieldErrors } satisfies WhatsappCallbackResult, { status: 400 }),
    refused: (error) =>
      data({ fieldErrors: {}, error: refusalText(error) } satisfies WhatsappCallbackResult, {
        status: error.status,
      }),
  });
}
