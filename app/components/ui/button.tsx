import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn.ts";

/**
 * The site's buttons. Links that look like buttons take the same classes:
 * `<Link className={buttonVariants({ size: "md" })}>`.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold disabled:cursor-not-allowed disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-primary text-white hover:bg-primary-strong",
        accent: "bg-accent text-white hover:bg-accent-strong",
        highlight: "bg-accent-bright text-primary-deepest hover:bg-accent-light",
        outline: "border border-line-strong bg-surface text-ink-soft hover:bg-canvas",
        brandOutline: "border border-primary text-primary-strong hover:bg-primary-tint",
        quiet: "border border-line text-muted hover:bg-surface-muted",
        ghost: "text-muted hover:bg-surface-muted hover:text-ink",
        danger: "bg-danger text-white hover:bg-danger-strong",
        dangerOutline: "border border-danger-pale bg-surface text-danger hover:bg-danger-tint",
        onDark: "border border-white/40 text-white hover:bg-surface/10",
      },
      size: {
        sm: "h-9 px-3 text-sm",
        md: "h-10 px-4 text-sm",
        lg: "h-11 px-5",
        icon: "size-9",
      },
    },
    defaultVariants: { variant: "primary", size: "lg" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  variant,
  size,
  className,
  ...props
}: React.ComponentProps<"button"> & ButtonVariants) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/** A submit button that says it is busy while its form is being sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className,
  variant,
  size,
  ...rest
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
} & React.ComponentProps<"button"> &
  ButtonVariants) {
  return (
    <Button
      type="submit"
      variant={variant}
      size={size}
      disabled={pending || rest.disabled}
      className={cn("w-full shadow-sm", className)}
      {...rest}
    >
      {pending && (
        <span
          aria-hidden
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {pending ? pendingLabel : label}
    </Button>
  );
}
