import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  changePasswordSchema,
  profileErrorToast,
  profileFieldErrors,
  profileFieldMessages,
  type ProfileFormResult,
} from "../../lib/schemas/profile.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { PasswordField } from "../ui/field.tsx";
import { SubmitButton } from "../ui/button.tsx";
import { ProfileCard, ResultAlert } from "./profile-card.tsx";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useResetKey } from "../../hooks/use-reset-key.ts";

const INTENT = "change-password";
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/**
 * Current, new and repeated password, each with a show/hide toggle. Cleared after a successful
 * change (the page comes back fresh); kept when the server refuses, so a typo can be fixed.
 */
export function ChangePasswordForm({
  email,
  hasPassword,
  result,
}: {
  email: string;
  hasPassword: boolean;
  result: ProfileFormResult | undefined;
}) {
  const t = useT();
  const key = useResetKey();
  return (
    <ProfileCard
      icon={KeyRound}
      title={t("profile.password.title")}
      description={t("profile.password.description")}
    >
      {hasPassword ? (
        <PasswordForm
          key={key}
          email={email}
          result={result?.intent === INTENT ? result : undefined}
        />
      ) : (
        <p className="rounded-lg bg-canvas px-3.5 py-3 text-sm text-secondary">
          {t("profile.password.noPassword")}
        </p>
      )}
    </ProfileCard>
  );
}

function PasswordForm({ email, result }: { email: string; result: ProfileFormResult | undefined }) {
  const t = useT();
  const showToast = useToast();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, MessageKey> | null>(null);
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT;
  const errors = clientErrors ?? result?.errors ?? {};

  function validate(form: HTMLFormElement) {
    const parsed = changePasswordSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (parsed.success) return { errors: {}, first: undefined };
    const codes = profileFieldErrors(parsed.error);
    return { errors: profileFieldMessages(codes), first: Object.values(codes)[0] };
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    const found = validate(event.currentTarget);
    if (!found.first) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(found.errors);
    showToast(profileErrorToast(found.first));
    const field = FIELDS.find((name) => found.errors[name]);
    if (field) event.currentTarget.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  function handleChange(event: React.FormEvent<HTMLFormElement>) {
    if (clientErrors && Object.keys(clientErrors).length > 0) {
      setClientErrors(validate(event.currentTarget).errors);
    }
  }

  const message = (field: (typeof FIELDS)[number]) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const toggle = {
    showLabel: t("auth.fields.showPassword"),
    hideLabel: t("auth.fields.hidePassword"),
  };

  return (
    <Form
      method="post"
      noValidate={hydrated}
      onSubmit={handleSubmit}
      onChange={handleChange}
      className="space-y-4"
    >
      {!clientErrors && <ResultAlert result={result} t={t} />}
      <input type="hidden" name="intent" value={INTENT} />
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={t("profile.password.current")}
        name="currentPassword"
        autoComplete="current-password"
        required
        maxLength={MAX_PASSWORD_LENGTH}
        error={message("currentPassword")}
        {...toggle}
      />
      <PasswordField
        label={t("profile.password.new")}
        name="newPassword"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        error={message("newPassword")}
        {...toggle}
      />
      <PasswordField
        label={t("profile.password.confirm")}
        name="confirmPassword"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        error={message("confirmPassword")}
        {...toggle}
      />
      <div className="flex justify-end pt-1">
        <SubmitButton
          pending={pending}
          label={t("profile.password.submit")}
          pendingLabel={t("profile.password.submitting")}
          className="sm:w-auto"
        />
      </div>
    </Form>
  );
}
