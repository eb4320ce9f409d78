/**
 * WCAG 2 contrast between colours, for a brand colour chosen by a host (custom branding, issue
 * 27): it is used as the background of white text (the contact button) and as the colour of text
 * and borders on the site's white and off-white surfaces, so it must reach AA's 4.5:1 against
 * each of them.
 */

/** AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

/** The colours a brand colour meets on the pages: white text and surfaces, the off-white canvas. */
export const BRAND_COLOR_COMPANIONS = ["#ffffff", "#fafaf9"] as const;

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** "#RGB" or "#RRGGBB" in any case as "#rrggbb"; null for anything else. */
export function normalizeHexColor(value: string): string | null {
  const text = value.trim().toLowerCase();
  const long = /^#[0-9a-f]{3}$/.test(text)
    ? `#${[...text.slice(1)].map((c) => c + c).join("")}`
    : text;
  return HEX_COLOR.test(long) ? long : null;
}

function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of "#rrggbb" (WCAG 2's definition). */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** The contrast ratio of two "#rrggbb" colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The lowest contrast of the colour against the colours it is used with; it is readable as
 * text there when this reaches AA_TEXT_CONTRAST.
 */
export function lowestBrandContrast(hex: string): number {
  return Math.min(...BRAND_COLOR_COMPANIONS.map((other) => contrastRatio(hex, other)));
}

/** Whether a brand colour reads as text (and carries white text) at WCAG AA. */
export function brandColorReadable(hex: string): boolean {
  return lowestBrandContrast(hex) >= AA_TEXT_CONTRAST;
}
