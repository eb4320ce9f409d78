import { Sparkles } from "lucide-react";
import { useT } from "../../../i18n/use-t.ts";
import type { Amenity, ServiceHighlight } from "../../../lib/listing-values.ts";
import { FormSection } from "../form-controls.tsx";
import { MultiSelect } from "../multi-select.tsx";
import { optionsOf, type SectionProps } from "./section-props.ts";

/** Amenities of a place, or the highlights of a professional's service. */
export function FeaturesSection({ values, category, fields, setList, error }: SectionProps) {
  const t = useT();
  if (!category) return null;
  const highlights = fields.has("serviceHighlights");
  return (
    <FormSection
      title={highlights ? t("publish.sections.highlights") : t("publish.sections.features")}
      icon={<Sparkles aria-hidden className="size-5" />}
    >
      {highlights ? (
        <MultiSelect
          legend={t("publish.fields.highlights")}
          searchLabel={t("publish.fields.highlightsSearch")}
          name="serviceHighlights"
          options={optionsOf<ServiceHighlight>(category, "serviceHighlights", (v) =>
            t(`values.serviceHighlight.${v}`),
          )}
          values={values.serviceHighlights}
          onChange={(next) => setList("serviceHighlights", next)}
          error={error("serviceHighlights")}
        />
      ) : (
        <MultiSelect
          legend={t("publish.fields.amenities")}
          searchLabel={t("publish.fields.amenitiesSearch")}
          name="amenities"
          options={optionsOf<Amenity>(category, "amenities", (v) => t(`values.amenity.${v}`))}
          values={values.amenities}
          onChange={(next) => setList("amenities", next)}
          error={error("amenities")}
        />
      )}
    </FormSection>
  );
}
