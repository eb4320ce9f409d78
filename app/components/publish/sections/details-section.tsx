import { Building2 } from "lucide-react";
import { useT } from "../../../i18n/use-t.ts";
import type {
  CompletionStatus,
  GenderPreference,
  PropertyType,
  RoomType,
  TourType,
} from "../../../lib/listing-values.ts";
import { ROOMS_MAX } from "../../../lib/schemas/listing-fields.ts";
import { Field } from "../../ui/field.tsx";
import { CheckboxPills, FormSection, SelectField } from "../form-controls.tsx";
import { optionsOf, type SectionProps } from "./section-props.ts";

/** The fields that describe the place or the tour; the section shows when the category has any. */
const DETAIL_FIELDS = [
  "propertyType",
  "completionStatus",
  "roomType",
  "genderPreference",
  "bedrooms",
  "bathrooms",
  "areaM2",
  "tourTypes",
];

function PropertyFields({ category, fields, bind }: SectionProps) {
  const t = useT();
  return (
    <>
      {fields.has("propertyType") && (
        <SelectField
          label={t("publish.fields.propertyType")}
          placeholder={t("publish.fields.propertyTypePlaceholder")}
          options={optionsOf<PropertyType>(category, "propertyType", (v) =>
            t(`values.propertyType.${v}`),
          )}
          {...bind("propertyType")}
        />
      )}
      {fields.has("completionStatus") && (
        <SelectField
          label={t("publish.fields.completionStatus")}
          placeholder={t("publish.fields.completionPlaceholder")}
          options={optionsOf<CompletionStatus>(category, "completionStatus", (v) =>
            t(`values.completionStatus.${v}`),
          )}
          {...bind("completionStatus")}
        />
      )}
    </>
  );
}

function StudentHousingFields({ category, fields, bind }: SectionProps) {
  const t = useT();
  return (
    <>
      {fields.has("roomType") && (
        <SelectField
          label={t("publish.fields.roomType")}
          placeholder={t("publish.fields.roomTypePlaceholder")}
          options={optionsOf<RoomType>(category, "roomType", (v) => t(`values.roomType.${v}`))}
          {...bind("roomType")}
        />
      )}
      {fields.has("genderPreference") && (
        <SelectField
          label={t("publish.fields.genderPreference")}
          placeholder={t("publish.fields.genderPlaceholder")}
          options={optionsOf<GenderPreference>(category, "genderPreference", (v) =>
            t(`values.genderPreference.${v}`),
          )}
          {...bind("genderPreference")}
        />
      )}
    </>
  );
}

function RoomFields({ fields, bind }: SectionProps) {
  const t = useT();
  if (!fields.has("bedrooms")) return null;
  return (
    <div className="grid grid-cols-2 gap-4 sm:col-span-2 sm:grid-cols-3">
      <Field
        label={t("publish.fields.bedrooms")}
        type="number"
        inputMode="numeric"
        min={0}
        max={ROOMS_MAX}
        {...bind("bedrooms")}
      />
      <Field
        label={t("publish.fields.bathrooms")}
        type="number"
        inputMode="numeric"
        min={0}
        max={ROOMS_MAX}
        {...bind("bathrooms")}
      />
      {fields.has("areaM2") && (
        <Field
          label={t("publish.fields.area")}
          type="number"
          inputMode="numeric"
          min={1}
          className="col-span-2 sm:col-span-1"
          {...bind("areaM2")}
        />
      )}
    </div>
  );
}

function TourFields({ values, category, fields, setList, error }: SectionProps) {
  const t = useT();
  if (!fields.has("tourTypes")) return null;
  return (
    <CheckboxPills
      legend={t("publish.fields.tourTypes")}
      name="tourTypes"
      values={values.tourTypes}
      options={optionsOf<TourType>(category, "tourTypes", (v) => t(`values.tourType.${v}`))}
      onChange={(next) => setList("tourTypes", next)}
      error={error("tourTypes")}
      className="sm:col-span-2"
    />
  );
}

/** Property details, a student room, or a tour: what the chosen category describes. */
export function DetailsSection(props: SectionProps) {
  const t = useT();
  const { category, fields } = props;
  if (!category || !DETAIL_FIELDS.some((field) => fields.has(field))) return null;
  const title =
    category === "hospitality"
      ? t("publish.sections.stayDetails")
      : category === "student-housing"
        ? t("publish.sections.studentDetails")
        : category === "travel-agencies"
          ? t("publish.sections.tourDetails")
          : t("publish.sections.details");
  return (
    <FormSection title={title} icon={<Building2 aria-hidden className="size-5" />}>
      <div className="grid gap-4 sm:grid-cols-2">
        <PropertyFields {...props} />
        <StudentHousingFields {...props} />
        <RoomFields {...props} />
        <TourFields {...props} />
      </div>
    </FormSection>
  );
}
