import { Check, Copy } from "lucide-react";
import { useId, useState } from "react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";
import { labelClass } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

/**
 * A ready-made post text with a Copy button. The text stays in a read-only text area, so it can
 * be selected and copied by hand before JavaScript or where the clipboard is refused.
 */
export function CopyText({
  label,
  copyLabel,
  text,
}: {
  label: string;
  copyLabel: string;
  text: string;
}) {
  const t = useT();
  const id = useId();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  };
  return (
    <div>
      <div className="mb-1.5 flex items-end justify-between gap-2">
        <label htmlFor={id} className={cn(labelClass, "mb-0")}>
          {label}
        </label>
        <button
          type="button"
          onClick={copy}
          aria-label={copyLabel}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5")}
        >
          {state === "copied" ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Copy aria-hidden className="size-4" />
          )}
          {state === "copied" ? t("boosts.queue.copied") : t("boosts.queue.copy")}
        </button>
      </div>
      <Textarea
        id={id}
        readOnly
        value={text}
        rows={Math.max(3, text.split("\n").length + 1)}
        className="text-sm"
      />
      <p aria-live="polite" className="mt-1 text-xs text-danger">
        {state === "failed" ? t("boosts.queue.copyFailed") : ""}
      </p>
    </div>
  );
}
