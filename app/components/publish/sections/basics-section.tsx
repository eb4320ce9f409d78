import { Tag } from "lucide-react";
import { useT } from "../../../i18n/use-t.ts";
import type { Category, ListingType, ServiceCategory } from "../../../lib/listing-values.ts";
import { TITLE_MAX } from "../../../lib/schemas/listing-fields.ts";
import { SPECIALTY_MAX } from "../../../lib/schemas/listing-fields.ts";
import { cn } from "../../../lib/cn.ts";
import { Field } from "../../ui/field.tsx";
import { inputClass, labelClass } from "../../ui/input.tsx";
import { FormSection, SelectField } from "../form-controls.tsx";
import { optionsOf, type SectionProps } from "./section-props.ts";

/** Title, category and what is offered: the service category for a professional. */
export function BasicsSection({
  values,
  category,
  fields,
  bind,
  error,
  categories,
  onCategoryChange,
}: SectionProps & {
  categories: readonly Category[];
  onCategoryChange: (category: string) => void;
}) {
  const t = useT();
  const professional = fields.has("serviceCategory");
  return (
    <FormSection
      title={professional ? t("publish.sections.service") : t("publish.sections.basics")}
      icon={<Tag aria-hidden className="size-5" />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={professional ? t("publish.fields.serviceTitle") : t("publish.fields.title")}
          placeholder={
            professional
              ? t("publish.fields.serviceTitlePlaceholder")
              : t("publish.fields.titlePlaceholder")
          }
          required
          maxLength={TITLE_MAX}
          className="sm:col-span-2"
          {...bind("title")}
        />
        {categories.length === 1 ? (
          <div>
            <p className={labelClass}>{t("publish.fields.category")}</p>
            {/* The only category, shown like a control that cannot change. */}
            <p
              className={cn(
                inputClass,
                "flex items-center border-line bg-canvas font-medium text-ink-soft",
              )}
            >
              {professional
                ? t("publish.fields.professionalCategory")
                : t(`publish.categoryOptions.${categories[0]!}`)}
            </p>
            <input type="hidden" name="category" value={categories[0]} />
          </div>
        ) : (
          <SelectField
            label={t("publish.fields.category")}
            placeholder={t("publish.fields.categoryPlaceholder")}
            options={categories.map((c) => ({
              value: c,
              label: t(`publish.categoryOptions.${c}`),
            }))}
            required
            name="category"
            value={values.category}
            onChange={(event) => onCategoryChange(event.currentTarget.value)}
            error={error("category")}
          />
        )}
        {professional ? (
          <>
            <SelectField
              label={t("publish.fields.serviceCategory")}
              placeholder={t("publish.fields.serviceCategoryPlaceholder")}
              options={optionsOf<ServiceCategory>(category, "serviceCategory", (v) =>
                t(`values.serviceCategory.${v}`),
              )}
              required
              {...bind("serviceCategory")}
            />
            <Field
              label={t("publish.fields.specialty")}
              placeholder={t("publish.fields.specialtyPlaceholder")}
              hint={t("publish.fields.specialtyHint")}
              maxLength={SPECIALTY_MAX}
              className="sm:col-span-2"
              {...bind("specialty")}
            />
          </>
        ) : (
          category && (
            <SelectField
              label={t("publish.fields.listingType")}
              options={optionsOf<ListingType>(category, "listingType", (v) =>
                t(`values.listingType.${v}`),
              )}
              required
              {...bind("listingType")}
            />
          )
        )}
      </div>
    </FormSection>
  );
}
