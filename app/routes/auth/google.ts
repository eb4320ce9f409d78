import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/google";
import { authErrorToast, callAuth } from "../../auth/auth-client.server.ts";
import { authDialogUrl } from "../../lib/auth-dialog-url.ts";
import { authorizationUrlFor } from "../../auth/google-endpoints.server.ts";
import { getConfig } from "../../config.server.ts";
import { SELECTABLE_ROLES } from "../../lib/roles.ts";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const schema = z.object({
  accountType: z.enum(SELECTABLE_ROLES).optional().catch(undefined),
  view: z.enum(["login", "register"]).catch("login"),
});

/** Starts Google sign-in; the chosen account type rides along to /auth/callback. */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const { accountType, view } = schema.parse(form);
  const google = getConfig().google;
  if (!google) {
    return redirectWithToast(authDialogUrl(back, view), {
      title: "auth.toasts.googleError",
      description: "auth.toasts.googleNotConfigured",
      variant: "destructive",
    });
  }
  const callbackURL = `/auth/callback${accountType ? `?accountType=${accountType}` : ""}`;
  const result = await callAuth<{ url: string }>(request, "/sign-in/social", {
    body: { provider: "google", callbackURL, errorCallbackURL: "/auth/callback?error=google" },
  });
  if (!result.ok || !result.data?.url) {
    return redirectWithToast(
      authDialogUrl(back, view),
      authErrorToast(result, "auth.toasts.googleError"),
    );
  }
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  return redirect(authorizationUrlFor(google, result.data.url), { headers });
}

export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/?auth=login" } });
}
