import { AlertTriangle } from "lucide-react";
import { useRef } from "react";
import { Form } from "react-router";
import { cn } from "../../lib/cn.ts";
import { Button, buttonVariants } from "./button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "./dialog.tsx";

/** The form element that sends the answer: react-router's `Form`, or a fetcher's. */
type FormComponent = typeof Form;

/**
 * A question before an action: an alert dialog with a title, a description, and Cancel beside
 * the confirm button of a form that posts to `action` with `children` as its fields. Cancel has
 * the focus, so Enter never does what cannot be undone. A `warning` question (deleting something)
 * shows a warning sign, and a click outside does not dismiss it. While `pending` the dialog stays
 * open and the confirm button says `pendingLabel`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  warning = false,
  form: FormElement = Form,
  action,
  preventScrollReset,
  children,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending,
  variant = "danger",
  size = "lg",
  className,
  confirmClassName,
}: {
  open: boolean;
  onOpenChange: (next: boolean) => void;
  /** The `DialogTrigger` that opens the question. */
  trigger: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  warning?: boolean;
  form?: FormComponent;
  action: string;
  preventScrollReset?: boolean;
  /** The form's hidden fields. */
  children: React.ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel?: string;
  pending: boolean;
  variant?: "primary" | "danger";
  size?: "md" | "lg";
  className?: string;
  confirmClassName?: string;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const heading = (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className={cn("leading-relaxed", warning && "mt-1.5")}>
        {description}
      </DialogDescription>
    </>
  );
  const keepOutsideClicks = (event: Event) => event.preventDefault();

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger}
      <DialogContent
        role="alertdialog"
        onPointerDownOutside={warning ? keepOutsideClicks : undefined}
        onInteractOutside={warning ? keepOutsideClicks : undefined}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          cancelRef.current?.focus();
        }}
        className={cn("pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:p-6", className)}
      >
        {warning ? (
          <div className="flex items-start gap-3">
            <WarningSign />
            <div>{heading}</div>
          </div>
        ) : (
          heading
        )}
        <FormElement
          method="post"
          action={action}
          preventScrollReset={preventScrollReset}
          className={cn(
            "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
            warning ? "mt-6" : "mt-5",
          )}
        >
          {children}
          <DialogClose
            ref={cancelRef}
            disabled={pending}
            className={buttonVariants({ variant: "outline", size })}
          >
            {cancelLabel}
          </DialogClose>
          <Button
            type="submit"
            variant={variant}
            size={size}
            disabled={pending}
            className={confirmClassName}
          >
            {pending && pendingLabel && (
              <span
                aria-hidden
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            )}
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </FormElement>
      </DialogContent>
    </Dialog>
  );
}

/** The sign beside a warning question, also used where the question is written out in the page. */
export function WarningSign() {
  return (
    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger">
      <AlertTriangle aria-hidden className="size-5" />
    </span>
  );
}
