import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { cn } from "../../lib/cn.ts";
import { cardVariants } from "./card.tsx";

type Align = "start" | "center" | "end";

/** The gap kept between an opened panel and the viewport's edges, in pixels. */
const EDGE = 8;

function supportsPopover(): boolean {
  return typeof HTMLElement !== "undefined" && "showPopover" in HTMLElement.prototype;
}

/** Puts the panel under its trigger, aligned as asked and kept inside the viewport. */
function place(trigger: HTMLElement, panel: HTMLElement, align: Align, offset: number) {
  const anchor = trigger.getBoundingClientRect();
  const width = panel.offsetWidth;
  const viewport = document.documentElement.clientWidth;
  const wanted =
    align === "end"
      ? anchor.right - width
      : align === "center"
        ? anchor.left + (anchor.width - width) / 2
        : anchor.left;
  const left = Math.max(EDGE, Math.min(wanted, viewport - width - EDGE));
  panel.style.left = `${left}px`;
  panel.style.top = `${anchor.bottom + offset}px`;
}

/**
 * A button that opens a panel below it: the browser's own popover (light dismiss, Escape, the top
 * layer), so it costs no library. The panel's content is rendered only while it is open, so a
 * long list (54 currencies) is not in every page's HTML; like any control that needs JavaScript,
 * the button works once the page has hydrated. Where the browser has no popover support the
 * button toggles the panel itself (see the `data-open` rule in app.css).
 */
export function Popover({
  label,
  trigger,
  triggerClassName,
  align = "start",
  sideOffset = 8,
  className,
  children,
}: {
  /** The trigger's accessible name. */
  label: string;
  /** What the trigger shows. */
  trigger: React.ReactNode;
  triggerClassName?: string;
  align?: Align;
  sideOffset?: number;
  className?: string;
  /** The panel's content; `close` hides it (after a choice, say). */
  children: (close: () => void) => React.ReactNode;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const trigger = triggerRef.current;
    const panel = panelRef.current;
    if (!trigger || !panel || !supportsPopover()) return;
    // Set here rather than as markup, so a tap before hydration does not open an empty panel.
    trigger.popoverTargetElement = panel;
    // The content is rendered before the panel shows, so it never opens empty.
    const beforeToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") flushSync(() => setOpen(true));
    };
    const toggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "closed") setOpen(false);
    };
    panel.addEventListener("beforetoggle", beforeToggle);
    panel.addEventListener("toggle", toggle);
    return () => {
      panel.removeEventListener("beforetoggle", beforeToggle);
      panel.removeEventListener("toggle", toggle);
    };
  }, []);

  useEffect(() => {
    const trigger = triggerRef.current;
    const panel = panelRef.current;
    if (!open || !trigger || !panel) return;
    const follow = () => place(trigger, panel, align, sideOffset);
    follow();
    window.addEventListener("scroll", follow, { passive: true, capture: true });
    window.addEventListener("resize", follow);
    return () => {
      window.removeEventListener("scroll", follow, { capture: true });
      window.removeEventListener("resize", follow);
    };
  }, [open, align, sideOffset]);

  // A browser without popovers gets the expanded state from the button's own toggle; one with
  // them exposes it itself from the popover target.
  useEffect(() => {
    if (!supportsPopover()) triggerRef.current?.setAttribute("aria-expanded", String(open));
  }, [open]);

  // `close` only says so; the browser's popover is hidden here, after it had been shown.
  const shown = useRef(false);
  useEffect(() => {
    const panel = panelRef.current;
    if (open) shown.current = true;
    else if (shown.current && supportsPopover() && panel?.matches(":popover-open")) {
      panel.hidePopover();
    }
  }, [open]);
  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        onClick={supportsPopover() ? undefined : () => setOpen((was) => !was)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      <div
        ref={panelRef}
        popover="auto"
        data-open={open || undefined}
        className={cn(
          cardVariants({ elevated: false }),
          "fixed inset-auto z-50 m-0 p-1.5 text-left text-stone-900 shadow-xl",
          className,
        )}
      >
        {open && children(close)}
      </div>
    </>
  );
}
