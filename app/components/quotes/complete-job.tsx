import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { JobView } from "../../lib/schemas/quotes.ts";
import { Button, buttonVariants } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { DialogTrigger } from "../ui/dialog.tsx";
import { useAmountText } from "./quote-badges.tsx";

/** Where the job's forms post: the quotes resource route, which answers with a redirect. */
const QUOTES_ACTION = "/quotes";

/**
 * Whether the viewer may mark the job completed: the client once they paid for it online (then
 * it releases the money), the professional when it was not paid online. The quotes service holds
 * the same rule.
 */
export function mayComplete(job: JobView): boolean {
  if (job.status !== "accepted") return false;
  return job.side === "client" ? job.payment.paid : !job.payment.paid;
}

function Fields({ job, back }: { job: JobView; back: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="complete-job" />
      <input type="hidden" name="jobId" value={job.id} />
      <input type="hidden" name="redirectTo" value={back} />
    </>
  );
}

/**
 * "Mark as completed" behind a confirmation: completing is final, and for a paid job it releases
 * the client's money to the professional. Before JavaScript the confirmation opens in place.
 */
export function CompleteJobButton({ job, back }: { job: JobView; back: string }) {
  const t = useT();
  const money = useAmountText();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  if (!mayComplete(job)) return null;
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "complete-job" &&
    navigation.formData.get("jobId") === String(job.id);
  const title = t("quotes.panel.job.completeTitle");
  const description = job.payment.paid
    ? t("quotes.panel.job.completeReleases", {
        amount: money(job.payment.totalUsdCents),
        name: job.professional.name,
      })
    : t("quotes.panel.job.completeUnpaid", { name: job.client.name });
  const label = t("quotes.panel.job.completeLabel", { title: job.listingTitle });

  if (!hydrated) {
    return (
      <details className="w-full sm:w-auto">
        <summary
          aria-label={label}
          className={cn(buttonVariants({ size: "md" }), "w-full cursor-pointer list-none gap-1.5")}
        >
          <CircleCheck aria-hidden className="size-4" />
          {t("quotes.panel.job.complete")}
        </summary>
        <Form
          method="post"
          action={QUOTES_ACTION}
          className="mt-2 space-y-3 rounded-xl border border-line bg-surface p-4"
        >
          <Fields job={job} back={back} />
          <p className="font-semibold text-ink">{title}</p>
          <p className="text-sm text-secondary">{description}</p>
          <Button type="submit" size="md" disabled={busy} className="w-full sm:w-auto">
            {t("quotes.panel.job.completeConfirm")}
          </Button>
        </Form>
      </details>
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <DialogTrigger
          aria-label={label}
          className={cn(buttonVariants({ size: "md" }), "w-full gap-1.5 sm:w-auto")}
        >
          <CircleCheck aria-hidden className="size-4" />
          {t("quotes.panel.job.complete")}
        </DialogTrigger>
      }
      title={title}
      description={description}
      action={QUOTES_ACTION}
      cancelLabel={t("quotes.panel.job.completeKeep")}
      confirmLabel={t("quotes.panel.job.completeConfirm")}
      pending={busy}
      variant="primary"
      size="md"
      confirmClassName="w-full sm:w-auto"
    >
      <Fields job={job} back={back} />
    </ConfirmDialog>
  );
}
