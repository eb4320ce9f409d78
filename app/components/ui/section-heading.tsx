import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn.ts";

const headingVariants = cva("font-bold text-ink", {
  variants: {
    size: {
      /** A card's or a panel's heading. */
      sm: "text-lg",
      /** A page section's heading, as on each dashboard tab. */
      md: "text-xl",
      /** A home or site page's section heading, larger from `sm` up. */
      lg: "text-2xl tracking-tight sm:text-3xl",
    },
  },
  defaultVariants: { size: "md" },
});

/** A section's heading: an `h2` unless `as` says which level the outline needs. */
export function SectionHeading({
  as: Heading = "h2",
  size,
  className,
  ...props
}: React.ComponentProps<"h2"> & VariantProps<typeof headingVariants> & { as?: "h2" | "h3" }) {
  return <Heading className={cn(headingVariants({ size }), className)} {...props} />;
}
