import { cn } from "../../lib/cn.ts";

/** The look every text control shares: inputs, selects and text areas. */
export const controlClass =
  "w-full rounded-lg border border-line-strong bg-surface px-3 text-[15px] text-ink placeholder:text-faint focus:border-primary-vivid focus:ring-2 focus:ring-primary-vivid/20 focus:outline-none aria-[invalid=true]:border-danger-vivid disabled:bg-surface-muted disabled:text-subtle";

/** A one-line text input's classes, for a control that is not an `Input` (e.g. a `select`). */
export const inputClass = `h-11 ${controlClass}`;

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

/** A label's classes, for a caption that is not a `Label` (e.g. a fieldset's `legend`). */
export const labelClass = "mb-1.5 block text-sm font-medium text-ink-soft";

/** A control's label, above it (the caller passes `htmlFor`). */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn(labelClass, className)} {...props} />;
}
