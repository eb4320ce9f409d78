import { Globe } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { ProfileFormResult } from "../../lib/schemas/profile.ts";
import { SubmitButton } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { ProfileCard } from "./profile-card.tsx";

const INTENT = "save-languages";

/** The languages their public page lists (agents and professionals). */
export function LanguagesForm({
  languages,
  result,
}: {
  languages: string[];
  result: ProfileFormResult | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT;
  const own = result?.intent === INTENT ? result : undefined;
  return (
    <ProfileCard
      icon={Globe}
      title={t("agents.settings.title")}
      description={t("agents.settings.intro")}
    >
      <Form method="post" key={languages.join(",")} className="space-y-4">
        <input type="hidden" name="intent" value={INTENT} />
        <Field
          label={t("agents.settings.languagesLabel")}
          name="languages"
          defaultValue={own?.languages ?? languages.join(", ")}
          hint={t("agents.settings.languagesHelp")}
          error={own?.errors.languages ? t(own.errors.languages) : undefined}
        />
        <div className="flex justify-end">
          <SubmitButton
            pending={pending}
            label={t("agents.settings.save")}
            pendingLabel={t("agents.settings.save")}
            className="sm:w-auto"
          />
        </div>
      </Form>
    </ProfileCard>
  );
}
