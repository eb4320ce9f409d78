import type { Route } from "./+types/forgot-password";
import { authErrorToast, callAuth } from "../../auth/auth-client.server.ts";
import { authDialogUrl, withoutAuthDialog } from "../../lib/auth-dialog-url.ts";
import { forgotPasswordSchema } from "../../lib/schemas/auth.ts";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/** Always the same answer for a well-formed request, so it never reveals who has an account. */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(authDialogUrl(back, "forgot"), {
      title: "auth.toasts.emailRequired",
      description: "auth.toasts.emailRequiredDescription",
      variant: "destructive",
    });
  }
  const result = await callAuth(request, "/request-password-reset", {
    body: { email: parsed.data.email, redirectTo: "/reset" },
  });
  if (!result.ok && (result.status === 429 || result.status >= 500)) {
    return redirectWithToast(
      authDialogUrl(back, "forgot", parsed.data.email),
      authErrorToast(result, "auth.toasts.passwordResetError"),
    );
  }
  return redirectWithToast(withoutAuthDialog(back), {
    title: "auth.toasts.resetSent",
    description: "auth.toasts.resetSentDescription",
  });
}

export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/?auth=forgot" } });
}
