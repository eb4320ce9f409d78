import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/role-selection";
import { requireViewer } from "../../auth/guards.server.ts";
import { AccountTypeCards } from "../../components/auth/account-type-cards.tsx";
import { AuthPageShell } from "../../components/auth/auth-page-shell.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { SubmitButton } from "../../components/ui/button.tsx";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { roleChoiceSchema } from "../../lib/schemas/auth.ts";
import { chooseInitialRole } from "../../services/accounts/roles.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const REDIRECT_DELAY_MS = 1500;

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  if (viewer.role) throw redirect("/dashboard/overview");
  return { name: viewer.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(context);
  const parsed = roleChoiceSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ ok: false as const }, { status: 400 });
  await chooseInitialRole(viewer, parsed.data.role);
  return { ok: true as const };
}

export default function RoleSelection({ actionData }: Route.ComponentProps) {
  const t = useT();
  const showToast = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [role, setRole] = useState<string | null>(null);

  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) {
      showToast({
        title: "auth.roleSelection.error",
        description: "auth.roleSelection.errorDescription",
        variant: "destructive",
      });
      return;
    }
    showToast({
      title: "auth.roleSelection.updated",
      description: "auth.roleSelection.updatedDescription",
    });
    const timer = setTimeout(
      () => navigate("/dashboard/overview", { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [actionData, navigate, showToast]);

  return (
    <AuthPageShell wide>
      {actionData?.ok && (
        <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=/dashboard/overview`} />
      )}
      <div className="text-center">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t("auth.roleSelection.title")}</h1>
        <p className="mt-2 text-muted">{t("auth.roleSelection.description")}</p>
      </div>
      <Form method="post" className="mt-8">
        <AccountTypeCards legend={t("auth.fields.accountType")} onChange={setRole} />
        <SubmitButton
          className="mt-6"
          disabled={!role || actionData?.ok}
          pending={navigation.state === "submitting"}
          label={t("auth.roleSelection.confirm")}
          pendingLabel={t("auth.roleSelection.saving")}
        />
      </Form>
    </AuthPageShell>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("auth.roleSelection.metaTitle") },
    { name: "robots", content: "noindex" },
  ];
}
