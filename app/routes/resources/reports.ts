import type { Route } from "./+types/reports";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { fileReport } from "../../services/safety/reports.server.ts";

/**
 * Files a report from the Report dialog (any page: a conversation, a review, a profile). Every
 * answer is a redirect back to the page's `redirectTo` (on this site only) with a toast: thanks,
 * or why the report was not sent. A visitor is asked to sign in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const viewer = context.get(viewerContext);
  if (!viewer) {
    return redirectWithToast(back, {
      title: "auth.toasts.authRequired",
      description: "auth.toasts.authRequiredDescription",
      variant: "destructive",
    });
  }
  return answerAction(() => fileReport(viewer, form), {
    success: () =>
      redirectWithToast(back, {
        title: "safety.toasts.reported",
        description: "safety.toasts.reportedDescription",
      }),
    refused: (error) =>
      redirectWithToast(back, {
        title: "safety.toasts.reportRefused",
        description: error.message,
        params: error.params,
        variant: "destructive",
      }),
  });
}

/** Nothing to show here: an address typed by hand goes home. */
export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/" } });
}
