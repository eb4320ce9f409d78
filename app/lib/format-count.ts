/**
 * A marketing-style figure that never overstates: rounded down, then "+".
 * 7 → "7", 172 → "170+", 12,534 → "12,500+", 2,140,000 → "2.1M+".
 */
export function formatCountPlus(value: number, locale = "en"): string {
  if (!Number.isFinite(value) || value <= 0) return "0";
  if (value < 10) return String(Math.floor(value));
  if (value >= 1_000_000) {
    const millions = Math.floor(value / 100_000) / 10;
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(millions)}M+`;
  }
  const digits = Math.floor(Math.log10(value)) + 1;
  const step = 10 ** Math.max(digits - 3, 1);
  const rounded = Math.floor(value / step) * step;
  return `${new Intl.NumberFormat(locale).format(rounded)}${rounded === value ? "" : "+"}`;
}
