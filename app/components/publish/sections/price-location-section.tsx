import { MapPin } from "lucide-react";
import { useT } from "../../../i18n/use-t.ts";
import type { PriceType } from "../../../lib/listing-values.ts";
import { fieldRequired } from "../../../lib/schemas/listing-categories.ts";
import { ADDRESS_MAX, PLACE_MAX } from "../../../lib/schemas/listing-fields.ts";
import { Field } from "../../ui/field.tsx";
import { FormSection, SelectField } from "../form-controls.tsx";
import { optionsOf, type SectionProps } from "./section-props.ts";

/** The price and how it is charged, then where the place or the service is. */
export function PriceLocationSection({
  category,
  fields,
  bind,
  countries,
}: SectionProps & { countries: { code: string; name: string }[] }) {
  const t = useT();
  const priceTypes = optionsOf<PriceType>(category, "priceType", (v) =>
    t(`publish.priceTypes.${v}`),
  );
  return (
    <FormSection
      title={t("publish.sections.priceLocation")}
      icon={<MapPin aria-hidden className="size-5" />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("publish.fields.price")}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          required
          hint={t("publish.fields.priceHint")}
          {...bind("price")}
        />
        {category &&
          (fields.has("serviceCategory") ? (
            <SelectField
              label={t("publish.fields.priceStructure")}
              placeholder={t("publish.fields.priceStructurePlaceholder")}
              options={priceTypes}
              required
              {...bind("priceType")}
            />
          ) : (
            <SelectField
              label={t("publish.fields.priceType")}
              placeholder={
                fieldRequired(category, "priceType") ? undefined : t("publish.fields.priceTypeNone")
              }
              options={priceTypes}
              {...bind("priceType")}
            />
          ))}
        <SelectField
          label={t("publish.fields.country")}
          placeholder={t("publish.fields.countryPlaceholder")}
          options={countries.map((c) => ({ value: c.code, label: c.name }))}
          required
          autoComplete="country"
          {...bind("countryCode")}
        />
        <Field
          label={t("publish.fields.city")}
          placeholder={t("publish.fields.cityPlaceholder")}
          required
          maxLength={PLACE_MAX}
          autoComplete="address-level2"
          {...bind("city")}
        />
        <Field
          label={t("publish.fields.address")}
          placeholder={t("publish.fields.addressPlaceholder")}
          required
          maxLength={ADDRESS_MAX}
          autoComplete="street-address"
          className="sm:col-span-2"
          {...bind("address")}
        />
      </div>
    </FormSection>
  );
}
