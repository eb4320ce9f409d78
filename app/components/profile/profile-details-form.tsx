import { UserRound } from "lucide-react";
import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import {
  MAX_NAME_LENGTH,
  profileDetailsSchema,
  profileErrorToast,
  profileFieldErrors,
  profileFieldMessages,
  type ProfileErrorCode,
  type ProfileFormResult,
} from "../../lib/schemas/profile.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { Field } from "../ui/field.tsx";
import { SubmitButton } from "../ui/button.tsx";
import { AvatarPicker } from "./avatar-picker.tsx";
import { ProfileCard, ResultAlert } from "./profile-card.tsx";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useResetKey } from "../../hooks/use-reset-key.ts";
import { Input, Label } from "../ui/input.tsx";

export interface ProfileDetails {
  name: string;
  email: string;
  phone: string;
  avatar: string;
}

const INTENT = "update-profile";

/** Avatar, full name, read-only e-mail and phone: one multipart form, so the photo goes along. */
export function ProfileDetailsForm({
  profile,
  result,
}: {
  profile: ProfileDetails;
  result: ProfileFormResult | undefined;
}) {
  const key = useResetKey();
  return (
    <DetailsForm
      key={key}
      profile={profile}
      result={result?.intent === INTENT ? result : undefined}
    />
  );
}

function DetailsForm({
  profile,
  result,
}: {
  profile: ProfileDetails;
  result: ProfileFormResult | undefined;
}) {
  const t = useT();
  const showToast = useToast();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const emailId = useId();
  const [clientErrors, setClientErrors] = useState<Record<string, MessageKey> | null>(null);
  const [avatarProblem, setAvatarProblem] = useState<ProfileErrorCode | null>(null);
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT;
  const errors = clientErrors ?? result?.errors ?? {};
  const values = result?.values ?? { name: profile.name, phone: profile.phone };

  function validate(form: HTMLFormElement): {
    errors: Record<string, MessageKey>;
    first?: ProfileErrorCode;
  } {
    const data = new FormData(form);
    const parsed = profileDetailsSchema.safeParse({
      name: data.get("name"),
      phone: data.get("phone"),
    });
    if (parsed.success) return { errors: {} };
    const codes = profileFieldErrors(parsed.error);
    return { errors: profileFieldMessages(codes), first: Object.values(codes)[0] };
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (avatarProblem) {
      event.preventDefault();
      showToast(profileErrorToast(avatarProblem));
      return;
    }
    const found = validate(form);
    if (found.first) {
      event.preventDefault();
      setClientErrors(found.errors);
      showToast(profileErrorToast(found.first));
      form.querySelector<HTMLElement>(`[name="${Object.keys(found.errors)[0]}"]`)?.focus();
      return;
    }
    setClientErrors(null);
    // The same comparison the server makes: nothing new, nothing sent.
    const data = new FormData(form);
    const avatar = data.get("avatar");
    const hasAvatar = avatar instanceof File && avatar.size > 0;
    const parsed = profileDetailsSchema.parse({ name: data.get("name"), phone: data.get("phone") });
    if (!hasAvatar && parsed.name === profile.name && (parsed.phone ?? "") === profile.phone) {
      event.preventDefault();
      showToast(profileErrorToast("noChanges"));
    }
  }

  function handleChange(event: React.FormEvent<HTMLFormElement>) {
    if (clientErrors && Object.keys(clientErrors).length > 0) {
      setClientErrors(validate(event.currentTarget).errors);
    }
  }

  return (
    <ProfileCard
      icon={UserRound}
      title={t("profile.details.title")}
      description={t("profile.details.description")}
    >
      {!clientErrors && <ResultAlert result={result} t={t} />}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate={hydrated}
        onSubmit={handleSubmit}
        onChange={handleChange}
        className="space-y-5"
      >
        <input type="hidden" name="intent" value={INTENT} />
        <AvatarPicker
          name="avatar"
          currentSrc={profile.avatar}
          serverError={errors.avatar}
          onProblemChange={setAvatarProblem}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("profile.details.fullName")}
            name="name"
            autoComplete="name"
            required
            maxLength={MAX_NAME_LENGTH}
            placeholder={t("profile.details.fullNamePlaceholder")}
            defaultValue={values.name}
            error={errors.name ? t(errors.name) : undefined}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <Label htmlFor={emailId}>{t("profile.details.email")}</Label>
            <Input
              id={emailId}
              type="email"
              value={profile.email}
              readOnly
              aria-readonly
              aria-describedby={`${emailId}-hint`}
              className="cursor-default bg-surface-muted text-muted focus:border-line-strong focus:ring-0"
            />
            <p id={`${emailId}-hint`} className="mt-1 text-xs text-subtle">
              {t("profile.details.emailHint")}
            </p>
          </div>
          <Field
            label={t("profile.details.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            placeholder={t("profile.details.phonePlaceholder")}
            hint={t("profile.details.phoneHint")}
            defaultValue={values.phone}
            error={errors.phone ? t(errors.phone) : undefined}
            className="sm:col-span-2"
          />
        </div>
        <div className="flex justify-end border-t border-line-soft pt-5">
          <SubmitButton
            pending={pending}
            label={t("profile.details.submit")}
            pendingLabel={t("profile.details.submitting")}
            className="sm:w-auto"
          />
        </div>
      </Form>
    </ProfileCard>
  );
}
