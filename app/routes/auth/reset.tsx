import { KeyRound } from "lucide-react";
import { useEffect } from "react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/reset";
import { authErrorText, callAuth } from "../../auth/auth-client.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { AuthPageShell } from "../../components/auth/auth-page-shell.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { PasswordField } from "../../components/ui/field.tsx";
import { SubmitButton } from "../../components/ui/button.tsx";
import { isMessageKey, type MessageKey } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { resetPasswordSchema } from "../../lib/schemas/auth.ts";
import { findPasswordResetAccount } from "../../services/accounts/password-reset.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const REDIRECT_DELAY_MS = 3000;

function sessionExpired() {
  return redirectWithToast("/", {
    title: "auth.reset.sessionExpired",
    description: "auth.reset.sessionExpiredDescription",
    variant: "destructive",
  });
}

const DESCRIPTIONS: Partial<Record<MessageKey, MessageKey>> = {
  "auth.reset.missingFields": "auth.reset.missingFieldsDescription",
  "auth.reset.mismatch": "auth.reset.mismatchDescription",
  "auth.reset.tooShort": "auth.reset.tooShortDescription",
};

/** Where a successful reset lands, signed in: the token is used up by then. */
const UPDATED_URL = "/reset?updated=1";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get("updated") === "1") {
    if (!context.get(viewerContext)) return sessionExpired();
    return { updated: true as const, token: "" };
  }
  const token = params.get("token") ?? "";
  if (!(await findPasswordResetAccount(token))) return sessionExpired();
  return { updated: false as const, token };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = resetPasswordSchema.safeParse(form);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "";
    if (message === "" || !isMessageKey(message)) return sessionExpired();
    return data({ ok: false as const, error: message }, { status: 400 });
  }
  const account = await findPasswordResetAccount(parsed.data.token);
  if (!account) return sessionExpired();
  const reset = await callAuth(request, "/reset-password", {
    body: { newPassword: parsed.data.password, token: parsed.data.token },
  });
  if (!reset.ok) {
    const { key, message } = authErrorText(reset);
    return data({ ok: false as const, error: key, message }, { status: reset.status });
  }
  // Straight into the account with the new password: the reset proved the mailbox is theirs.
  const signIn = await callAuth(request, "/sign-in/email", {
    body: { email: account.email, password: parsed.data.password },
  });
  // A redirect, not an answer on this page: reloading /reset?token=… after the token is used
  // up would call the success "Session Expired" (and did, in a race, before).
  return redirectWithToast(
    UPDATED_URL,
    { title: "auth.reset.updated", description: "auth.reset.updatedDescription" },
    { headers: signIn.cookies.map((cookie) => ["Set-Cookie", cookie]) },
  );
}

export default function Reset({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const showToast = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";

  const { updated } = loaderData;

  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(
      () => navigate("/dashboard/overview", { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [updated, navigate]);

  useEffect(() => {
    if (!actionData) return;
    const title = actionData.error;
    const description = DESCRIPTIONS[title];
    showToast(
      description
        ? { title, description, variant: "destructive" }
        : {
            title: "auth.reset.error",
            description: title,
            params:
              "message" in actionData && actionData.message
                ? { message: String(actionData.message) }
                : undefined,
            variant: "destructive",
          },
    );
  }, [actionData, navigate, showToast]);

  return (
    <AuthPageShell>
      {updated && (
        <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=/dashboard/overview`} />
      )}
      <div className="mb-6 text-center">
        <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-primary-tint text-primary">
          <KeyRound aria-hidden className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-ink">
          {updated ? t("auth.reset.updated") : t("auth.reset.title")}
        </h1>
        <p className="mt-2 text-sm text-muted">
          {updated ? t("auth.reset.updatedDescription") : t("auth.reset.description")}
        </p>
      </div>
      {!updated && (
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField
            label={t("auth.reset.newPassword")}
            name="password"
            autoComplete="new-password"
            showLabel={t("auth.fields.showPassword")}
            hideLabel={t("auth.fields.hidePassword")}
          />
          <PasswordField
            label={t("auth.reset.confirmPassword")}
            name="confirmPassword"
            autoComplete="new-password"
            showLabel={t("auth.fields.showPassword")}
            hideLabel={t("auth.fields.hidePassword")}
          />
          <SubmitButton
            pending={pending}
            label={t("auth.reset.submit")}
            pendingLabel={t("auth.reset.updating")}
          />
        </Form>
      )}
    </AuthPageShell>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("auth.reset.metaTitle") },
    { name: "robots", content: "noindex" },
  ];
}
