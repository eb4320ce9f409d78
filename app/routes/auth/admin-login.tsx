import { ShieldCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-login";
import { authErrorToast, callAuth } from "../../auth/auth-client.server.ts";
import { isAdminEmail } from "../../auth/admin-email.ts";
import { AuthPageShell } from "../../components/auth/auth-page-shell.tsx";
import { DemoAccounts } from "../../components/auth/demo-accounts.tsx";
import { Field } from "../../components/ui/field.tsx";
import { SubmitButton } from "../../components/ui/button.tsx";
import { getConfig } from "../../config.server.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { demoSignInEnabled } from "../../services/session/demo-sign-in.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/** Magic link for the one administrator address; decided here on the server, never in the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "").trim();
  if (!email) {
    return redirectWithToast("/admin-login", {
      title: "auth.adminLogin.emailRequired",
      description: "auth.adminLogin.emailRequiredDescription",
      variant: "destructive",
    });
  }
  if (!isAdminEmail(email, getConfig().adminEmail)) {
    return redirectWithToast("/admin-login", {
      title: "auth.adminLogin.accessDenied",
      description: "auth.adminLogin.accessDeniedDescription",
      variant: "destructive",
    });
  }
  const result = await callAuth(request, "/sign-in/magic-link", {
    body: {
      email: email.toLowerCase(),
      callbackURL: "/dashboard/overview",
      // An expired or used link comes back here (with ?error=) rather than to a guarded page.
      errorCallbackURL: "/admin-login",
    },
  });
  if (!result.ok) {
    return redirectWithToast(
      "/admin-login",
      authErrorToast(result, "auth.adminLogin.magicLinkError"),
    );
  }
  return redirectWithToast("/admin-login", {
    title: "auth.adminLogin.checkEmail",
    description: "auth.adminLogin.checkEmailDescription",
  });
}

/** `?error=` is set by the magic-link endpoint when a link was expired, used or tampered with. */
export function loader({ request }: Route.LoaderArgs) {
  return {
    linkFailed: new URL(request.url).searchParams.has("error"),
    demoSignIn: demoSignInEnabled(getConfig()),
  };
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === "/admin-login";
  return (
    <AuthPageShell>
      <div className="mb-6 text-center">
        <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-primary-tint text-primary">
          <ShieldCheck aria-hidden className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-ink">{t("auth.adminLogin.title")}</h1>
        <p className="mt-2 text-sm text-muted">{t("auth.adminLogin.description")}</p>
      </div>
      {loaderData.linkFailed && (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-danger-pale bg-danger-tint px-3 py-2 text-sm text-danger-strong"
        >
          {t("auth.adminLogin.linkInvalid")}
        </p>
      )}
      <Form method="post" className="space-y-4" noValidate>
        <Field
          label={t("auth.adminLogin.email")}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <SubmitButton
          pending={pending}
          label={t("auth.adminLogin.submit")}
          pendingLabel={t("auth.adminLogin.sending")}
        />
      </Form>
      {loaderData.demoSignIn && <DemoAccounts people={["admin"]} />}
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="font-medium text-primary hover:underline">
          {t("auth.adminLogin.backHome")}
        </Link>
      </p>
    </AuthPageShell>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("auth.adminLogin.metaTitle") },
    { name: "robots", content: "noindex" },
  ];
}
