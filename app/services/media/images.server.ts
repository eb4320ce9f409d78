import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { MediaStorage } from "../../storage/media-storage.server.ts";
import { withImageSlot } from "./image-slots.server.ts";

// One libvips thread per image and no operation cache: images are processed two at a time
// (./image-slots.server.ts) on a small machine, and a cached decoded image is memory nobody
// reuses (every upload is a new file). Measured in docs/decisions/012.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The largest image accepted, in pixels: a 50-megapixel phone camera's full-resolution photo
 * (8160 × 6144 = 50.1 MP) with a little room. Phones save 12 MP by default; what is larger is a
 * scan or a pixel bomb (a few KB of PNG declaring a huge canvas), refused before decoding.
 */
export const MAX_IMAGE_PIXELS = 52_000_000;

/** Widths of the stored WebP variants: thumbnails in lists, cards in grids, the detail gallery. */
export const IMAGE_VARIANTS = { thumb: 160, card: 640, gallery: 1280 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export interface StoredImage {
  /** Base key; the variant files are `${storageKey}-${variant}.webp`. */
  storageKey: string;
  width: number;
  height: number;
}

export function variantKey(storageKey: string, variant: ImageVariant): string {
  return `${storageKey}-${variant}.webp`;
}

/** The public URL of one variant of a stored image. */
export function mediaUrl(storageKey: string, variant: ImageVariant): string {
  return `/media/${variantKey(storageKey, variant)}`;
}

/**
 * Re-encodes an image into the WebP variants. Re-encoding drops every piece of metadata (EXIF,
 * GPS, XMP) and anything hidden in the original file. The original is decoded once, into the
 * largest variant's size (at most 1280 wide and 2560 tall: a tall strip is not kept whole); the
 * smaller variants are made from that. Runs in one of the image slots.
 */
export function storeImage(
  storage: MediaStorage,
  input: Buffer,
  folder: string,
): Promise<StoredImage> {
  return withImageSlot(async () => {
    const largest = IMAGE_VARIANTS.gallery;
    const { data: pixels, info: size } = await sharp(input, {
      failOn: "error",
      limitInputPixels: MAX_IMAGE_PIXELS,
    })
      .rotate()
      .resize({ width: largest, height: largest * 2, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const storageKey = `${folder}/${randomBytes(8).toString("hex")}`;
    for (const [variant, maxWidth] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]) {
      const data = await sharp(pixels, {
        raw: { width: size.width, height: size.height, channels: size.channels },
      })
        .resize({ width: maxWidth, height: maxWidth * 2, fit: "inside", withoutEnlargement: true })
        .webp({ quality: variant === "thumb" ? 60 : 72, effort: 4 })
        .toBuffer();
      await storage.put(variantKey(storageKey, variant), data);
    }
    return { storageKey, width: size.width, height: size.height };
  });
}

export async function copyStoredImage(
  storage: MediaStorage,
  from: StoredImage,
  folder: string,
): Promise<StoredImage> {
  const storageKey = `${folder}/${randomBytes(8).toString("hex")}`;
  for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
    await storage.copy(variantKey(from.storageKey, variant), variantKey(storageKey, variant));
  }
  return { ...from, storageKey };
}

export async function deleteStoredImage(storage: MediaStorage, storageKey: string): Promise<void> {
  for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
    await storage.delete(variantKey(storageKey, variant));
  }
}
