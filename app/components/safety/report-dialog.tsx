import { Flag } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { useAnsweredDialog } from "../../hooks/use-answered-dialog.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { type ReportTarget } from "../../lib/conversation-values.ts";
import { CONVERSATION_REPORT_REASONS } from "../../lib/report-reasons.ts";
import { MAX_REPORT_DETAILS } from "../../lib/safety-values.ts";
import { Button, buttonVariants } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { Label } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** Where the report posts (routes/resources/reports.ts). */
const ACTION = "/reports";

/** What this dialog reports: a listing has its own page (routes/site/listing-report.tsx). */
type DialogTarget = Exclude<ReportTarget, "listing">;

/** The form field that names each kind of thing reported. */
const ID_FIELD: Record<DialogTarget, string> = {
  conversation: "conversationId",
  message: "messageId",
  review: "reviewId",
  user: "userId",
};

const triggerClass = cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5");

/**
 * "Report conversation" (or person, review, message): a dialog with a reason and details, posted
 * to the reports resource route, which comes back to `redirectTo` with a toast (thanks, or why
 * it was not sent). Before JavaScript the same form opens in place under the button, so it works
 * without scripts too. The button's visible text is its whole name: beside another Report
 * button it says which is which, to everyone.
 */
export function ReportDialog({
  target,
  id,
  redirectTo,
  className,
}: {
  target: DialogTarget;
  id: string | number;
  /** The page to come back to (a path on this site). */
  redirectTo: string;
  className?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const { open, setOpen } = useAnsweredDialog(busy);
  const label = t(`safety.report.open.${target}`);

  if (!hydrated) {
    return (
      <details className={cn("group w-full sm:w-auto", className)}>
        <summary className={cn(triggerClass, "cursor-pointer list-none")}>
          <Flag aria-hidden className="size-4" />
          {label}
        </summary>
        <form
          method="post"
          action={ACTION}
          className="mt-2 space-y-3 rounded-xl border border-line bg-surface p-4"
        >
          <p className="font-semibold text-ink">{t(`safety.report.title.${target}`)}</p>
          <ReportFields target={target} id={id} redirectTo={redirectTo} />
          <Button type="submit" size="md">
            {t("safety.report.submit")}
          </Button>
        </form>
      </details>
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className={cn(triggerClass, className)}>
        <Flag aria-hidden className="size-4" />
        {label}
      </DialogTrigger>
      <DialogContent className="pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6">
        <DialogTitle>{t(`safety.report.title.${target}`)}</DialogTitle>
        <DialogDescription>{t("safety.report.description")}</DialogDescription>
        <fetcher.Form method="post" action={ACTION} className="mt-4 space-y-4">
          <ReportFields target={target} id={id} redirectTo={redirectTo} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose className={buttonVariants({ variant: "outline", size: "lg" })}>
              {t("safety.report.cancel")}
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy && (
                <span
                  aria-hidden
                  className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                />
              )}
              {busy ? t("safety.report.submitting") : t("safety.report.submit")}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function ReportFields({
  target,
  id,
  redirectTo,
}: {
  target: DialogTarget;
  id: string | number;
  redirectTo: string;
}) {
  const t = useT();
  const reasonId = useId();
  const detailsId = useId();
  return (
    <>
      <input type="hidden" name="target" value={target} />
      <input type="hidden" name={ID_FIELD[target]} value={String(id)} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div>
        <Label htmlFor={reasonId}>{t("safety.report.reason")}</Label>
        <Select id={reasonId} name="reason" required defaultValue="">
          <option value="" disabled>
            {t("safety.report.chooseReason")}
          </option>
          {CONVERSATION_REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`safety.reasons.${reason}`)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={detailsId}>{t("safety.report.details")}</Label>
        <Textarea
          id={detailsId}
          name="details"
          rows={4}
          maxLength={MAX_REPORT_DETAILS}
          aria-describedby={`${detailsId}-hint`}
        />
        <p id={`${detailsId}-hint`} className="mt-1 text-xs text-subtle">
          {t("safety.report.detailsHint")}
        </p>
      </div>
    </>
  );
}
