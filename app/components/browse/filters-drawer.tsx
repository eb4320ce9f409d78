import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";

/**
 * Filters on small screens: a panel sliding in from the left over a dark backdrop. Radix keeps
 * focus inside, closes on Escape and on a click on the backdrop, and gives focus back to the
 * Filters button.
 */
export function FiltersDrawer({
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Filters button: it opens the drawer without being a Radix trigger (it is a link). */
  returnFocusTo: React.RefObject<HTMLElement | null>;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="filters-backdrop"
          className="fixed inset-0 z-50 bg-black/60 transition-opacity duration-300 starting:opacity-0 lg:hidden"
        />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(24rem,88vw)] flex-col bg-white shadow-2xl transition-transform duration-300 ease-out starting:-translate-x-full focus:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold text-stone-900">
              {t("browse.filters.title")}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t("browse.filters.close")}
              className="-mr-1 inline-flex size-10 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
