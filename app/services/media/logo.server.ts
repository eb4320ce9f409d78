import { randomBytes } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import { AppError } from "../../lib/app-error.ts";
import { IMAGE_SNIFF_BYTES, sniffUploadFormat } from "../../lib/schemas/image.ts";
import { LOGO_BOX, MAX_LOGO_BYTES } from "../../lib/schemas/platform-settings.ts";
import type { MediaStorage } from "../../storage/media-storage.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * The platform's logo: checked by content like every upload, re-encoded (no metadata kept) into
 * one WebP that fits the header, and stored under a new random key whose name carries its size,
 * so the header can reserve its place before it loads.
 */

const LOGO_FOLDER = "branding";
/** A 2 MB file can still declare a huge canvas; anything larger is refused before decoding. */
export const MAX_LOGO_PIXELS = 25_000_000;
const STORED_LOGO = /^branding\/[0-9a-f]{16}-(\d{1,4})x(\d{1,4})\.webp$/;

function logoError(
  code: "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE",
  message:
    | "dashboard.settings.errors.logoTooLarge"
    | "dashboard.settings.errors.logoInvalidType"
    | "dashboard.settings.errors.logoTooManyPixels",
): AppError {
  return new AppError(code, message, { logo: message });
}

/** The logo as the header shows it, from its storage key; null for a key this module did not write. */
export function logoOf(
  key: string | null | undefined,
): { url: string; width: number; height: number } | null {
  const match = key ? STORED_LOGO.exec(key) : null;
  if (!match) return null;
  return { url: `/media/${key}`, width: Number(match[1]), height: Number(match[2]) };
}

/**
 * Checks and stores a logo; returns its storage key. PNG, JPEG, GIF or WebP of at most 2 MB and
 * 25 megapixels; the first frame of an animation is kept.
 */
export async function storeLogo(storage: MediaStorage, data: Buffer): Promise<string> {
  if (data.length > MAX_LOGO_BYTES) {
    throw logoError("PAYLOAD_TOO_LARGE", "dashboard.settings.errors.logoTooLarge");
  }
  const sniffed = sniffUploadFormat(data.subarray(0, IMAGE_SNIFF_BYTES));
  if (!sniffed)
    throw logoError("UNSUPPORTED_MEDIA_TYPE", "dashboard.settings.errors.logoInvalidType");
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) {
    throw logoError("UNSUPPORTED_MEDIA_TYPE", "dashboard.settings.errors.logoInvalidType");
  }
  if (meta.width * (meta.pageHeight ?? meta.height) > MAX_LOGO_PIXELS) {
    throw logoError("PAYLOAD_TOO_LARGE", "dashboard.settings.errors.logoTooManyPixels");
  }
  let rendered: { data: Buffer; info: OutputInfo };
  try {
    rendered = await sharp(data, { failOn: "error", limitInputPixels: MAX_LOGO_PIXELS, pages: 1 })
      .rotate()
      .resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100, effort: 4 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A header that looks right over data that does not decode.
    throw logoError("UNSUPPORTED_MEDIA_TYPE", "dashboard.settings.errors.logoInvalidType");
  }
  const { width, height } = rendered.info;
  const key = `${LOGO_FOLDER}/${randomBytes(8).toString("hex")}-${width}x${height}.webp`;
  await storage.put(key, rendered.data);
  return key;
}

/** Removes a stored logo's file; a failure is logged (the file is only garbage by then). */
export async function deleteLogo(storage: MediaStorage, key: string | null): Promise<void> {
  if (!key || !STORED_LOGO.test(key)) return;
  await storage.delete(key).catch((error: unknown) => {
    logger.error({ err: error }, `Could not remove the logo file ${key}`);
  });
}
