import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { AppError } from "../../lib/app-error.ts";
import {
  MAX_AVATAR_BYTES,
  SNIFF_BYTES,
  profileErrorDescription,
  profileFieldMessage,
  sniffImageFormat,
  type AvatarFormat,
} from "../../lib/schemas/profile.ts";
import type { MediaStorage } from "../../storage/media-storage.server.ts";
import { withImageSlot } from "./image-slots.server.ts";

/** Stored avatars are square WebP images of this many pixels a side. */
export const AVATAR_SIZE = 256;
const AVATAR_FOLDER = "avatars";
/**
 * A 2 MB file can still declare a huge canvas (a "decompression bomb"); anything above 50
 * megapixels is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 50_000_000;
/** The URLs this module writes; anything else in user.avatarUrl (say, a Google picture) is not ours. */
const STORED_AVATAR_URL = /^\/media\/(avatars\/[0-9a-f]{24}\.webp)$/;

function avatarError(code: "fileTooLarge" | "invalidType"): AppError {
  return new AppError(
    code === "fileTooLarge" ? "PAYLOAD_TOO_LARGE" : "UNSUPPORTED_MEDIA_TYPE",
    profileErrorDescription(code),
    { avatar: profileFieldMessage(code) },
  );
}

/**
 * Accepts a JPEG, PNG or GIF of at most 2 MB, judged by its content: the magic number must name
 * one of the three formats and the decoder must agree. A renamed text file, an SVG or a WebP is
 * refused whatever it is called.
 */
export async function checkAvatar(input: Buffer): Promise<AvatarFormat> {
  if (input.length > MAX_AVATAR_BYTES) throw avatarError("fileTooLarge");
  const sniffed = sniffImageFormat(input.subarray(0, SNIFF_BYTES));
  if (!sniffed) throw avatarError("invalidType");
  const format = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .then((meta) => meta.format as string | undefined)
    .catch(() => undefined);
  if (format !== sniffed) throw avatarError("invalidType");
  return sniffed;
}

/**
 * The stored avatar: turned upright from its EXIF orientation, cropped to the centre square,
 * 256×256 WebP. Re-encoding keeps none of the original's metadata (EXIF, GPS, XMP, comments) nor
 * anything else hidden in the file; only the first frame of an animated GIF is kept. Runs in one
 * of the image slots.
 */
export function renderAvatar(input: Buffer): Promise<Buffer> {
  return withImageSlot(async () => {
    try {
      return await sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
    } catch {
      // A file whose header looks right but whose data does not decode.
      throw avatarError("invalidType");
    }
  });
}

/** Checks, re-encodes and stores an avatar under a new random key; returns its public URL. */
export async function storeAvatar(
  storage: MediaStorage,
  input: Buffer,
): Promise<{ key: string; url: string }> {
  await checkAvatar(input);
  const data = await renderAvatar(input);
  const key = `${AVATAR_FOLDER}/${randomBytes(12).toString("hex")}.webp`;
  await storage.put(key, data);
  return { key, url: `/media/${key}` };
}

/** The storage key of an avatar this app stored, from its URL; null for any other URL. */
export function storedAvatarKey(url: string | null | undefined): string | null {
  if (!url) return null;
  return STORED_AVATAR_URL.exec(url)?.[1] ?? null;
}

/** Removes a stored avatar's file; other URLs (generated initials, Google pictures) are left alone. */
export async function deleteAvatar(
  storage: MediaStorage,
  url: string | null | undefined,
): Promise<void> {
  const key = storedAvatarKey(url);
  if (key) await storage.delete(key);
}
