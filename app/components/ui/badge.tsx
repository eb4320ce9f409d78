import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn.ts";

/** A small rounded label: a status, a count, "Featured". */
export const badgeVariants = cva("rounded-full px-2 py-0.5 text-xs font-semibold", {
  variants: {
    tone: {
      neutral: "bg-surface-muted text-secondary",
      brand: "bg-primary text-white",
      sun: "bg-accent-soft text-accent-strong",
      accent: "bg-accent text-white",
      success: "bg-success-tint text-success-strong ring-1 ring-success-pale",
      warning: "bg-warning-tint text-warning-strong",
      danger: "bg-danger-tint text-danger",
    },
  },
  defaultVariants: { tone: "neutral" },
});

export function Badge({
  tone,
  className,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
