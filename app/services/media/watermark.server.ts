import sharp from "sharp";
import type { MediaStorage } from "../../storage/media-storage.server.ts";
import { variantKey, watermarkedKey, type ImageVariant } from "./images.server.ts";

/** The site's name as the mark reads (the spec's brand, not the administrator's editable title). */
export const WATERMARK_TEXT = "Gateway Africa";

/**
 * The variants that carry the mark. A 160-pixel thumbnail is too small for readable text and too
 * small to be worth taking; cards and the gallery are what a copied listing would reuse.
 */
export const WATERMARKED_VARIANTS: readonly ImageVariant[] = ["card", "gallery"];

/**
 * The widest and the narrowest frame a listing's image is shown in, width over height: cards and
 * the phone's gallery crop to 3:2, the laptop's gallery to 16:10 (object-fit: cover).
 */
const FRAME_WIDEST = 16 / 10;
const FRAME_NARROWEST = 3 / 2;

/**
 * The mark as an SVG the size of the image: the site's name in the lower right corner of the part
 * every frame shows (a wide photo loses its sides in a 3:2 frame, a tall one its top and bottom
 * in a 16:10 frame), white on a soft dark shadow so it reads on sky and on shadow alike. Its
 * height is 3.2% of that part's width (35 px on a 16:9 gallery image, 17 on its card), at least
 * 13 px: about 12 to 14 CSS pixels wherever the browser shows that variant. Generic font
 * families only (the server's fontconfig picks an installed sans-serif; nothing is downloaded).
 */
export function watermarkSvg(width: number, height: number): string {
  const shownWidth = Math.min(width, height * FRAME_NARROWEST);
  const shownHeight = Math.min(height, width / FRAME_WIDEST);
  const size = Math.max(13, Math.round(shownWidth * 0.032));
  const margin = Math.round(size * 0.6);
  const x = Math.round((width + shownWidth) / 2) - margin;
  const y = Math.round((height + shownHeight) / 2) - margin;
  const shadow = Math.max(1, Math.round(size / 14));
  const text = (dx: number, fill: string, opacity: number) =>
    `<text x="${x + dx}" y="${y + dx}" text-anchor="end" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" fill-opacity="${opacity}">${WATERMARK_TEXT}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    text(shadow, "#000000", 0.55) +
    text(0, "#ffffff", 0.9) +
    `</svg>`
  );
}

/** The clean WebP variant with the mark drawn on it, as WebP of the same quality. */
export async function drawWatermark(clean: Buffer, variant: ImageVariant): Promise<Buffer> {
  const { width, height } = await sharp(clean).metadata();
  return sharp(clean)
    .composite([{ input: Buffer.from(watermarkSvg(width, height)), top: 0, left: 0 }])
    .webp({ quality: variant === "thumb" ? 60 : 72, effort: 4 })
    .toBuffer();
}

// One mark is drawn at a time, in arrival order: a page of twenty cards that were never marked
// waits a second instead of taking both cores or being refused like an upload is (a missing
// image would be the result). The same key asked twice shares the first drawing.
let queue: Promise<unknown> = Promise.resolve();
const drawing = new Map<string, Promise<Buffer | null>>();

/**
 * The marked copy of a variant: read when already stored, otherwise drawn from the clean file
 * and stored beside it (images published before marks existed get theirs on first request). The
 * clean file is never changed, so a plan that removes the mark needs no new upload. Null when the
 * clean file is missing.
 */
export function watermarkedVariant(
  storage: MediaStorage,
  storageKey: string,
  variant: ImageVariant,
): Promise<Buffer | null> {
  const key = watermarkedKey(storageKey, variant);
  const pending = drawing.get(key);
  if (pending) return pending;
  const job = (async () => {
    const stored = await storage.read(key);
    if (stored) return stored;
    const turn = queue.then(async () => {
      const clean = await storage.read(variantKey(storageKey, variant));
      if (!clean) return null;
      const marked = await drawWatermark(clean, variant);
      await storage.put(key, marked);
      return marked;
    });
    queue = turn.catch(() => undefined);
    return turn;
  })().finally(() => drawing.delete(key));
  drawing.set(key, job);
  return job;
}
