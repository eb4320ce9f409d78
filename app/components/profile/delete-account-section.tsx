import { AlertTriangle, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { ProfileCard } from "./profile-card.tsx";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { ConfirmDialog, WarningSign } from "../ui/confirm-dialog.tsx";
import { DialogTrigger } from "../ui/dialog.tsx";

const INTENT = "delete-account";
/** Without JavaScript the confirmation is a page state: `?confirm=delete-account`. */
const CONFIRM_PARAM = "confirm";
const CONFIRM_VALUE = "delete-account";
const CONFIRM_ANCHOR = "confirm-delete-account";

const dangerButton = cn(buttonVariants({ variant: "danger" }), "shadow-sm");
const quietButton = buttonVariants({ variant: "outline" });

/**
 * The danger zone: Delete Account behind "Are you absolutely sure?". With JavaScript the question
 * is a modal alert dialog; before JavaScript the button is a link to the same page with the
 * question written out in the card, so the account can be deleted without scripts too.
 */
export function DeleteAccountSection() {
  const t = useT();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const inUrl = searchParams.get(CONFIRM_PARAM) === CONFIRM_VALUE;

  return (
    <ProfileCard
      icon={AlertTriangle}
      tone="danger"
      title={t("profile.danger.title")}
      description={t("profile.danger.description")}
    >
      {hydrated ? (
        <ConfirmDelete openFromUrl={inUrl} />
      ) : inUrl ? (
        <InlineConfirmation />
      ) : (
        <Link
          to={`?${CONFIRM_PARAM}=${CONFIRM_VALUE}#${CONFIRM_ANCHOR}`}
          preventScrollReset
          className={dangerButton}
        >
          <Trash2 aria-hidden className="size-4" />
          {t("profile.danger.delete")}
        </Link>
      )}
    </ProfileCard>
  );
}

function usePending(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT;
}

function ConfirmDelete({ openFromUrl }: { openFromUrl: boolean }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const pending = usePending();
  const [opened, setOpened] = useState(false);

  function setOpen(next: boolean) {
    setOpened(next);
    if (!next && openFromUrl)
      navigate(location.pathname, { replace: true, preventScrollReset: true });
  }

  return (
    <ConfirmDialog
      open={opened || openFromUrl}
      onOpenChange={setOpen}
      trigger={
        <DialogTrigger className={dangerButton}>
          <Trash2 aria-hidden className="size-4" />
          {t("profile.danger.delete")}
        </DialogTrigger>
      }
      title={t("profile.danger.confirmTitle")}
      description={t("profile.danger.confirmDescription")}
      warning
      action={location.pathname}
      cancelLabel={t("profile.danger.cancel")}
      confirmLabel={t("profile.danger.confirm")}
      pendingLabel={t("profile.danger.deleting")}
      pending={pending}
      className="sm:p-7"
      confirmClassName="shadow-sm"
    >
      <input type="hidden" name="intent" value={INTENT} />
    </ConfirmDialog>
  );
}

function InlineConfirmation() {
  const t = useT();
  const location = useLocation();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div
      id={CONFIRM_ANCHOR}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="scroll-mt-24 rounded-xl border border-danger-pale bg-danger-tint/60 p-4"
    >
      <div className="flex items-start gap-3">
        <WarningSign />
        <div>
          <h4 id={titleId} className="text-lg font-bold text-ink">
            {t("profile.danger.confirmTitle")}
          </h4>
          <p id={descriptionId} className="mt-1.5 text-sm leading-relaxed text-secondary">
            {t("profile.danger.confirmDescription")}
          </p>
        </div>
      </div>
      <Form
        method="post"
        action={location.pathname}
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <input type="hidden" name="intent" value={INTENT} />
        <Link to={location.pathname} replace preventScrollReset className={quietButton}>
          {t("profile.danger.cancel")}
        </Link>
        <button type="submit" className={dangerButton}>
          {t("profile.danger.confirm")}
        </button>
      </Form>
    </div>
  );
}
