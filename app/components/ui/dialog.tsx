import * as RadixDialog from "@radix-ui/react-dialog";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn.ts";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const overlayVariants = cva("fixed inset-0 z-50", {
  variants: {
    side: {
      center: "bg-scrim/60 backdrop-blur-[2px]",
      left: "bg-black/60 transition-opacity duration-300 starting:opacity-0",
    },
  },
  defaultVariants: { side: "center" },
});

/**
 * `center`: a sheet from the bottom on phones, a centred box from `sm` up. `left`: a drawer that
 * slides in from the left.
 */
const contentVariants = cva("fixed z-50 bg-surface shadow-2xl", {
  variants: {
    side: {
      center:
        "inset-x-0 bottom-0 rounded-t-2xl p-5 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
      left: "inset-y-0 left-0 flex w-[min(24rem,88vw)] flex-col transition-transform duration-300 ease-out starting:-translate-x-full focus:outline-none",
    },
  },
  defaultVariants: { side: "center" },
});

/**
 * The dialog's box over a dimmed page. `portal={false}` renders it in place, for a dialog the
 * server renders open (a portal only appears once JavaScript runs).
 */
export function DialogContent({
  side,
  portal = true,
  overlay,
  className,
  ...props
}: React.ComponentProps<typeof RadixDialog.Content> &
  VariantProps<typeof contentVariants> & {
    portal?: boolean;
    /** Props for the dimmed backdrop (a test may find it by its test id). */
    overlay?: React.ComponentProps<typeof RadixDialog.Overlay> & { "data-testid"?: string };
  }) {
  const box = (
    <>
      <RadixDialog.Overlay
        {...overlay}
        className={cn(overlayVariants({ side }), overlay?.className)}
      />
      <RadixDialog.Content className={cn(contentVariants({ side }), className)} {...props} />
    </>
  );
  return portal ? <RadixDialog.Portal>{box}</RadixDialog.Portal> : box;
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn("text-lg font-bold text-ink", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof RadixDialog.Description>) {
  return (
    <RadixDialog.Description className={cn("mt-1 text-sm text-muted", className)} {...props} />
  );
}
