import { Icon } from "../ui/icon.tsx";
import { useT } from "../../i18n/use-t.ts";
import { Dialog, DialogClose, DialogContent, DialogTitle } from "../ui/dialog.tsx";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        side="left"
        overlay={{ "data-testid": "filters-backdrop", className: "lg:hidden" }}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        className="lg:hidden"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <DialogTitle className="font-semibold">{t("browse.filters.title")}</DialogTitle>
          <DialogClose
            aria-label={t("browse.filters.close")}
            className="-mr-1 inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-muted"
          >
            <Icon name="x" className="size-5" />
          </DialogClose>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
