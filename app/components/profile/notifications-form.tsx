import { Bell } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { SubmitButton } from "../ui/button.tsx";
import { ProfileCard } from "./profile-card.tsx";

const INTENT = "save-notifications";

/** The e-mails a person gets: for now the one switch, new messages. */
export function NotificationsForm({ messageEmails }: { messageEmails: boolean }) {
  const t = useT();
  const navigation = useNavigation();
  const checkboxId = useId();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT;
  return (
    <ProfileCard
      icon={Bell}
      title={t("safety.profile.notifications.title")}
      description={t("safety.profile.notifications.description")}
    >
      {/* Keyed by the saved value, so the box shows what is stored after each save. */}
      <Form method="post" key={String(messageEmails)} className="space-y-4">
        <input type="hidden" name="intent" value={INTENT} />
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            name="messageEmails"
            defaultChecked={messageEmails}
            aria-describedby={`${checkboxId}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <div>
            <label htmlFor={checkboxId} className="font-medium text-ink">
              {t("safety.profile.notifications.messageEmails")}
            </label>
            <p id={`${checkboxId}-hint`} className="mt-0.5 text-sm text-muted">
              {t("safety.profile.notifications.messageEmailsHint")}
            </p>
          </div>
        </div>
        <div className="flex justify-end">
          <SubmitButton
            pending={pending}
            label={t("safety.profile.notifications.save")}
            pendingLabel={t("safety.profile.notifications.saving")}
            className="sm:w-auto"
          />
        </div>
      </Form>
    </ProfileCard>
  );
}
