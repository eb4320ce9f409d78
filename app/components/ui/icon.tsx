import type { IconName } from "../../lib/icon-names.ts";
import sprite from "../../assets/icons.svg?url&no-inline";

/**
 * A lucide icon drawn from the sprite (app/assets/icons.svg, built as a hashed asset, so cached
 * for good and never stale) instead of inlining its paths in every copy of the HTML. Decorative:
 * the control around it carries the name. The stroke, fill and default size live in the `.icon`
 * rule of app.css, so classes such as `size-4` or `fill-danger-vivid` still apply.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden className={className ? `icon ${className}` : "icon"}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
