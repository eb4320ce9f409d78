import type { Route } from "./+types/sign-up";
import { authErrorToast, callAuth } from "../../auth/auth-client.server.ts";
import { authDialogUrl, confirmationLanding } from "../../lib/auth-dialog-url.ts";
import { getConfig } from "../../config.server.ts";
import { isMessageKey } from "../../i18n/translate.ts";
import { signUpSchema } from "../../lib/schemas/auth.ts";
import { setAccountTypeAtSignUp } from "../../services/accounts/roles.server.ts";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const email = typeof form.email === "string" ? form.email.trim() : "";
  const parsed = signUpSchema.safeParse(form);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "";
    const missing = message === "auth.toasts.missingSignUp";
    return redirectWithToast(authDialogUrl(back, "register", email), {
      title: missing ? "auth.toasts.missingFields" : "auth.toasts.registrationError",
      description: isMessageKey(message) ? message : "auth.toasts.unexpected",
      variant: "destructive",
    });
  }
  const { name, password, accountType } = parsed.data;
  const result = await callAuth<{ user: { id: string } }>(request, "/sign-up/email", {
    // The confirmation link brings the person back to the form they signed up from.
    body: {
      name,
      email: parsed.data.email,
      password,
      callbackURL: confirmationLanding(back, getConfig().appUrl),
    },
  });
  if (!result.ok || !result.data) {
    return redirectWithToast(
      authDialogUrl(back, "register", parsed.data.email),
      authErrorToast(result, "auth.toasts.registrationError"),
    );
  }
  await setAccountTypeAtSignUp(result.data.user.id, accountType);
  return redirectWithToast(authDialogUrl(back, "login", parsed.data.email), {
    title: "auth.toasts.registered",
    description: "auth.toasts.registeredDescription",
    duration: 6000,
  });
}

export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/?auth=register" } });
}
