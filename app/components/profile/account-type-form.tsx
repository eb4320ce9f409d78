import { BadgeCheck, ShieldCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { can } from "../../lib/permissions.ts";
import type { Role } from "../../lib/roles.ts";
import { profileErrorToast, type ProfileFormResult } from "../../lib/schemas/profile.ts";
import { AccountTypeCards } from "../auth/account-type-cards.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { SubmitButton } from "../ui/button.tsx";
import { ProfileCard, ResultAlert } from "./profile-card.tsx";
import { useResetKey } from "../../hooks/use-reset-key.ts";

const INTENT = "change-account-type";

/**
 * User ↔ agent ↔ professional. The administrator's role belongs to the administrator address,
 * so an administrator sees a note instead of the choices.
 */
export function AccountTypeForm({
  role,
  result,
}: {
  role: Role | null;
  result: ProfileFormResult | undefined;
}) {
  const t = useT();
  const key = useResetKey();
  return (
    <ProfileCard
      icon={BadgeCheck}
      title={t("profile.accountType.title")}
      description={t("profile.accountType.description")}
    >
      {!can({ role }, "account:change-type") ? (
        <p className="flex gap-2.5 rounded-lg bg-primary-tint px-3.5 py-3 text-sm text-primary-deep">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t("profile.accountType.adminNote")}
        </p>
      ) : (
        <ChoiceForm key={key} role={role} result={result?.intent === INTENT ? result : undefined} />
      )}
    </ProfileCard>
  );
}

function ChoiceForm({
  role,
  result,
}: {
  role: Role | null;
  result: ProfileFormResult | undefined;
}) {
  const t = useT();
  const showToast = useToast();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT;

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    const chosen = new FormData(event.currentTarget).get("role");
    if (chosen === role) {
      event.preventDefault();
      showToast(profileErrorToast("noChanges"));
    }
  }

  return (
    <Form method="post" onSubmit={handleSubmit}>
      <ResultAlert result={result} t={t} />
      <input type="hidden" name="intent" value={INTENT} />
      <AccountTypeCards
        legend={t("profile.accountType.legend")}
        current={role}
        currentLabel={t("profile.accountType.current")}
      />
      <div className="mt-5 flex justify-end">
        <SubmitButton
          pending={pending}
          label={t("profile.accountType.submit")}
          pendingLabel={t("profile.accountType.submitting")}
          className="sm:w-auto"
        />
      </div>
    </Form>
  );
}
