import { ImageIcon } from "lucide-react";
import { useT } from "../../../i18n/use-t.ts";
import { VIDEO_URL_MAX } from "../../../lib/schemas/listing-fields.ts";
import type { StoredImageRef } from "../../../lib/schemas/listing-view.ts";
import { Field } from "../../ui/field.tsx";
import { FormSection } from "../form-controls.tsx";
import { ImageUploader, PlainImageInput, type ImageUploads } from "../image-uploader.tsx";
import type { SectionProps } from "./section-props.ts";

/**
 * Images upload as soon as they are chosen (with JavaScript) or go with the form (without);
 * the uploaded ones are sent as their keys, in gallery order. Then the video link.
 */
export function MediaSection({
  bind,
  error,
  hydrated,
  uploads,
  images,
}: SectionProps & {
  hydrated: boolean;
  uploads: ImageUploads;
  images: (StoredImageRef & { id: string })[];
}) {
  const t = useT();
  return (
    <FormSection
      title={t("publish.sections.media")}
      icon={<ImageIcon aria-hidden className="size-5" />}
    >
      <div className="space-y-5">
        {hydrated ? (
          <ImageUploader uploads={uploads} error={error("images")} />
        ) : (
          <PlainImageInput error={error("images")} />
        )}
        {images.map((image) => (
          <input key={image.id} type="hidden" name="images" value={image.key} />
        ))}
        <Field
          label={t("publish.fields.videoUrl")}
          type="url"
          inputMode="url"
          placeholder={t("publish.fields.videoPlaceholder")}
          hint={t("publish.fields.videoHint")}
          maxLength={VIDEO_URL_MAX}
          {...bind("videoUrl")}
        />
      </div>
    </FormSection>
  );
}
