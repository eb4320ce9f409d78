import { z } from "zod";
import type { Route } from "./+types/blocks";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { blockUser, unblockUser } from "../../services/safety/blocks.server.ts";

const intentSchema = z.enum(["block", "unblock"]);

/**
 * Blocks or unblocks a person from the Block button (a conversation, the profile's blocked
 * list). Every answer is a redirect back to the page's `redirectTo` (on this site only) with a
 * toast: what changed, or why nothing did. A visitor is asked to sign in first.
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
  const intent = intentSchema.safeParse(form.intent);
  if (!intent.success) {
    return redirectWithToast(back, {
      title: "safety.toasts.unknownAction",
      description: "safety.toasts.unknownActionDescription",
      variant: "destructive",
    });
  }
  const block = intent.data === "block";
  return answerAction(
    () => (block ? blockUser(viewer, form.userId) : unblockUser(viewer, form.userId)),
    {
      success: (state) =>
        redirectWithToast(back, {
          title: block ? "safety.toasts.blocked" : "safety.toasts.unblocked",
          description: block
            ? "safety.toasts.blockedDescription"
            : "safety.toasts.unblockedDescription",
          params: { name: state.name },
        }),
      refused: (error) =>
        redirectWithToast(back, {
          title: "safety.toasts.refused",
          description: error.message,
          params: error.params,
          variant: "destructive",
        }),
    },
  );
}

/** Nothing to show here: an address typed by hand goes home. */
export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/" } });
}
