import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { MAX_RATING, MAX_REVIEW_BODY, MIN_RATING } from "../../lib/conversation-values.ts";
import { labelClass } from "../ui/input.tsx";
import { Icon } from "../ui/icon.tsx";
import { SubmitButton } from "../ui/button.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { REVIEWS_ACTION } from "./reviews-action.ts";

const RATINGS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);

/**
 * The review of one completed booking or job: a rating from 1 to 5 (a radio group with its
 * legend) and the text. It posts to the reviews resource route, which comes back to
 * `redirectTo` with a toast, with or without JavaScript.
 */
export function ReviewForm({
  bookingId,
  jobId,
  redirectTo,
}: {
  bookingId?: number;
  jobId?: number;
  redirectTo: string;
}) {
  const t = useT();
  const id = useId();
  const navigation = useNavigation();
  const source = bookingId !== undefined ? "bookingId" : "jobId";
  const sourceId = String(bookingId ?? jobId);
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction === REVIEWS_ACTION &&
    navigation.formData?.get(source) === sourceId;
  return (
    <Form method="post" action={REVIEWS_ACTION} className="space-y-4">
      <input type="hidden" name="intent" value="write" />
      <input type="hidden" name={source} value={sourceId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <fieldset aria-describedby={`${id}-rating-hint`}>
        <legend className={labelClass}>{t("reviews.form.legend")}</legend>
        <div className="grid max-w-xs grid-cols-5 gap-2">
          {RATINGS.map((rating) => (
            <label key={rating} className="relative cursor-pointer">
              <input type="radio" name="rating" value={rating} required className="peer sr-only" />
              <span
                aria-hidden
                className="flex h-11 items-center justify-center gap-1 rounded-lg border border-line-strong bg-surface text-sm font-semibold text-secondary peer-checked:border-accent-mid peer-checked:bg-accent-tint peer-checked:text-accent-strong peer-focus-visible:ring-2 peer-focus-visible:ring-primary-vivid/40 hover:bg-canvas"
              >
                <Icon name="star" className="size-4 fill-accent-bright text-accent-bright" />
                {rating}
              </span>
              <span className="sr-only">{t("reviews.form.star", { count: rating })}</span>
            </label>
          ))}
        </div>
        <p id={`${id}-rating-hint`} className="mt-1 text-xs text-subtle">
          {t("reviews.form.ratingHint")}
        </p>
      </fieldset>
      <div>
        <label htmlFor={`${id}-body`} className={labelClass}>
          {t("reviews.form.body")}
        </label>
        <Textarea
          id={`${id}-body`}
          name="body"
          rows={4}
          required
          maxLength={MAX_REVIEW_BODY}
          aria-describedby={`${id}-body-hint`}
        />
        <p id={`${id}-body-hint`} className="mt-1 text-xs text-subtle">
          {t("reviews.form.bodyHint")}
        </p>
      </div>
      <SubmitButton
        pending={pending}
        label={t("reviews.form.submit")}
        pendingLabel={t("reviews.form.submitting")}
        size="md"
        className="sm:w-auto"
      />
    </Form>
  );
}
