import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import { cn } from "../../lib/cn.ts";

const FALLBACK = "/images/listing-fallback.webp";

/** A listing photo with WebP sizes for every screen; the local fallback when there is none. */
export function ListingImage({
  image,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: ListingSummary["cover"];
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const common = {
    alt,
    loading: eager ? ("eager" as const) : ("lazy" as const),
    decoding: "async" as const,
    fetchPriority: eager ? ("high" as const) : undefined,
    className: cn("size-full object-cover", className),
  };
  if (!image) return <img src={FALLBACK} width={1280} height={853} {...common} />;
  const base = `/media/${image.storageKey}`;
  return (
    <img
      src={`${base}-card.webp`}
      srcSet={`${base}-thumb.webp 160w, ${base}-card.webp 640w, ${base}-gallery.webp 1280w`}
      sizes={sizes}
      width={image.width}
      height={image.height}
      {...common}
    />
  );
}
