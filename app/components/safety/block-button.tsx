import { Ban, UserCheck } from "lucide-react";
import { Form, useFetcher, useNavigation } from "react-router";
import { useAnsweredDialog } from "../../hooks/use-answered-dialog.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { Button, buttonVariants } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { DialogTrigger } from "../ui/dialog.tsx";

/** Where blocking posts (routes/resources/blocks.ts). */
const ACTION = "/blocks";

const blockClass = cn(buttonVariants({ variant: "dangerOutline", size: "sm" }), "gap-1.5");
const unblockClass = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5");

function Hidden({
  userId,
  redirectTo,
  intent,
}: {
  userId: string;
  redirectTo: string;
  intent: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

/**
 * "Block this person" behind a confirmation, or "Unblock" when they are blocked. Both post to
 * the blocks resource route, which comes back to `redirectTo` with a toast. Before JavaScript the
 * confirmation opens in place under the button.
 */
export function BlockButton({
  userId,
  name,
  blocked,
  redirectTo,
  className,
}: {
  userId: string;
  /** The person's name, in the confirmation and the buttons' accessible names. */
  name: string;
  blocked: boolean;
  /** The page to come back to (a path on this site). */
  redirectTo: string;
  className?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();

  if (blocked) {
    const pending =
      navigation.state !== "idle" &&
      navigation.formAction === ACTION &&
      navigation.formData?.get("userId") === userId;
    return (
      <Form method="post" action={ACTION} className={className}>
        <Hidden userId={userId} redirectTo={redirectTo} intent="unblock" />
        <button
          type="submit"
          disabled={pending}
          aria-label={t("safety.block.unblockLabel", { name })}
          className={unblockClass}
        >
          <UserCheck aria-hidden className="size-4" />
          {t("safety.block.unblock")}
        </button>
      </Form>
    );
  }

  if (!hydrated) {
    return (
      <details className={cn("w-full sm:w-auto", className)}>
        <summary
          aria-label={t("safety.block.blockLabel", { name })}
          className={cn(blockClass, "cursor-pointer list-none")}
        >
          <Ban aria-hidden className="size-4" />
          {t("safety.block.block")}
        </summary>
        <form
          method="post"
          action={ACTION}
          className="mt-2 space-y-3 rounded-xl border border-danger-pale bg-danger-tint/60 p-4"
        >
          <Hidden userId={userId} redirectTo={redirectTo} intent="block" />
          <p className="font-semibold text-ink">{t("safety.block.confirmTitle", { name })}</p>
          <p className="text-sm text-secondary">{t("safety.block.confirmDescription")}</p>
          <Button type="submit" variant="danger" size="md">
            {t("safety.block.confirm")}
          </Button>
        </form>
      </details>
    );
  }

  return <ConfirmBlock userId={userId} name={name} redirectTo={redirectTo} className={className} />;
}

function ConfirmBlock({
  userId,
  name,
  redirectTo,
  className,
}: {
  userId: string;
  name: string;
  redirectTo: string;
  className?: string;
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
          aria-label={t("safety.block.blockLabel", { name })}
          className={cn(blockClass, className)}
        >
          <Ban aria-hidden className="size-4" />
          {t("safety.block.block")}
        </DialogTrigger>
      }
      title={t("safety.block.confirmTitle", { name })}
      description={t("safety.block.confirmDescription")}
      form={fetcher.Form}
      action={ACTION}
      cancelLabel={t("safety.block.cancel")}
      confirmLabel={t("safety.block.confirm")}
      pending={busy}
    >
      <Hidden userId={userId} redirectTo={redirectTo} intent="block" />
    </ConfirmDialog>
  );
}
