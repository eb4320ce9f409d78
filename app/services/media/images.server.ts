import { randomBytes } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { MessageKey } from "../../i18n/translate.ts";
import { IMAGE_SNIFF_BYTES, MAX_IMAGE_BYTES, sniffUploadFormat } from "../../lib/schemas/image.ts";
import { logger } from "../../lib/logger.server.ts";
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
  /**
   * The photo's perceptual hash (perceptualHash), for finding the same photo on another owner's
   * listing; absent on images stored before hashes were kept.
   */
  phash?: string | null;
}

export function variantKey(storageKey: string, variant: ImageVariant): string {
  return `${storageKey}-${variant}.webp`;
}

/**
 * Where the copy of a variant carrying the site's watermark is kept, beside its clean file
 * (./watermark.server.ts draws it). No URL names it: the media route serves it in the clean
 * variant's place while the owner's plan does not remove the mark.
 */
export function watermarkedKey(storageKey: string, variant: ImageVariant): string {
  return `${storageKey}-${variant}-wm.webp`;
}

/** The public URL of one variant of a stored image. */
export function mediaUrl(storageKey: string, variant: ImageVariant): string {
  return `/media/${variantKey(storageKey, variant)}`;
}

/** The size the photo is shrunk to, and how many of its lowest frequencies the hash keeps. */
const HASH_SIZE = 32;
const HASH_FREQUENCIES = 8;

/** cos((2x + 1) u π / 2N) for the discrete cosine transform of the shrunk photo. */
const COSINES = Array.from({ length: HASH_FREQUENCIES }, (_, u) =>
  Array.from({ length: HASH_SIZE }, (_, x) =>
    Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIZE)),
  ),
);

/**
 * A 64-bit perceptual hash (pHash) of a photo, as 16 hex digits: the photo in grey, shrunk to 32
 * × 32, its 8 × 8 lowest frequencies (a discrete cosine transform), each bit saying whether one
 * is above their median. The low frequencies are the photo's broad shapes, which re-encoding,
 * resizing, lightening or trimming the edges barely move, so a copy of a photo differs in a few
 * bits (app/lib/perceptual-hash.ts compares them) and another photo in about half.
 */
export async function perceptualHash(image: Sharp): Promise<string> {
  const grey = await image
    .greyscale()
    .resize(HASH_SIZE, HASH_SIZE, { fit: "fill" })
    .raw()
    .toBuffer();
  const rows = Array.from({ length: HASH_SIZE }, (_, y) =>
    COSINES.map((cos) => cos.reduce((sum, c, x) => sum + c * grey[y * HASH_SIZE + x]!, 0)),
  );
  const frequencies: number[] = [];
  for (let v = 0; v < HASH_FREQUENCIES; v++) {
    for (let u = 0; u < HASH_FREQUENCIES; u++) {
      frequencies.push(COSINES[v]!.reduce((sum, c, y) => sum + c * rows[y]![u]!, 0));
    }
  }
  // The first is the photo's mean brightness: it would move the median with every lightening.
  const sorted = frequencies.slice(1).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (const value of frequencies) hash = (hash << 1n) | (value > median ? 1n : 0n);
  return hash.toString(16).padStart(16, "0");
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
    const raw = { width: size.width, height: size.height, channels: size.channels };
    const phash = await perceptualHash(sharp(pixels, { raw }));
    const storageKey = `${folder}/${randomBytes(8).toString("hex")}`;
    for (const [variant, maxWidth] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]) {
      const data = await sharp(pixels, { raw })
        .resize({ width: maxWidth, height: maxWidth * 2, fit: "inside", withoutEnlargement: true })
        .webp({ quality: variant === "thumb" ? 60 : 72, effort: 4 })
        .toBuffer();
      await storage.put(variantKey(storageKey, variant), data);
    }
    return { storageKey, width: size.width, height: size.height, phash };
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
    await storage.delete(watermarkedKey(storageKey, variant));
  }
}

export interface ImageRefusal {
  code: "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE";
  message: MessageKey;
}

/**
 * Why an image file is refused, or null when it is accepted: PNG, JPEG, GIF or WebP of at most
 * 10 MB and 52 megapixels (MAX_IMAGE_PIXELS), judged by content (the magic number must name one of them and the
 * decoder must agree). Listing images, the home page's slides and the pictures in messages take the same files.
 */
export async function imageRefusal(data: Buffer): Promise<ImageRefusal | null> {
  if (data.length > MAX_IMAGE_BYTES) {
    return { code: "PAYLOAD_TOO_LARGE", message: "publish.errors.imageTooLarge" };
  }
  const sniffed = sniffUploadFormat(data.subarray(0, IMAGE_SNIFF_BYTES));
  if (!sniffed)
    return { code: "UNSUPPORTED_MEDIA_TYPE", message: "publish.errors.imageInvalidType" };
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) {
    return { code: "UNSUPPORTED_MEDIA_TYPE", message: "publish.errors.imageInvalidType" };
  }
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > MAX_IMAGE_PIXELS) {
    return { code: "PAYLOAD_TOO_LARGE", message: "publish.errors.imageTooManyPixels" };
  }
  return null;
}

/** Removes stored images and their variants; a file that cannot be removed is logged, not fatal. */
export async function removeStoredImages(
  storage: MediaStorage,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    await deleteStoredImage(storage, key).catch((error: unknown) => {
      logger.error({ err: error }, `Could not remove the files of image ${key}`);
    });
  }
}
