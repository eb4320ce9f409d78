import { cn } from "../../lib/cn.ts";

/** The look every text control shares: inputs, selects and text areas. */
export const controlClass =
  "w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none aria-[invalid=true]:border-red-600 disabled:bg-stone-100 disabled:text-stone-500";

/** A one-line text input's classes, for a control that is not an `Input` (e.g. a `select`). */
export const inputClass = `h-11 ${controlClass}`;

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

/** A label's classes, for a caption that is not a `Label` (e.g. a fieldset's `legend`). */
export const labelClass = "mb-1.5 block text-sm font-medium text-stone-800";

/** A control's label, above it (the caller passes `htmlFor`). */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn(labelClass, className)} {...props} />;
}
