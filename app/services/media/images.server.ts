import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { MediaStorage } from "../../storage/media-storage.server.ts";

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
 * GPS, XMP) and anything hidden in the original file.
 */
export async function storeImage(
  storage: MediaStorage,
  input: Buffer,
  folder: string,
): Promise<StoredImage> {
  const base = sharp(input, { failOn: "error" }).rotate();
  const meta = await base.metadata();
  const storageKey = `${folder}/${randomBytes(8).toString("hex")}`;
  let width = meta.autoOrient?.width ?? meta.width ?? 0;
  let height = meta.autoOrient?.height ?? meta.height ?? 0;
  for (const [variant, maxWidth] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]) {
    const { data, info } = await base
      .clone()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality: variant === "thumb" ? 60 : 72, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    await storage.put(variantKey(storageKey, variant), data);
    if (variant === "gallery") {
      width = info.width;
      height = info.height;
    }
  }
  return { storageKey, width, height };
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
