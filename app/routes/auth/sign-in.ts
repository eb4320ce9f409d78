import type { Route } from "./+types/sign-in";
import { authErrorToast, callAuth } from "../../auth/auth-client.server.ts";
import { afterSignIn, authDialogUrl, confirmationLanding } from "../../lib/auth-dialog-url.ts";
import { getConfig } from "../../config.server.ts";
import { signInSchema } from "../../lib/schemas/auth.ts";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const email = typeof form.email === "string" ? form.email.trim() : "";
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(authDialogUrl(back, "login", email), {
      title: "auth.toasts.missingFields",
      description: "auth.toasts.missingSignIn",
      variant: "destructive",
    });
  }
  const { appUrl } = getConfig();
  const result = await callAuth<{ user: { role?: string | null } }>(request, "/sign-in/email", {
    body: {
      email: parsed.data.email,
      password: parsed.data.password,
      rememberMe: true,
      // Only for the fresh confirmation link an unconfirmed account is sent: see confirmationLink.
      callbackURL: confirmationLanding(back, appUrl),
    },
  });
  if (!result.ok) {
    return redirectWithToast(
      authDialogUrl(back, "login", parsed.data.email),
      authErrorToast(result, "auth.toasts.signInError"),
    );
  }
  return redirectWithToast(
    afterSignIn(back, Boolean(result.data?.user.role), appUrl),
    { title: "auth.toasts.welcome", description: "auth.toasts.welcomeDescription" },
    { headers: result.cookies.map((c) => ["Set-Cookie", c]) },
  );
}

export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/?auth=login" } });
}
