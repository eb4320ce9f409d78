import type { Brand } from "../../lib/schemas/public-profile.ts";

/** The brand colour as a CSS variable for the classes below (`bg-[var(--brand)]`…). */
export function brandStyle(brand: Brand | null): React.CSSProperties | undefined {
  return brand?.color ? ({ "--brand": brand.color } as React.CSSProperties) : undefined;
}

/** A brand's logo; its size is reserved when known, so the page does not shift as it loads. */
export function BrandLogo({ brand, className }: { brand: Brand; className?: string }) {
  if (!brand.logoUrl) return null;
  return (
    <img
      src={brand.logoUrl}
      alt=""
      width={brand.logoWidth ?? undefined}
      height={brand.logoHeight ?? undefined}
      className={className ?? "h-10 w-auto max-w-40 object-contain"}
      data-testid="brand-logo"
    />
  );
}

/** The logo over a button in the brand colour: how the contact card will show them. */
export function BrandPreview({ brand, label }: { brand: Brand; label: string }) {
  return (
    <div
      style={brandStyle(brand)}
      className="flex max-w-sm items-center gap-3 rounded-xl border border-line p-4"
    >
      <BrandLogo brand={brand} />
      <span className="inline-flex h-10 items-center rounded-lg bg-[var(--brand,var(--color-primary))] px-4 text-sm font-semibold text-white">
        {label}
      </span>
    </div>
  );
}
