import { FileText } from "lucide-react";
import { useT } from "../../../i18n/use-t.ts";
import { DESCRIPTION_MAX } from "../../../lib/schemas/listing-fields.ts";
import { FormSection, TextAreaField } from "../form-controls.tsx";
import type { SectionProps } from "./section-props.ts";

export function DescriptionSection({ values, fields, bind }: SectionProps) {
  const t = useT();
  const professional = fields.has("serviceCategory");
  return (
    <FormSection
      title={
        professional ? t("publish.sections.descriptionService") : t("publish.sections.description")
      }
      icon={<FileText aria-hidden className="size-5" />}
    >
      <TextAreaField
        label={t("publish.fields.description")}
        placeholder={
          professional
            ? t("publish.fields.descriptionServicePlaceholder")
            : t("publish.fields.descriptionPlaceholder")
        }
        required
        rows={7}
        maxLength={DESCRIPTION_MAX}
        hint={t("publish.fields.descriptionHint", {
          count: values.description.length,
          max: DESCRIPTION_MAX,
        })}
        {...bind("description")}
      />
    </FormSection>
  );
}
