import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn.ts";

/** A small rounded label: a status, a count, "Featured". */
export const badgeVariants = cva("rounded-full px-2 py-0.5 text-xs font-semibold", {
  variants: {
    tone: {
      neutral: "bg-stone-100 text-stone-700",
      brand: "bg-brand-700 text-white",
      sun: "bg-sun-100 text-sun-700",
      accent: "bg-sun-600 text-white",
      success: "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200",
      warning: "bg-amber-50 text-amber-800",
      danger: "bg-red-50 text-red-700",
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
