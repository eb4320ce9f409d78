import { Ban, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { useAnsweredDialog } from "../../hooks/use-answered-dialog.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { MAX_SUSPENSION_REASON } from "../../lib/schemas/suspensions.ts";
import { buttonVariants } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { Input, Label } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** The account a Suspend or Lift button acts on. */
export interface SuspendableUser {
  id: string;
  name: string;
  email: string;
}

export const suspendButton = cn(
  buttonVariants({ variant: "dangerOutline", size: "sm" }),
  "gap-1.5",
);
export const liftButton = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5");

/** A week from now, on the minute, as the date-time field shows it (UTC). */
function aWeekFromNow(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16);
}

/** Suspend until a date, or ban, with a reason the person reads: the Users tab's dialog. */
export function SuspendUserDialog({
  user,
  action,
  returnTo,
}: {
  user: SuspendableUser;
  action: string;
  returnTo: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const { open, setOpen } = useAnsweredDialog(busy);
  const [kind, setKind] = useState<"suspend" | "ban">("suspend");
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        aria-label={t("suspensions.admin.suspendLabel", { name: user.name })}
        className={suspendButton}
      >
        <Ban aria-hidden className="size-4" />
        {t("suspensions.admin.suspend")}
      </DialogTrigger>
      <DialogContent className="pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6">
        <DialogTitle>{t("suspensions.admin.title", { name: user.name })}</DialogTitle>
        <DialogDescription className="leading-relaxed">
          {t("suspensions.admin.description", { rule: t("suspensions.rule") })}
        </DialogDescription>
        <fetcher.Form method="post" action={action} preventScrollReset className="mt-4 space-y-4">
          <SuspendFields user={user} returnTo={returnTo} kind={kind} onKind={setKind} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose
              className={buttonVariants({ variant: "outline", size: "lg" })}
              disabled={busy}
            >
              {t("suspensions.admin.cancel")}
            </DialogClose>
            <button
              type="submit"
              disabled={busy}
              className={buttonVariants({ variant: "danger", size: "lg" })}
            >
              {busy
                ? t("suspensions.admin.working")
                : kind === "ban"
                  ? t("suspensions.admin.confirmBan")
                  : t("suspensions.admin.confirm")}
            </button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The decision's fields. With scripts the end is asked only for a suspension (`onKind`); before
 * them it is always there, and a ban ignores it.
 */
function SuspendFields({
  user,
  returnTo,
  kind,
  onKind,
}: {
  user: SuspendableUser;
  returnTo: string;
  kind?: "suspend" | "ban";
  onKind?: (kind: "suspend" | "ban") => void;
}) {
  const t = useT();
  const kindId = useId();
  const untilId = useId();
  const reasonId = useId();
  return (
    <>
      <input type="hidden" name="intent" value="suspend" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div>
        <Label htmlFor={kindId}>{t("suspensions.admin.kind")}</Label>
        <Select
          id={kindId}
          name="kind"
          {...(onKind
            ? {
                value: kind,
                onChange: (event: React.ChangeEvent<HTMLSelectElement>) =>
                  onKind(event.target.value === "ban" ? "ban" : "suspend"),
              }
            : { defaultValue: "suspend" })}
        >
          <option value="suspend">{t("suspensions.admin.kindSuspend")}</option>
          <option value="ban">{t("suspensions.admin.kindBan")}</option>
        </Select>
      </div>
      {kind !== "ban" && (
        <div>
          <Label htmlFor={untilId}>{t("suspensions.admin.until")}</Label>
          <Input
            id={untilId}
            name="until"
            type="datetime-local"
            required={onKind !== undefined}
            defaultValue={aWeekFromNow()}
          />
        </div>
      )}
      <div>
        <Label htmlFor={reasonId}>{t("suspensions.admin.reason")}</Label>
        <Textarea id={reasonId} name="reason" rows={3} required maxLength={MAX_SUSPENSION_REASON} />
      </div>
    </>
  );
}

/** Before scripts run: the suspension form or the lift question, written out on the page. */
export function SuspendPanel({
  user,
  mode,
  action,
  returnTo,
}: {
  user: SuspendableUser;
  mode: "suspend" | "lift";
  action: string;
  returnTo: string;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <section
      id="user-panel"
      aria-labelledby={titleId}
      className="mb-5 scroll-mt-24 rounded-xl border border-line bg-surface p-5"
    >
      <SectionHeading as="h3" id={titleId} size="sm">
        {mode === "suspend"
          ? t("suspensions.admin.title", { name: user.name })
          : t("suspensions.admin.liftTitle", { name: user.name })}
      </SectionHeading>
      <p className="mt-1 text-sm leading-relaxed text-muted">
        {mode === "suspend"
          ? t("suspensions.admin.description", { rule: t("suspensions.rule") })
          : t("suspensions.admin.liftDescription")}
      </p>
      <Form method="post" action={action} className="mt-4 space-y-4">
        {mode === "suspend" ? (
          <SuspendFields user={user} returnTo={returnTo} />
        ) : (
          <>
            <input type="hidden" name="intent" value="lift" />
            <input type="hidden" name="userId" value={user.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            to={returnTo}
            replace
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "lg" })}
          >
            {t("suspensions.admin.cancel")}
          </Link>
          <button
            type="submit"
            className={buttonVariants({
              variant: mode === "suspend" ? "danger" : "primary",
              size: "lg",
            })}
          >
            {mode === "suspend"
              ? t("suspensions.admin.confirm")
              : t("suspensions.admin.liftConfirm")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Lifting a suspension or ban in force, after a question. */
export function LiftSuspensionDialog({
  user,
  action,
  returnTo,
}: {
  user: SuspendableUser;
  action: string;
  returnTo: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const { open, setOpen } = useAnsweredDialog(busy);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <DialogTrigger
          aria-label={t("suspensions.admin.liftLabel", { name: user.name })}
          className={liftButton}
        >
          <Undo2 aria-hidden className="size-4" />
          {t("suspensions.admin.lift")}
        </DialogTrigger>
      }
      title={t("suspensions.admin.liftTitle", { name: user.name })}
      description={t("suspensions.admin.liftDescription")}
      form={fetcher.Form}
      action={action}
      preventScrollReset
      variant="primary"
      cancelLabel={t("suspensions.admin.cancel")}
      confirmLabel={t("suspensions.admin.liftConfirm")}
      pendingLabel={t("suspensions.admin.lifting")}
      pending={busy}
    >
      <input type="hidden" name="intent" value="lift" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </ConfirmDialog>
  );
}
