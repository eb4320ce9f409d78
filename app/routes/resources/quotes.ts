import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/quotes";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import type { AppError } from "../../lib/app-error.ts";
import type { Toast } from "../../lib/toast.ts";
import {
  answerQuote,
  sendQuote,
  withdrawQuote,
} from "../../services/quotes/quote-offers.server.ts";
import { cancelJob, completeJob } from "../../services/quotes/jobs.server.ts";
import { startJobCheckout } from "../../services/quotes/job-payment.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readCurrencyCode } from "../../services/session/preferences.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/** The quote panel's forms: the fields past the intent are parsed by the quotes service. */
const intentSchema = z.object({
  intent: z.enum([
    "send-quote",
    "withdraw-quote",
    "accept-quote",
    "decline-quote",
    "complete-job",
    "cancel-job",
    "pay-job",
  ]),
});

/** Where the panel is: its conversation, or the inbox when the form did not say. */
function backFrom(form: Record<string, FormDataEntryValue>): string {
  return safeRedirectPath(form.redirectTo, "/dashboard/inbox");
}

/**
 * The quote panel of a conversation posts here: sending or withdrawing a quote (the
 * professional), accepting or declining it (the client), completing a job (the professional),
 * cancelling it (either) or paying for it (the client: on to the provider's checkout). Every other
 * answer is a redirect back to the conversation with a toast: what happened, or why nothing did.
 * It works with and without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "dashboard:open");
  const form = Object.fromEntries(await readForm(request));
  const back = backFrom(form);
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(back, {
      title: "quotes.toasts.unknown",
      description: "quotes.toasts.unknownDescription",
      variant: "destructive",
    });
  }
  const refused = (error: AppError) =>
    redirectWithToast(back, {
      title: "quotes.toasts.refused",
      description: error.message,
      params: error.params,
      variant: "destructive",
    } satisfies Toast);
  const done = (title: Toast["title"], description: Toast["description"]) => () =>
    redirectWithToast(back, { title, description });

  switch (parsed.data.intent) {
    case "send-quote":
      return answerAction(() => sendQuote(viewer, form), {
        success: done("quotes.toasts.sentTitle", "quotes.toasts.sentDescription"),
        refused,
      });
    case "withdraw-quote":
      return answerAction(() => withdrawQuote(viewer, form), {
        success: done("quotes.toasts.withdrawnTitle", "quotes.toasts.withdrawnDescription"),
        refused,
      });
    case "accept-quote":
    case "decline-quote": {
      const decision = parsed.data.intent === "accept-quote" ? "accept" : "decline";
      return answerAction(() => answerQuote(viewer, { quoteId: form.quoteId, decision }), {
        success:
          decision === "accept"
            ? done("quotes.toasts.acceptedTitle", "quotes.toasts.acceptedDescription")
            : done("quotes.toasts.declinedTitle", "quotes.toasts.declinedDescription"),
        refused,
      });
    }
    case "complete-job":
      return answerAction(() => completeJob(viewer, form), {
        success: done("quotes.toasts.completedTitle", "quotes.toasts.completedDescription"),
        refused,
      });
    case "cancel-job":
      return answerAction(() => cancelJob(viewer, form), {
        success: done("quotes.toasts.cancelledTitle", "quotes.toasts.cancelledDescription"),
        refused,
      });
    case "pay-job": {
      const currency = await readCurrencyCode(request);
      return answerAction(() => startJobCheckout(viewer, form.jobId, currency), {
        success: ({ checkoutUrl }) => redirect(checkoutUrl),
        refused: (error) =>
          redirectWithToast(back, {
            title: "payments.jobs.checkoutFailed",
            description: error.message,
            params: error.params,
            variant: "destructive",
          }),
      });
    }
  }
}
