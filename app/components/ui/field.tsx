import { Icon } from "./icon.tsx";
import { useId, useState } from "react";
import { Input, Label } from "./input.tsx";

/** What a control needs from its `FieldFrame`: its id and the links to its error and hint. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A label above any control (an input, a select, a text area), with its hint and error message
 * below, wired together for assistive technology.
 */
export function FieldFrame({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: React.ReactNode;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-subtle">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its error message beside it. */
export function Field({
  label,
  error,
  hint,
  className,
  ...input
}: { label: string; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <Input {...control} {...input} />}
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  showLabel,
  hideLabel,
  error,
  className,
  ...input
}: {
  label: string;
  showLabel: string;
  hideLabel: string;
  error?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="pr-11"
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-subtle hover:text-ink-soft"
        >
          {visible ? (
            <Icon name="eye-off" className="size-4" />
          ) : (
            <Icon name="eye" className="size-4" />
          )}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
