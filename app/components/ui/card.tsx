import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn.ts";

/** A white panel with a border: forms, summaries, list boxes. */
export const cardVariants = cva("rounded-xl border border-line bg-surface", {
  variants: {
    elevated: { true: "shadow-sm", false: "" },
  },
  defaultVariants: { elevated: true },
});

export function Card({
  elevated,
  className,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof cardVariants>) {
  return <div className={cn(cardVariants({ elevated }), className)} {...props} />;
}
