import { Mail, MessageCircle, Phone } from "lucide-react";
import { useT } from "../../../i18n/use-t.ts";
import { CONTACT_PHONE_MAX } from "../../../lib/schemas/listing-fields.ts";
import { Field } from "../../ui/field.tsx";
import { ChoicePills, FormSection } from "../form-controls.tsx";
import type { SectionProps } from "./section-props.ts";

/** How visitors reach the owner; phone and WhatsApp fall back to the profile's number. */
export function ContactSection({
  values,
  bind,
  error,
  onContactMethodChange,
  profilePhone,
}: SectionProps & { onContactMethodChange: (value: string) => void; profilePhone: string | null }) {
  const t = useT();
  return (
    <FormSection
      title={t("publish.sections.contact")}
      icon={<Phone aria-hidden className="size-5" />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoicePills
          legend={t("publish.fields.contactMethod")}
          name="contactMethod"
          value={values.contactMethod || "email"}
          onChange={onContactMethodChange}
          error={error("contactMethod")}
          className="sm:col-span-2"
          options={[
            {
              value: "email",
              label: t("publish.fields.contactMethods.email"),
              icon: <Mail aria-hidden className="size-4" />,
            },
            {
              value: "phone",
              label: t("publish.fields.contactMethods.phone"),
              icon: <Phone aria-hidden className="size-4" />,
            },
            {
              value: "whatsapp",
              label: t("publish.fields.contactMethods.whatsapp"),
              icon: <MessageCircle aria-hidden className="size-4" />,
            },
          ]}
        />
        <Field
          label={t("publish.fields.contactPhone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={CONTACT_PHONE_MAX}
          placeholder={t("publish.fields.contactPhonePlaceholder")}
          hint={
            profilePhone
              ? t("publish.fields.contactPhoneHintProfile", { phone: profilePhone })
              : t("publish.fields.contactPhoneHintNone")
          }
          {...bind("contactPhone")}
        />
      </div>
    </FormSection>
  );
}
