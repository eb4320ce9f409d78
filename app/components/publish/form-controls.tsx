import { cva, type VariantProps } from "class-variance-authority";
import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/cn.ts";
import { cardVariants } from "../ui/card.tsx";
import { Label, labelClass } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** Hints and errors the same way for every control of the listing form. */
const hintClass = "mt-1 text-xs text-subtle";
const errorClass = "mt-1 text-sm text-danger";

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
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className="appearance-none pr-10"
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-subtle"
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
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className="min-h-36 py-2.5 leading-relaxed"
        {...textarea}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * One choice of a pill group: a label that looks like a button around its radio or checkbox.
 * `single` pills (radios) are bold and a fixed height; `multiple` ones (checkboxes) may wrap.
 */
const pillVariants = cva(
  "inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-vivid/40",
  {
    variants: {
      kind: {
        single: "h-11 font-semibold sm:px-4",
        multiple: "min-h-11 py-2 font-medium",
      },
      checked: {
        true: "border-primary bg-primary-tint text-primary-strong",
        false: "border-line-strong bg-surface text-secondary hover:bg-canvas",
      },
    },
  },
);

function Pill({
  kind,
  checked,
  children,
}: {
  kind: NonNullable<VariantProps<typeof pillVariants>["kind"]>;
  checked: boolean;
  children: React.ReactNode;
}) {
  return <label className={pillVariants({ kind, checked })}>{children}</label>;
}

/** A fieldset of pills under its legend, with its error below. */
function PillGroup({
  legend,
  error,
  className,
  children,
}: {
  legend: string;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={labelClass}>{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
      <Messages id={id} error={error} />
    </fieldset>
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
  return (
    <PillGroup legend={legend} error={error} className={className}>
      {options.map((option) => (
        <Pill key={option.value} kind="single" checked={value === option.value}>
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
        </Pill>
      ))}
    </PillGroup>
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
  return (
    <PillGroup legend={legend} error={error} className={className}>
      {options.map((option) => {
        const checked = values.includes(option.value);
        return (
          <Pill key={option.value} kind="multiple" checked={checked}>
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
              className="size-4 accent-primary"
            />
            {option.label}
          </Pill>
        );
      })}
    </PillGroup>
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
      className={cn(cardVariants(), "rounded-2xl p-4 sm:p-6", className)}
    >
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-semibold text-ink">
        {icon && <span className="text-primary">{icon}</span>}
        {title}
      </h2>
      {children}
    </section>
  );
}
