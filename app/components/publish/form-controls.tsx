import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/cn.ts";
import { inputClass } from "../ui/input.tsx";

/** Labels, hints and errors the same way for every control of the listing form. */
export const labelClass = "mb-1.5 block text-sm font-medium text-stone-800";
const hintClass = "mt-1 text-xs text-stone-500";
const errorClass = "mt-1 text-sm text-red-700";

export interface Option {
  value: string;
  label: string;
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return (
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") ||
    undefined
  );
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
    </>
  );
}

export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  className,
  ...select
}: {
  label: string;
  options: readonly Option[];
  placeholder?: string;
  error?: string;
  hint?: string;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cn(inputClass, "appearance-none pr-10")}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500"
        />
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: {
  label: string;
  error?: string;
  hint?: string;
} & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(inputClass, "h-auto min-h-36 py-2.5 leading-relaxed")}
        {...textarea}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** Radio buttons shown as a row of pills: for short lists such as the contact method. */
export function ChoicePills({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  className,
}: {
  legend: string;
  name: string;
  value: string;
  options: readonly (Option & { icon?: React.ReactNode })[];
  onChange: (value: string) => void;
  error?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={labelClass}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "inline-flex h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-semibold sm:px-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40",
              value === option.value
                ? "border-brand-700 bg-brand-50 text-brand-800"
                : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
      <Messages id={id} error={error} />
    </fieldset>
  );
}

/** Checkboxes for a short list of values (tour types); the chosen ones are sent under `name`. */
export function CheckboxPills({
  legend,
  name,
  values,
  options,
  onChange,
  error,
  className,
}: {
  legend: string;
  name: string;
  values: readonly string[];
  options: readonly Option[];
  onChange: (values: string[]) => void;
  error?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={labelClass}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = values.includes(option.value);
          return (
            <label
              key={option.value}
              className={cn(
                "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40",
                checked
                  ? "border-brand-700 bg-brand-50 text-brand-800"
                  : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50",
              )}
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={checked}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? [...values, option.value]
                      : values.filter((v) => v !== option.value),
                  )
                }
                className="size-4 accent-brand-700"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <Messages id={id} error={error} />
    </fieldset>
  );
}

/** A titled card grouping related fields. */
export function FormSection({
  title,
  icon,
  children,
  className,
}: {
  title: string;
  icon?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6", className)}
    >
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-semibold text-stone-900">
        {icon && <span className="text-brand-700">{icon}</span>}
        {title}
      </h2>
      {children}
    </section>
  );
}
