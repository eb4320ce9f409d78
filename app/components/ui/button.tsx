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
        primary: "bg-brand-700 text-white hover:bg-brand-800",
        accent: "bg-sun-600 text-white hover:bg-sun-700",
        highlight: "bg-sun-400 text-brand-950 hover:bg-sun-300",
        outline: "border border-stone-300 bg-white text-stone-800 hover:bg-stone-50",
        brandOutline: "border border-brand-700 text-brand-800 hover:bg-brand-50",
        quiet: "border border-stone-200 text-stone-600 hover:bg-stone-100",
        ghost: "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
        danger: "bg-red-700 text-white hover:bg-red-800",
        dangerOutline: "border border-red-200 bg-white text-red-700 hover:bg-red-50",
        onDark: "border border-white/40 text-white hover:bg-white/10",
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
