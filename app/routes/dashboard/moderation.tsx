import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { Route } from "./+types/moderation";
import { requirePermission } from "../../auth/guards.server.ts";
import { ListingRows } from "../../components/listings/listing-rows.tsx";
import { ListingSignals } from "../../components/listings/listing-signals.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { MAX_REASON_LENGTH } from "../../lib/listing-status.ts";
import { moderationInputSchema } from "../../lib/schemas/moderation.ts";
import { idSchema } from "../../lib/schemas/id.ts";
import {
  listModerationQueue,
  moderateListing,
  type ModerationRow,
} from "../../services/listings/moderation.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { answerAction, refusalText } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/moderation";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "listing:moderate");
  return {
    rows: await listModerationQueue(viewer),
    messages: pickMessages(["safety.paymentRule"]),
  };
}

/** Approve or reject: "Listing status updated to {status}." and an e-mail to the owner. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "listing:moderate");
  const form = Object.fromEntries(await readForm(request));
  const listingId = idSchema.safeParse(form.listingId);
  const parsed = moderationInputSchema.safeParse(form);
  if (!listingId.success || !parsed.success) throw new Response(null, { status: 400 });
  const input = parsed.data;
  const { decision } = input;
  return answerAction(
    () =>
      moderateListing({
        actor: viewer,
        listingId: listingId.data,
        decision,
        reason: input.decision === "rejected" ? input.reason : null,
      }),
    {
      success: () =>
        redirectWithToast(PATH, {
          title: "publish.moderation.updated",
          params: { status: decision },
        }),
      refused: (error) =>
        redirectWithToast(PATH, {
          title: "publish.moderation.updateFailed",
          description: "publish.moderation.updateFailedDescription",
          params: { message: refusalText(error) },
          variant: "destructive",
        }),
    },
  );
}

const approveClass = cn(buttonVariants({ size: "sm" }), "gap-1.5");
const rejectClass = cn(buttonVariants({ variant: "dangerOutline", size: "sm" }), "gap-1.5");

function ApproveButton({ row }: { row: ModerationRow }) {
  const t = useT();
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={PATH} preventScrollReset>
      <input type="hidden" name="decision" value="approved" />
      <input type="hidden" name="listingId" value={row.id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={t("publish.moderation.approveLabel", { title: row.title })}
        className={approveClass}
      >
        <Check aria-hidden className="size-4" />
        {t("publish.moderation.approve")}
      </button>
    </fetcher.Form>
  );
}

function ReasonField({ id }: { id: string }) {
  const t = useT();
  return (
    <>
      <Label htmlFor={id}>{t("publish.moderation.reason")}</Label>
      <Textarea
        id={id}
        name="reason"
        rows={3}
        maxLength={MAX_REASON_LENGTH}
        placeholder={t("publish.moderation.reasonPlaceholder")}
      />
    </>
  );
}

/** Reject with an optional reason: a dialog, or (before JavaScript) a disclosure in the row. */
function RejectButton({ row }: { row: ModerationRow }) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const busy = fetcher.state !== "idle";

  if (!hydrated) {
    return (
      <details className="w-full sm:w-auto">
        <summary className={cn(rejectClass, "cursor-pointer list-none")}>
          <X aria-hidden className="size-4" />
          {t("publish.moderation.reject")}
        </summary>
        <Form method="post" action={PATH} className="mt-2 space-y-2">
          <input type="hidden" name="decision" value="rejected" />
          <input type="hidden" name="listingId" value={row.id} />
          <ReasonField id={reasonId} />
          <Button type="submit" variant="danger" size="sm" className="gap-1.5">
            {t("publish.moderation.confirmReject")}
          </Button>
        </Form>
      </details>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger
        aria-label={t("publish.moderation.rejectLabel", { title: row.title })}
        className={rejectClass}
      >
        <X aria-hidden className="size-4" />
        {t("publish.moderation.reject")}
      </DialogTrigger>
      <DialogContent className="sm:p-6">
        <DialogTitle>{t("publish.moderation.rejectTitle")}</DialogTitle>
        <DialogDescription>
          {t("publish.moderation.rejectDescription", { title: row.title })}
        </DialogDescription>
        <fetcher.Form method="post" action={PATH} preventScrollReset className="mt-4 space-y-4">
          <input type="hidden" name="decision" value="rejected" />
          <input type="hidden" name="listingId" value={row.id} />
          <div>
            <ReasonField id={reasonId} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose className={buttonVariants({ variant: "outline", size: "lg" })}>
              {t("publish.actions.cancel")}
            </DialogClose>
            <button
              type="submit"
              disabled={busy}
              className={buttonVariants({ variant: "danger", size: "lg" })}
            >
              {t("publish.moderation.confirmReject")}
            </button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currency } = useRootData();
  const date = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
  return (
    <div>
      <SectionHeading className="mb-4">{t("dashboard.moderation.title")}</SectionHeading>
      {loaderData.rows.length > 0 ? (
        <ListingRows
          rows={loaderData.rows}
          currency={currency}
          showStatus
          details={(row) => (
            <>
              <p className="mt-1 truncate text-xs text-subtle">
                {t("publish.moderation.owner", { name: row.ownerName })} ·{" "}
                {t("publish.moderation.submitted", { date: date.format(new Date(row.createdAt)) })}
              </p>
              {row.hiddenByReports && (
                <p className="mt-1 text-xs text-warning-strong">
                  {t("publish.moderation.hiddenByReports")}{" "}
                  <Link to="/dashboard/reports" className="font-medium underline">
                    {t("dashboard.tabs.reports")}
                  </Link>
                </p>
              )}
              <ListingSignals
                signals={row.signals}
                title={row.title}
                currency={currency}
                returnTo={PATH}
              />
            </>
          )}
          actions={(row) => (
            <>
              <ApproveButton row={row} />
              <RejectButton row={row} />
            </>
          )}
        />
      ) : (
        <EmptyState
          title={t("dashboard.moderation.emptyTitle")}
          body={t("dashboard.moderation.emptyBody")}
        />
      )}
    </div>
  );
}
