import { Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import { Form, Link, useFetcher } from "react-router";
import { useAnsweredDialog } from "../../hooks/use-answered-dialog.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { SELECTABLE_ROLES, type Role } from "../../lib/roles.ts";
import type { UserRights } from "../../lib/schemas/admin-users.ts";
import type { SuspensionState } from "../../lib/schemas/suspensions.ts";
import {
  liftButton,
  LiftSuspensionDialog,
  SuspendPanel,
  suspendButton,
  SuspendUserDialog,
} from "./suspend-actions.tsx";
import { MAX_NAME_LENGTH } from "../../lib/schemas/profile.ts";
import { buttonVariants } from "../ui/button.tsx";
import { ConfirmDialog, WarningSign } from "../ui/confirm-dialog.tsx";
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

/** An account as the Users tab shows and changes it. */
export interface ManagedUser {
  id: string;
  name: string;
  email: string;
  role: Role | null;
  /** The suspension or ban in force, or null. */
  suspension: SuspensionState | null;
  /** What the viewer may do with it, as the users service decides. */
  may: UserRights;
}

export const USERS_PATH = "/dashboard/user-management";

const editButton = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5");
const deleteButton = cn(buttonVariants({ variant: "dangerOutline", size: "sm" }), "gap-1.5");
const quietButton = buttonVariants({ variant: "outline", size: "lg" });

/** Edit and Delete for one row: dialogs once scripts run, links to the page's own forms before. */
export function UserRowActions({
  user,
  returnTo,
  editHref,
  deleteHref,
  suspendHref,
  openEdit,
  openDelete,
}: {
  user: ManagedUser;
  returnTo: string;
  editHref: string;
  deleteHref: string;
  /** The page's own suspension form (or lift question) for this account, before scripts run. */
  suspendHref: string;
  openEdit: boolean;
  openDelete: boolean;
}) {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <div className="flex flex-wrap gap-2">
        <Link
          to={editHref}
          aria-label={t("dashboard.users.editLabel", { name: user.name })}
          className={editButton}
        >
          <Pencil aria-hidden className="size-4" />
          {t("dashboard.users.edit")}
        </Link>
        {user.may.suspend && (
          <Link
            to={suspendHref}
            aria-label={
              user.suspension
                ? t("suspensions.admin.liftLabel", { name: user.name })
                : t("suspensions.admin.suspendLabel", { name: user.name })
            }
            className={user.suspension ? liftButton : suspendButton}
          >
            {user.suspension ? t("suspensions.admin.lift") : t("suspensions.admin.suspend")}
          </Link>
        )}
        {user.may.delete && (
          <Link
            to={deleteHref}
            aria-label={t("dashboard.users.deleteLabel", { name: user.name })}
            className={deleteButton}
          >
            <Trash2 aria-hidden className="size-4" />
            {t("dashboard.users.delete")}
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <EditUserDialog user={user} returnTo={returnTo} openFromUrl={openEdit} />
      {user.may.suspend &&
        (user.suspension ? (
          <LiftSuspensionDialog user={user} action={USERS_PATH} returnTo={returnTo} />
        ) : (
          <SuspendUserDialog user={user} action={USERS_PATH} returnTo={returnTo} />
        ))}
      {user.may.delete && (
        <DeleteUserDialog user={user} returnTo={returnTo} openFromUrl={openDelete} />
      )}
    </div>
  );
}

function EditUserDialog({
  user,
  returnTo,
  openFromUrl,
}: {
  user: ManagedUser;
  returnTo: string;
  openFromUrl: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const { open, setOpen } = useAnsweredDialog(busy, { open: openFromUrl, closeTo: returnTo });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        aria-label={t("dashboard.users.editLabel", { name: user.name })}
        className={editButton}
      >
        <Pencil aria-hidden className="size-4" />
        {t("dashboard.users.edit")}
      </DialogTrigger>
      <DialogContent className="pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6">
        <DialogTitle>{t("dashboard.users.editTitle")}</DialogTitle>
        <DialogDescription>
          {t("dashboard.users.editDescription", { email: user.email })}
        </DialogDescription>
        <fetcher.Form method="post" action={USERS_PATH} preventScrollReset className="mt-4">
          <EditFields user={user} returnTo={returnTo} />
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose className={quietButton} disabled={busy}>
              {t("dashboard.users.cancel")}
            </DialogClose>
            <button type="submit" disabled={busy} className={buttonVariants({ size: "lg" })}>
              {busy ? t("dashboard.users.saving") : t("dashboard.users.save")}
            </button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteUserDialog({
  user,
  returnTo,
  openFromUrl,
}: {
  user: ManagedUser;
  returnTo: string;
  openFromUrl: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const { open, setOpen } = useAnsweredDialog(busy, { open: openFromUrl, closeTo: returnTo });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <DialogTrigger
          aria-label={t("dashboard.users.deleteLabel", { name: user.name })}
          className={deleteButton}
        >
          <Trash2 aria-hidden className="size-4" />
          {t("dashboard.users.delete")}
        </DialogTrigger>
      }
      title={t("dashboard.users.deleteConfirm")}
      description={t("dashboard.users.deleteDescription", { name: user.name, email: user.email })}
      warning
      form={fetcher.Form}
      action={USERS_PATH}
      preventScrollReset
      cancelLabel={t("dashboard.users.cancel")}
      confirmLabel={t("dashboard.users.confirmDelete")}
      pendingLabel={t("dashboard.users.deleting")}
      pending={busy}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </ConfirmDialog>
  );
}

function EditFields({ user, returnTo }: { user: ManagedUser; returnTo: string }) {
  const t = useT();
  const nameId = useId();
  const roleId = useId();
  return (
    <div className="space-y-4">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div>
        <Label htmlFor={nameId}>{t("dashboard.users.fullName")}</Label>
        <Input
          id={nameId}
          name="name"
          defaultValue={user.name}
          required
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
        />
      </div>
      <div>
        <Label htmlFor={roleId}>{t("dashboard.users.role")}</Label>
        {!user.may.changeRole ? (
          <p id={roleId} className="text-sm text-muted">
            {user.role ? t(`auth.badge.${user.role}`) : t("dashboard.users.noRole")} ·{" "}
            {user.role === "admin"
              ? t("dashboard.users.adminRoleNote")
              : t("dashboard.users.selfRoleNote")}
          </p>
        ) : (
          <Select id={roleId} name="role" defaultValue={user.role ?? ""}>
            {user.role === null && (
              <option value="" disabled>
                {t("dashboard.users.noRole")}
              </option>
            )}
            {SELECTABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`auth.badge.${role}`)}
              </option>
            ))}
          </Select>
        )}
      </div>
    </div>
  );
}

/** Before scripts run: the form or question a row's link asked for, written out on the page. */
export function UserPanel({
  user,
  mode,
  returnTo,
}: {
  user: ManagedUser;
  mode: "edit" | "delete" | "suspend" | "lift";
  returnTo: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const titleId = useId();
  // With scripts the row's own dialog opens instead (`openFromUrl`).
  if (hydrated) return null;
  if (mode === "suspend" || mode === "lift") {
    return <SuspendPanel user={user} mode={mode} action={USERS_PATH} returnTo={returnTo} />;
  }
  const cancel = (
    <Link to={returnTo} replace preventScrollReset className={quietButton}>
      {t("dashboard.users.cancel")}
    </Link>
  );
  if (mode === "edit") {
    return (
      <section
        id="user-panel"
        aria-labelledby={titleId}
        className="mb-5 scroll-mt-24 rounded-xl border border-line bg-surface p-5"
      >
        <SectionHeading as="h3" id={titleId} size="sm">
          {t("dashboard.users.editTitle")}
        </SectionHeading>
        <p className="mt-1 text-sm text-muted">
          {t("dashboard.users.editDescription", { email: user.email })}
        </p>
        <Form method="post" action={USERS_PATH} className="mt-4">
          <EditFields user={user} returnTo={returnTo} />
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {cancel}
            <button type="submit" className={buttonVariants({ size: "lg" })}>
              {t("dashboard.users.save")}
            </button>
          </div>
        </Form>
      </section>
    );
  }
  return (
    <section
      id="user-panel"
      role="alertdialog"
      aria-labelledby={titleId}
      className="mb-5 scroll-mt-24 rounded-xl border border-danger-pale bg-danger-tint/60 p-5"
    >
      <div className="flex items-start gap-3">
        <WarningSign />
        <div>
          <SectionHeading as="h3" id={titleId} size="sm">
            {t("dashboard.users.deleteConfirm")}
          </SectionHeading>
          <p className="mt-1.5 text-sm leading-relaxed text-secondary">
            {t("dashboard.users.deleteDescription", { name: user.name, email: user.email })}
          </p>
        </div>
      </div>
      <Form
        method="post"
        action={USERS_PATH}
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        {cancel}
        <button type="submit" className={buttonVariants({ variant: "danger", size: "lg" })}>
          {t("dashboard.users.confirmDelete")}
        </button>
      </Form>
    </section>
  );
}
