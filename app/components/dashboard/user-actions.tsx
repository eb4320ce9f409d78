import { AlertTriangle, Pencil, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { SELECTABLE_ROLES, type Role } from "../../lib/roles.ts";
import type { UserRights } from "../../lib/schemas/admin-users.ts";
import { MAX_NAME_LENGTH } from "../../lib/schemas/profile.ts";
import { buttonVariants } from "../ui/button.tsx";
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

/** An account as the Users tab shows and changes it. */
export interface ManagedUser {
  id: string;
  name: string;
  email: string;
  role: Role | null;
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
  openEdit,
  openDelete,
}: {
  user: ManagedUser;
  returnTo: string;
  editHref: string;
  deleteHref: string;
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
      {user.may.delete && (
        <DeleteUserDialog user={user} returnTo={returnTo} openFromUrl={openDelete} />
      )}
    </div>
  );
}

/**
 * A dialog whose form is sent by a fetcher: it closes when the answer is in (the toast says what
 * happened), and one opened from the URL (`?edit=`) goes back to the page without it.
 */
function useFetcherDialog(openFromUrl: boolean, returnTo: string) {
  const fetcher = useFetcher();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const busy = fetcher.state !== "idle";
  const [wasBusy, setWasBusy] = useState(false);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setOpened(false);
  }

  function setOpen(next: boolean) {
    if (busy) return;
    setOpened(next);
    if (!next && openFromUrl) navigate(returnTo, { replace: true, preventScrollReset: true });
  }
  return { fetcher, busy, open: opened || openFromUrl, setOpen };
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
  const { fetcher, busy, open, setOpen } = useFetcherDialog(openFromUrl, returnTo);
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
  const { fetcher, busy, open, setOpen } = useFetcherDialog(openFromUrl, returnTo);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        aria-label={t("dashboard.users.deleteLabel", { name: user.name })}
        className={deleteButton}
      >
        <Trash2 aria-hidden className="size-4" />
        {t("dashboard.users.delete")}
      </DialogTrigger>
      <DialogContent
        role="alertdialog"
        // As an alert dialog: a click outside does not dismiss it, and the safe choice has focus.
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          cancelRef.current?.focus();
        }}
        className="pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6"
      >
        <div className="flex items-start gap-3">
          <WarningIcon />
          <div>
            <DialogTitle>{t("dashboard.users.deleteConfirm")}</DialogTitle>
            <DialogDescription className="mt-1.5 leading-relaxed">
              {t("dashboard.users.deleteDescription", { name: user.name, email: user.email })}
            </DialogDescription>
          </div>
        </div>
        <fetcher.Form
          method="post"
          action={USERS_PATH}
          preventScrollReset
          className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <DialogClose ref={cancelRef} className={quietButton} disabled={busy}>
            {t("dashboard.users.cancel")}
          </DialogClose>
          <button
            type="submit"
            disabled={busy}
            className={buttonVariants({ variant: "danger", size: "lg" })}
          >
            {busy ? t("dashboard.users.deleting") : t("dashboard.users.confirmDelete")}
          </button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
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
          <p id={roleId} className="text-sm text-stone-600">
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

function WarningIcon() {
  return (
    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
      <AlertTriangle aria-hidden className="size-5" />
    </span>
  );
}

/** Before scripts run: the form or question a row's link asked for, written out on the page. */
export function UserPanel({
  user,
  mode,
  returnTo,
}: {
  user: ManagedUser;
  mode: "edit" | "delete";
  returnTo: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const titleId = useId();
  // With scripts the row's own dialog opens instead (`openFromUrl`).
  if (hydrated) return null;
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
        className="mb-5 scroll-mt-24 rounded-xl border border-stone-200 bg-white p-5"
      >
        <h3 id={titleId} className="text-lg font-bold text-stone-900">
          {t("dashboard.users.editTitle")}
        </h3>
        <p className="mt-1 text-sm text-stone-600">
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
      className="mb-5 scroll-mt-24 rounded-xl border border-red-200 bg-red-50/60 p-5"
    >
      <div className="flex items-start gap-3">
        <WarningIcon />
        <div>
          <h3 id={titleId} className="text-lg font-bold text-stone-900">
            {t("dashboard.users.deleteConfirm")}
          </h3>
          <p className="mt-1.5 text-sm leading-relaxed text-stone-700">
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
