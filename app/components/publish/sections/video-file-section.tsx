import { Film } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../../i18n/use-t.ts";
import { VIDEO_ACCEPT, type VideoFormState } from "../../../lib/schemas/listing-video.ts";
import { Button, buttonVariants } from "../../ui/button.tsx";
import { FormSection } from "../form-controls.tsx";

/** The form (outside the listing's own form, which cannot hold another) the controls belong to. */
export const VIDEO_FORM_ID = "listing-video-form";

/**
 * The uploaded video file (the `videoListing` perk). With the perk and a saved listing: the file
 * it has, a file input and Upload / Remove, sent to the listing's video action through the form
 * VIDEO_FORM_ID names (a full page post, so it works without JavaScript too). With the perk on a
 * new listing: how to add one once saved. Without it: the refusal's sentence and a link to plans.
 */
export function VideoFileSection({
  state,
  listingId,
}: {
  state: VideoFormState;
  listingId: number | null;
}) {
  const t = useT();
  return (
    <FormSection title={t("publish.video.title")} icon={<Film aria-hidden className="size-5" />}>
      {!state.allowed ? (
        <div className="space-y-3" data-testid="video-locked">
          <p className="text-secondary">{state.message}</p>
          {state.kept && <p className="text-sm text-muted">{t("publish.video.hidden")}</p>}
          <Link
            to="/dashboard/premium-plans"
            className={buttonVariants({ variant: "outline", size: "md" })}
          >
            {t("publish.video.plansLink")}
          </Link>
        </div>
      ) : listingId === null ? (
        <p className="text-sm text-muted">{t("publish.video.afterSave")}</p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted">{t("publish.video.helper")}</p>
          {state.current ? (
            <div className="space-y-2">
              <p className="text-sm font-medium text-ink">
                {t("publish.video.current", {
                  size: (state.current.bytes / 1024 / 1024).toFixed(1),
                })}
              </p>
              <video
                controls
                preload="metadata"
                className="aspect-video w-full max-w-md rounded-lg bg-ink"
                aria-label={t("publish.video.title")}
              >
                <source src={state.current.url} type={state.current.type} />
              </video>
            </div>
          ) : (
            <p className="text-sm text-muted">{t("publish.video.none")}</p>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <label className="block text-sm font-medium text-ink">
              {t("publish.video.label")}
              <input
                type="file"
                name="video"
                accept={VIDEO_ACCEPT}
                form={VIDEO_FORM_ID}
                className="mt-1 block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-primary-tint file:px-3 file:py-2 file:font-medium file:text-primary-deep"
              />
            </label>
            <Button type="submit" name="intent" value="upload" form={VIDEO_FORM_ID}>
              {t("publish.video.upload")}
            </Button>
            {state.current && (
              <Button
                type="submit"
                name="intent"
                value="remove"
                variant="outline"
                form={VIDEO_FORM_ID}
              >
                {t("publish.video.remove")}
              </Button>
            )}
          </div>
        </div>
      )}
    </FormSection>
  );
}

/** The empty form the section's controls submit: it must sit outside the listing's form. */
export function VideoFileForm({ listingId }: { listingId: number }) {
  return (
    <form
      id={VIDEO_FORM_ID}
      method="post"
      action={`/listing/${listingId}/video`}
      encType="multipart/form-data"
      hidden
    />
  );
}
