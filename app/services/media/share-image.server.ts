import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { SHARE_IMAGE } from "../../lib/boost-values.ts";
import type { MediaStorage } from "../../storage/media-storage.server.ts";
import { MAX_IMAGE_PIXELS, variantKey } from "./images.server.ts";
import { withImageSlot } from "./image-slots.server.ts";

/**
 * A boosted listing's share image: 1200×630 (the Open Graph card the networks show as it is),
 * the listing's cover cropped to fill it, a dark band with the title, price and place, and the
 * site's name. The words are SVG text in generic font families, so nothing is downloaded and
 * the server's own sans-serif draws them. JPEG, because every network takes it and a photo is
 * a fraction of a PNG's size.
 */

const FOLDER = "boosts";
const BAND_HEIGHT = 190;
/** The brand's green (app.css brand-700 and brand-900): the background without a cover. */
const BRAND = "#13644d";
const BRAND_DEEP = "#0f4135";
const SUN = "#fcb64d";
const FONT = "'DejaVu Sans', Arial, Helvetica, sans-serif";

export interface ShareImageText {
  title: string;
  /** "$1,250 per month". */
  price: string;
  /** "Accra, Ghana". */
  place: string;
  siteName: string;
}

/** Text safe inside SVG markup. */
function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** At most `max` characters, cut at a word with an ellipsis: SVG text does not wrap. */
export function clip(text: string, max: number): string {
  const single = text.replace(/\s+/g, " ").trim();
  if (single.length <= max) return single;
  const cut = single.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The largest font size (up to `max`) at which the line fits `room` pixels, from the rough
 * advance of a bold sans-serif (capitals are wider): SVG text neither wraps nor shrinks itself.
 */
export function fittingSize(line: string, room: number, max: number): number {
  const ems = [...line].reduce((sum, c) => sum + (/[A-Z0-9MW@%]/.test(c) ? 0.78 : 0.62), 0);
  return Math.max(24, Math.min(max, Math.floor(room / Math.max(ems, 1))));
}

function overlaySvg(text: ShareImageText): string {
  const { width, height } = SHARE_IMAGE;
  const top = height - BAND_HEIGHT;
  const title = clip(text.title, 38);
  const site = escapeXml(clip(text.siteName, 40));
  const siteWidth = Math.min(600, 40 + site.length * 17);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.55"/>
  </linearGradient></defs>
  <rect x="0" y="${top - 80}" width="${width}" height="80" fill="url(#fade)"/>
  <rect x="0" y="${top}" width="${width}" height="${BAND_HEIGHT}" fill="${BRAND_DEEP}" fill-opacity="0.9"/>
  <rect x="0" y="${top}" width="12" height="${BAND_HEIGHT}" fill="${SUN}"/>
  <text x="56" y="${top + 72}" font-family="${FONT}" font-size="${fittingSize(title, width - 112, 50)}" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
  <text x="56" y="${top + 138}" font-family="${FONT}" font-size="34" font-weight="700" fill="${SUN}">${escapeXml(clip(text.price, 24))}</text>
  <text x="${width - 56}" y="${top + 138}" text-anchor="end" font-family="${FONT}" font-size="30" fill="#ffffff">${escapeXml(clip(text.place, 26))}</text>
  <rect x="32" y="32" width="${siteWidth}" height="60" rx="30" fill="${BRAND}" fill-opacity="0.92" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2"/>
  <text x="${32 + siteWidth / 2}" y="72" text-anchor="middle" font-family="${FONT}" font-size="28" font-weight="700" fill="#ffffff">${site}</text>
</svg>`;
}

/**
 * Draws the share image over the cover (its largest stored variant), or over the brand's colour
 * when the listing has no image or its file is gone, and returns the JPEG.
 */
export function renderShareImage(cover: Buffer | null, text: ShareImageText): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  return withImageSlot(async () => {
    // sharp applies the resize before the composite, so one pipeline draws the whole image.
    const base = cover
      ? sharp(cover, { limitInputPixels: MAX_IMAGE_PIXELS }).resize({
          width,
          height,
          fit: "cover",
          position: "attention",
        })
      : sharp({ create: { width, height, channels: 3, background: BRAND } });
    return base
      .flatten({ background: BRAND })
      .composite([{ input: Buffer.from(overlaySvg(text)), top: 0, left: 0 }])
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  });
}

/**
 * Makes and stores a listing's share image; returns its storage key (`boosts/<hex>.jpg`). The
 * cover is the largest variant of the listing's first image, `coverKey` being its base key.
 */
export async function storeShareImage(
  storage: MediaStorage,
  coverKey: string | null,
  text: ShareImageText,
): Promise<string> {
  const cover = coverKey ? await storage.read(variantKey(coverKey, "gallery")) : null;
  const image = await renderShareImage(cover, text);
  const key = `${FOLDER}/${randomBytes(8).toString("hex")}.jpg`;
  await storage.put(key, image);
  return key;
}

/** Whether `key` names a share image this module stores (media access looks them up). */
export function isShareImageKey(key: string): boolean {
  return /^boosts\/[0-9a-f]{16}\.jpg$/.test(key);
}
