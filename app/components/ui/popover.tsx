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

/**
 * Puts the shown panel under its trigger, aligned as asked and kept inside the viewport; above
 * the trigger only when there is no room below and there is above. A hidden panel has no size
 * yet, so it only gets its room (see below) until it shows (see the ResizeObserver in Popover).
 */
function place(trigger: HTMLElement, panel: HTMLElement, align: Align, offset: number) {
  const anchor = trigger.getBoundingClientRect();
  const viewport = {
    width: document.documentElement.clientWidth,
    height: document.documentElement.clientHeight,
  };
  const below = anchor.bottom + offset;
  // The height of the roomier side, which the panel is kept to: no taller than this, it fits on
  // one side or the other without covering its trigger. It depends on the trigger alone, so it
  // is set before the panel shows and its size never changes from inside the size observer.
  const room = Math.max(viewport.height - EDGE - below, anchor.top - offset - EDGE);
  panel.style.setProperty("--popover-room", `${Math.floor(room)}px`);

  const { width, height } = panel.getBoundingClientRect();
  if (width === 0 || height === 0) return;
  const wanted =
    align === "end"
      ? anchor.right - width
      : align === "center"
        ? anchor.left + (anchor.width - width) / 2
        : anchor.left;
  const left = Math.max(EDGE, Math.min(wanted, viewport.width - width - EDGE));
  const above = anchor.top - offset - height;
  const fitsBelow = below + height <= viewport.height - EDGE;
  const top = !fitsBelow && above >= EDGE ? above : below;
  panel.style.left = `${left}px`;
  panel.style.top = `${Math.max(EDGE, Math.min(top, viewport.height - height - EDGE))}px`;
}

/**
 * A button that opens a panel below it (above it when only there is room): the browser's own
 * popover (light dismiss, Escape, the top layer), so it costs no library. The panel's content is rendered only while it is open, so a
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

  // The panel is measured only once it shows: the observer reports its first size after the
  // browser has laid it out and before it paints, then every change (the list rendering in, a
  // long name wrapping), so it never paints where a zero width put it. Before it shows it is
  // given its room, so its first size is already its final one.
  useEffect(() => {
    const trigger = triggerRef.current;
    const panel = panelRef.current;
    if (!trigger || !panel) return;
    const follow = () => place(trigger, panel, align, sideOffset);
    const observer = new ResizeObserver(follow);
    observer.observe(panel);
    panel.addEventListener("beforetoggle", follow);
    panel.addEventListener("toggle", follow);
    return () => {
      observer.disconnect();
      panel.removeEventListener("beforetoggle", follow);
      panel.removeEventListener("toggle", follow);
    };
  }, [align, sideOffset]);

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
          "fixed inset-auto z-50 m-0 max-h-(--popover-room) max-w-[calc(100vw-1rem)] overflow-y-auto p-1.5 text-left text-ink shadow-xl",
          className,
        )}
      >
        {open && children(close)}
      </div>
    </>
  );
}
