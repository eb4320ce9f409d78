import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/callback";
import { viewerContext } from "../../auth/viewer.ts";
import { AuthPageShell, Spinner } from "../../components/auth/auth-page-shell.tsx";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { SELECTABLE_ROLES } from "../../lib/roles.ts";
import { chooseInitialRole } from "../../services/accounts/roles.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { ACCOUNT_BANNED, ACCOUNT_SUSPENDED } from "../../auth/auth.server.ts";

const REDIRECT_DELAY_MS = 1500;

/** Finishes a sign-in (Google): applies the account type chosen before leaving, then routes by role. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const viewer = context.get(viewerContext);
  // better-auth's refusal of a suspended or banned account (auth.server.ts). Its own wording is
  // not shown: the address bar carries it, and anybody could write a link with other words.
  const errors = params.getAll("error");
  if (errors.includes(ACCOUNT_SUSPENDED) || errors.includes(ACCOUNT_BANNED)) {
    return redirectWithToast("/", {
      title: "auth.toasts.googleError",
      description: "suspensions.signIn.refusedGoogle",
      variant: "destructive",
    });
  }
  if (params.has("error") || !viewer) {
    return redirectWithToast("/", {
      title: "auth.toasts.googleError",
      description: "auth.toasts.unexpected",
      variant: "destructive",
    });
  }
  const accountType = params.get("accountType");
  let role = viewer.role;
  if (!role && accountType && (SELECTABLE_ROLES as readonly string[]).includes(accountType)) {
    role = await chooseInitialRole(viewer, accountType);
  }
  return { target: role ? "/dashboard/overview" : "/role-selection" };
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => navigate(loaderData.target, { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [loaderData.target, navigate]);
  return (
    <AuthPageShell>
      <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=${loaderData.target}`} />
      <Spinner label={t("auth.callback.completing")} />
    </AuthPageShell>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("auth.callback.metaTitle") },
    { name: "robots", content: "noindex" },
  ];
}
