import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { MAX_REVIEW_BODY } from "../../lib/conversation-values.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants, SubmitButton } from "../ui/button.tsx";
import { labelClass } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { REVIEWS_ACTION } from "./reviews-action.ts";

/**
 * The lister's one reply to a review, folded under a Reply button (a disclosure that opens
 * without JavaScript). It posts to the reviews resource route and comes back to `redirectTo`.
 */
export function ReplyForm({
  reviewId,
  authorName,
  redirectTo,
}: {
  reviewId: number;
  authorName: string;
  redirectTo: string;
}) {
  const t = useT();
  const id = useId();
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction === REVIEWS_ACTION &&
    navigation.formData?.get("reviewId") === String(reviewId);
  return (
    <details className="group mt-3">
      <summary
        aria-label={t("reviews.reply.openLabel", { name: authorName })}
        className={cn(
          buttonVariants({ variant: "brandOutline", size: "sm" }),
          "w-fit cursor-pointer list-none group-open:hidden [&::-webkit-details-marker]:hidden",
        )}
      >
        {t("reviews.reply.open")}
      </summary>
      <Form method="post" action={REVIEWS_ACTION} className="space-y-3">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div>
          <label htmlFor={`${id}-reply`} className={labelClass}>
            {t("reviews.reply.label")}
          </label>
          <Textarea
            id={`${id}-reply`}
            name="reply"
            rows={3}
            required
            maxLength={MAX_REVIEW_BODY}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-subtle">
            {t("reviews.reply.hint")}
          </p>
        </div>
        <SubmitButton
          pending={pending}
          label={t("reviews.reply.submit")}
          pendingLabel={t("reviews.reply.submitting")}
          size="sm"
          className="sm:w-auto"
        />
      </Form>
    </details>
  );
}
