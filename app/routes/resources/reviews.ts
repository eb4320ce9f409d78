import { z } from "zod";
import type { Route } from "./+types/reviews";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import type { AppError } from "../../lib/app-error.ts";
import type { Toast } from "../../lib/toast.ts";
import { replyToReview, writeReview } from "../../services/reviews/reviews.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/** The two forms that post here: a review (its fields parsed by the service) and a reply. */
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("write") }),
  z.object({ intent: z.literal("reply"), reviewId: z.string(), reply: z.string().optional() }),
]);

/**
 * Posts a review of a completed booking or job, or the lister's reply to one, from whichever
 * page shows the form. Every answer is a redirect back to that page (`redirectTo`, on this site
 * only) with a toast: what was posted, or why nothing was. It works with and without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "review:write");
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(back, {
      title: "reviews.toasts.unknown",
      description: "reviews.toasts.unknownDescription",
      variant: "destructive",
    });
  }
  const refused = (error: AppError) =>
    redirectWithToast(back, {
      title: "reviews.toasts.refused",
      description: error.message,
      params: error.params,
      variant: "destructive",
    } satisfies Toast);

  if (parsed.data.intent === "reply") {
    const { reviewId, reply } = parsed.data;
    return answerAction(() => replyToReview(viewer, { reviewId, reply }), {
      success: () =>
        redirectWithToast(back, {
          title: "reviews.toasts.replied",
          description: "reviews.toasts.repliedDescription",
        }),
      refused,
    });
  }
  return answerAction(() => writeReview(viewer, form), {
    success: (review) =>
      redirectWithToast(back, {
        title: "reviews.toasts.posted",
        description: "reviews.toasts.postedDescription",
        params: { title: review.listingTitle },
      }),
    refused,
  });
}
