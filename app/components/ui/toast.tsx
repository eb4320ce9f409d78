import { Icon } from "./icon.tsx";
import { cva } from "class-variance-authority";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { ToastContext, type ShowToast } from "../../hooks/use-toast.ts";
import type { Translate } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { Toast as ToastMessage } from "../../lib/toast.ts";

const DEFAULT_DURATION = 5000;

/** A toast's words, translated when it is shown. */
interface ToastTexts {
  title: string;
  description?: string;
}

/**
 * The toast on screen, its words and the page it was shown on. The words are fixed when it is
 * shown: each page loads only its own texts, so a toast still on screen after a navigation would
 * otherwise be translated with the next page's texts and show its bare key.
 */
interface Shown {
  toast: ToastMessage;
  texts: ToastTexts;
  id: number;
  locationKey: string;
}

function textsOf(toast: ToastMessage, t: Translate): ToastTexts {
  return {
    title: t(toast.title, toast.params),
    description: toast.description && t(toast.description, toast.params),
  };
}
/** Holds the toast on screen for the page below it; `useToast` shows one. */
export function Toaster({
  initial,
  children,
}: {
  initial: ToastMessage | null;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const t = useT();
  const navigating = useNavigation().state !== "idle";
  // A toast from the server (flash cookie) is rendered with the page, so it shows without JS too.
  const [current, setCurrent] = useState<Shown | null>(() =>
    initial
      ? { toast: initial, texts: textsOf(initial, t), id: 0, locationKey: location.key }
      : null,
  );
  const nextId = useRef(0);
  const shownInitial = useRef(initial);
  // The page a toast is shown on (toasts are shown from event handlers, after this has run).
  const locationKey = useRef(location.key);
  const translate = useRef(t);
  useEffect(() => {
    locationKey.current = location.key;
    translate.current = t;
  }, [location.key, t]);
  const show = useCallback<ShowToast>((toast) => {
    nextId.current += 1;
    setCurrent({
      toast,
      texts: textsOf(toast, translate.current),
      id: nextId.current,
      locationKey: locationKey.current,
    });
  }, []);

  // Later toasts from the server arrive with the root loader's data after a navigation.
  useEffect(() => {
    if (initial && initial !== shownInitial.current) {
      shownInitial.current = initial;
      show(initial);
    }
  }, [initial, show]);

  // A toast announcing a navigation is gone once the next page is on screen, and is not timed
  // out while that page loads.
  const arrived = Boolean(current?.toast.untilNavigated && current.locationKey !== location.key);
  const waiting = Boolean(current?.toast.untilNavigated && navigating);
  useEffect(() => {
    if (!current || waiting) return;
    const delay = arrived ? 0 : (current.toast.duration ?? DEFAULT_DURATION);
    const timer = setTimeout(() => setCurrent(null), delay);
    return () => clearTimeout(timer);
  }, [current, waiting, arrived]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext value={value}>
      {children}
      <ToastRegion
        current={arrived ? null : current}
        key={current?.id}
        onClose={() => setCurrent(null)}
      />
    </ToastContext>
  );
}

const toastVariants = cva(
  "toast-motion pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg",
  {
    variants: {
      variant: {
        default: "border-line bg-surface text-ink",
        destructive: "border-danger bg-danger text-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

const descriptionVariants = cva("mt-1 text-sm", {
  variants: {
    variant: { default: "text-muted", destructive: "text-danger-tint" },
  },
  defaultVariants: { variant: "default" },
});

/**
 * On phones toasts show at the top: at the bottom they covered sticky action bars (Preview /
 * Publish) and the bottom sheets' buttons. From `sm` up, where those are neither sticky nor
 * sheets, they sit at the bottom right. The live region is always there, so a screen reader
 * hears each new toast.
 */
function ToastRegion({ current, onClose }: { current: Shown | null; onClose: () => void }) {
  const t = useT();
  return (
    <section
      aria-label={t("layout.toast.notifications")}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center p-4 pt-[max(1rem,env(safe-area-inset-top))] sm:top-auto sm:bottom-0 sm:justify-end sm:pt-4"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
        {current && <Toast toast={current.toast} texts={current.texts} onClose={onClose} />}
      </div>
    </section>
  );
}

/** One toast; a timed one fades out shortly before it is removed. */
function Toast({
  toast,
  texts,
  onClose,
}: {
  toast: ToastMessage;
  texts: ToastTexts;
  onClose: () => void;
}) {
  const t = useT();
  const duration = toast.duration ?? DEFAULT_DURATION;
  return (
    <div
      style={{ "--toast-hide-at": `${duration - 250}ms` } as React.CSSProperties}
      className={cn(
        toastVariants({ variant: toast.variant }),
        !toast.untilNavigated && "toast-timed",
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{texts.title}</p>
        {texts.description && (
          <p className={descriptionVariants({ variant: toast.variant })}>{texts.description}</p>
        )}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t("layout.toast.close")}
        className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100"
      >
        <Icon name="x" className="size-4" />
      </button>
    </div>
  );
}
