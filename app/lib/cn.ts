import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, skipping falsy ones; of two Tailwind classes that set the same property
 * under the same variants, the later wins (a component's `className` overrides its defaults).
 *
 * This is the part of tailwind-merge the site uses, in a tenth of its weight: every page ships
 * it (docs/decisions/004-first-load.md). tests/unit/cn.test.ts holds it to tailwind-merge's
 * answer for every pair of classes written in app/, so a class family it does not know fails
 * there rather than on a page.
 */
export function cn(...classes: ClassValue[]): string {
  const tokens = clsx(classes).split(" ");
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (!token) continue;
    const parsed = parseClass(token);
    if (!parsed) {
      kept.push(token);
      continue;
    }
    const key = parsed.variants + parsed.group;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const covered of COVERS[parsed.group] ?? []) taken.add(parsed.variants + covered);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}

/** What a later class of a group also replaces: `p-4` replaces an earlier `px-2`, and so on. */
const COVERS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  overflow: ["overflow-x", "overflow-y"],
  rounded: [
    "rounded-t",
    "rounded-r",
    "rounded-b",
    "rounded-l",
    "rounded-s",
    "rounded-e",
    "rounded-tl",
    "rounded-tr",
    "rounded-br",
    "rounded-bl",
  ],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-b": ["rounded-bl", "rounded-br"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": [
    "border-color-x",
    "border-color-y",
    "border-color-t",
    "border-color-r",
    "border-color-b",
    "border-color-l",
  ],
  flex: ["grow", "shrink", "basis"],
  "line-clamp": ["display", "overflow"],
  // A font size sets its line height too.
  "text-size": ["leading"],
};

/** Classes that are a whole group by themselves (`flex`, `hidden`, `relative`…). */
const WORDS: Record<string, string> = {
  block: "display",
  "inline-block": "display",
  inline: "display",
  flex: "display",
  "inline-flex": "display",
  grid: "display",
  "inline-grid": "display",
  hidden: "display",
  contents: "display",
  table: "display",
  "flow-root": "display",
  static: "position",
  fixed: "position",
  absolute: "position",
  relative: "position",
  sticky: "position",
  visible: "visibility",
  invisible: "visibility",
  collapse: "visibility",
  "sr-only": "sr",
  "not-sr-only": "sr",
  italic: "font-style",
  "not-italic": "font-style",
  underline: "decoration-line",
  "no-underline": "decoration-line",
  "line-through": "decoration-line",
  overline: "decoration-line",
  uppercase: "text-transform",
  lowercase: "text-transform",
  capitalize: "text-transform",
  "normal-case": "text-transform",
  truncate: "text-overflow",
  "tabular-nums": "numeric-spacing",
  "proportional-nums": "numeric-spacing",
  antialiased: "smoothing",
  "subpixel-antialiased": "smoothing",
  isolate: "isolation",
  "isolation-auto": "isolation",
  transform: "transform",
  "transform-none": "transform",
  transition: "transition",
  shadow: "shadow",
  border: "border-w",
  rounded: "rounded",
  ring: "ring-w",
  outline: "outline-style",
  grow: "grow",
  shrink: "shrink",
  "break-words": "word-break",
  "break-all": "word-break",
  "break-keep": "word-break",
  "break-normal": "word-break",
  resize: "resize",
  blur: "blur",
  filter: "filter",
  container: "container",
};

const TEXT_SIZES = /^(xs|sm|base|lg|xl|\dxl)$/;
const ALIGNS = /^(left|center|right|justify|start|end)$/;
const WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const SHADOW_SIZES = /^(2xs|xs|sm|md|lg|xl|2xl|inner|none)$/;
const BORDER_STYLES = /^(solid|dashed|dotted|double|hidden|none)$/;
/** A width: a number, or an arbitrary value with a length unit. */
const WIDTH = /^(\d+|\[\d*\.?\d+(px|rem|em)\])$/;
/** A length in brackets (`[15px]`, `[1.1rem]`): a font size after `text-`. */
const ARBITRARY_LENGTH = /^\[\d*\.?\d+(px|rem|em|vw|%)\]$/;
/** Families whose group is the part before the last dash's value (`items-center` → items). */
const PREFIXES = [
  "inset-x",
  "inset-y",
  "gap-x",
  "gap-y",
  "min-w",
  "min-h",
  "max-w",
  "max-h",
  "overflow-x",
  "overflow-y",
  "rounded-tl",
  "rounded-tr",
  "rounded-br",
  "rounded-bl",
  "rounded-t",
  "rounded-r",
  "rounded-b",
  "rounded-l",
  "rounded-s",
  "rounded-e",
  "translate-x",
  "translate-y",
  "space-x",
  "space-y",
  "justify-items",
  "justify-self",
  "place-items",
  "place-content",
  "place-self",
  "grid-cols",
  "grid-rows",
  "col-span",
  "row-span",
  "col-start",
  "col-end",
  "auto-rows",
  "auto-cols",
  "scroll-mt",
  "scroll-mb",
  "scroll-my",
  "scroll-pt",
  "scroll-pb",
  "scroll-m",
  "scroll-p",
  "line-clamp",
  "ring-offset",
  "outline-offset",
  "underline-offset",
  "snap-x",
  "snap-y",
  "snap-align",
  "pointer-events",
  "object-position",
];

/** The variants (`sm:hover:`) and the property group of a Tailwind class; null for any other word. */
function parseClass(token: string): { variants: string; group: string } | null {
  let depth = 0;
  let split = -1;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) split = i;
  }
  const variants = token.slice(0, split + 1);
  let base = token.slice(split + 1);
  if (base.startsWith("!")) base = base.slice(1);
  if (base.endsWith("!")) base = base.slice(0, -1);
  if (base.startsWith("-")) base = base.slice(1);
  const group = groupOf(base);
  return group ? { variants: token.startsWith("!") ? `!${variants}` : variants, group } : null;
}

function groupOf(base: string): string | null {
  const word = WORDS[base];
  if (word) return word;
  // An arbitrary property (`[scrollbar-width:none]`) is the property's group.
  const arbitrary = /^\[([a-z-]+):/.exec(base);
  if (arbitrary) return `[${arbitrary[1]}]`;
  const dash = base.indexOf("-");
  if (dash < 0) return null;
  const head = base.slice(0, dash);
  const value = base.slice(dash + 1);
  switch (head) {
    case "p":
    case "px":
    case "py":
    case "pt":
    case "pr":
    case "pb":
    case "pl":
    case "ps":
    case "pe":
    case "m":
    case "mx":
    case "my":
    case "mt":
    case "mr":
    case "mb":
    case "ml":
    case "ms":
    case "me":
    case "w":
    case "h":
    case "size":
    case "gap":
    case "top":
    case "right":
    case "bottom":
    case "left":
    case "start":
    case "end":
    case "z":
    case "opacity":
    case "leading":
    case "tracking":
    case "whitespace":
    case "cursor":
    case "items":
    case "content":
    case "self":
    case "basis":
    case "order":
    case "aspect":
    case "duration":
    case "delay":
    case "ease":
    case "animate":
    case "scale":
    case "rotate":
    case "select":
    case "appearance":
    case "list":
    case "accent":
    case "caret":
    case "fill":
    case "stroke":
    case "blur":
    case "backdrop":
    case "columns":
    case "align":
    case "will":
    case "touch":
    case "decoration":
    case "indent":
    case "inset":
      return prefixed(base) ?? head;
    case "text":
      if (TEXT_SIZES.test(value) || ARBITRARY_LENGTH.test(value)) return "text-size";
      if (ALIGNS.test(value)) return "text-align";
      if (value === "ellipsis" || value === "clip") return "text-overflow";
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
      return "text-color";
    case "font":
      return WEIGHTS.test(value) ? "font-weight" : "font-family";
    case "bg":
      if (/^(fixed|local|scroll)$/.test(value)) return "bg-attachment";
      if (/^(cover|contain|auto)$/.test(value)) return "bg-size";
      if (/^(center|top|bottom|left|right)/.test(value)) return "bg-position";
      if (/^(repeat|no-repeat)/.test(value)) return "bg-repeat";
      if (/^clip-/.test(value)) return "bg-clip";
      if (/^(none|linear|radial|conic)/.test(value)) return "bg-image";
      if (value.startsWith("[")) return /gradient\(|url\(/.test(value) ? "bg-image" : "bg-color";
      return "bg-color";
    case "border": {
      if (WIDTH.test(value)) return "border-w";
      if (BORDER_STYLES.test(value)) return "border-style";
      const side = /^([xytrblse])(?:-(.+))?$/.exec(value);
      if (side) {
        const sideValue = side[2];
        if (sideValue === undefined || WIDTH.test(sideValue)) return `border-w-${side[1]}`;
        return `border-color-${side[1]}`;
      }
      if (value === "collapse" || value === "separate") return "border-collapse";
      if (value.startsWith("spacing")) return "border-spacing";
      return "border-color";
    }
    case "rounded":
      return prefixed(base) ?? "rounded";
    case "shadow":
      return SHADOW_SIZES.test(value) || value.startsWith("[") ? "shadow" : "shadow-color";
    case "ring":
      if (value.startsWith("offset-")) return "ring-offset";
      return WIDTH.test(value) || value === "inset" ? "ring-w" : "ring-color";
    case "outline":
      if (WIDTH.test(value)) return "outline-w";
      if (/^(none|dashed|dotted|double|solid|hidden)$/.test(value)) return "outline-style";
      return prefixed(base) ?? "outline-color";
    case "flex":
      if (/^(row|col)/.test(value)) return "flex-direction";
      if (/^(wrap|nowrap)/.test(value)) return "flex-wrap";
      return "flex";
    case "grow":
    case "shrink":
      return head;
    case "justify":
      return prefixed(base) ?? "justify";
    case "overflow":
      return prefixed(base) ?? "overflow";
    case "wrap":
      return "wrap";
    case "divide":
      if (/^[xy]$|^[xy]-/.test(value)) return `divide-${value[0]}`;
      if (BORDER_STYLES.test(value)) return "divide-style";
      return "divide-color";
    case "object":
      return /^(contain|cover|fill|none|scale-down)$/.test(value)
        ? "object-fit"
        : "object-position";
    case "transition":
      return "transition";
    case "break":
      return (
        prefixed(base) ??
        (/^(before|after|inside)/.test(value) ? `break-${value.split("-")[0]}` : "word-break")
      );
    default:
      // A family whose every value sets the same property (`from-`, `table-`, `drop-shadow-`);
      // any other word (`toast-motion`, a class of app.css) is nobody's rival.
      return prefixed(base) ?? (FAMILIES.has(head) ? head : null);
  }
}

/** Heads of other Tailwind families whose every value sets the same property. */
const FAMILIES = new Set([
  "resize",
  "from",
  "via",
  "to",
  "table",
  "drop",
  "grid",
  "col",
  "row",
  "auto",
  "place",
  "space",
  "snap",
  "scroll",
  "translate",
  "skew",
  "origin",
  "mix",
  "bg",
  "underline",
  "hyphens",
  "float",
  "clear",
  "box",
  "isolation",
  "overscroll",
  "sr",
  "line",
  "pointer",
  "outline",
  "ring",
  "object",
  "inset",
  "filter",
  "brightness",
  "contrast",
  "grayscale",
  "saturate",
  "sepia",
  "invert",
  "hue",
  "forced",
  "field",
  "transition",
  "perspective",
  "backface",
  "content",
  "wrap",
  "size",
]);

/** The longest family of PREFIXES the class belongs to. */
function prefixed(base: string): string | null {
  for (const prefix of PREFIXES) {
    if (base === prefix || base.startsWith(`${prefix}-`)) return prefix;
  }
  return null;
}
