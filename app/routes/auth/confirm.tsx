import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/confirm";
import { authErrorToast, callAuth } from "../../auth/auth-client.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { AuthPageShell } from "../../components/auth/auth-page-shell.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { Field } from "../../components/ui/field.tsx";
import { SubmitButton } from "../../components/ui/button.tsx";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { forgotPasswordSchema } from "../../lib/schemas/auth.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { confirmationLanding, resumeTarget } from "../../lib/auth-dialog-url.ts";
import { getConfig } from "../../config.server.ts";

const REDIRECT_DELAY_MS = 4000;

/**
 * Where the confirmation link lands: better-auth has already checked the token and signed the
 * person in, or sent them here with ?error=TOKEN_EXPIRED / INVALID_TOKEN.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  const viewer = context.get(viewerContext);
  // The form the person signed up from, checked again here: the link's query is anybody's to edit.
  const next = resumeTarget(url.searchParams.get("next"), getConfig().appUrl);
  if (!error && viewer?.emailVerified) return { state: "confirmed" as const, next };
  if (error?.toUpperCase() === "TOKEN_EXPIRED") return { state: "expired" as const, next };
  // better-auth sends a link that was already used straight here, without a session or error.
  if (!error) return { state: "used" as const, next };
  return { state: "error" as const, next, detail: /^[A-Z_]{3,40}$/.test(error) ? error : null };
}

/**
 * "Resend confirmation e-mail" from an expired link's page. The answer is the same whether or
 * not the address has an account waiting (better-auth also evens out the response time).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const landing = confirmationLanding(form.next, getConfig().appUrl);
  const expired = `${landing}${landing.includes("?") ? "&" : "?"}error=TOKEN_EXPIRED`;
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success) {
    return redirectWithToast(expired, {
      title: "auth.toasts.emailRequired",
      description: "auth.toasts.emailRequiredDescription",
      variant: "destructive",
    });
  }
  const result = await callAuth(request, "/send-verification-email", {
    body: { email: parsed.data.email, callbackURL: landing },
  });
  if (!result.ok && (result.status === 429 || result.status >= 500)) {
    return redirectWithToast(expired, authErrorToast(result, "auth.confirm.errorTitle"));
  }
  return redirectWithToast("/", {
    title: "auth.toasts.confirmationResent",
    description: "auth.toasts.confirmationResentDescription",
  });
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const showToast = useToast();
  const navigate = useNavigate();
  const { state } = loaderData;
  const next = loaderData.next ?? "/";
  const navigation = useNavigation();
  // An expired link's page holds the resend form: it stays until the person is done with it.
  const redirects = state !== "expired";

  useEffect(() => {
    if (state === "confirmed")
      showToast({
        title: "auth.confirm.confirmed",
        description: "auth.confirm.confirmedDescription",
      });
    else if (state === "expired")
      showToast({
        title: "auth.confirm.expiredTitle",
        description: "auth.confirm.expiredDescription",
        variant: "destructive",
      });
    if (state === "expired") return;
    const timer = setTimeout(() => navigate(next, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, next, navigate, showToast]);

  const ok = state === "confirmed";
  const title = ok
    ? t("auth.confirm.confirmed")
    : state === "expired"
      ? t("auth.confirm.expiredTitle")
      : t("auth.confirm.errorTitle");
  const description = ok
    ? t("auth.confirm.confirmedDescription")
    : state === "expired"
      ? t("auth.confirm.expiredDescription")
      : state === "used"
        ? t("auth.confirm.alreadyUsed")
        : (loaderData.state === "error" && loaderData.detail) || t("auth.confirm.unknownError");

  return (
    <AuthPageShell>
      {redirects && (
        <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=${next}`} />
      )}
      <div className="text-center">
        <span
          className={`mx-auto mb-3 inline-flex size-14 items-center justify-center rounded-full ${ok ? "bg-primary-tint text-primary" : "bg-danger-tint text-danger"}`}
        >
          {ok ? (
            <CircleCheck aria-hidden className="size-7" />
          ) : (
            <CircleAlert aria-hidden className="size-7" />
          )}
        </span>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-2 text-muted">{description}</p>
        {redirects ? (
          <p className="mt-4 text-sm text-subtle">
            {t(loaderData.next ? "auth.confirm.redirectingBack" : "auth.confirm.redirecting")}
          </p>
        ) : (
          <Form method="post" className="mt-6 space-y-3 text-left">
            {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
            <Field
              label={t("auth.fields.email")}
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
            />
            <SubmitButton
              pending={navigation.state === "submitting"}
              label={t("auth.actions.resend")}
              pendingLabel={t("auth.actions.sending")}
            />
          </Form>
        )}
        <Link
          to={next}
          className={
            redirects
              ? cn(buttonVariants(), "mt-6 px-6")
              : "mt-4 inline-flex h-11 items-center justify-center px-6 font-medium text-primary hover:underline"
          }
        >
          {t("auth.confirm.continue")}
        </Link>
      </div>
    </AuthPageShell>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("auth.confirm.metaTitle") },
    { name: "robots", content: "noindex" },
  ];
}
