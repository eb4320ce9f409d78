import { z } from "zod";

/**
 * A video file uploaded to a listing (the `videoListing` perk, docs/decisions/016 "Watermark and
 * video"): MP4 or WebM, judged by content, of at most 50 MB — a two-minute phone walkthrough at
 * 720p, which is what a listing's tour needs and what a slow line can still send.
 */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
export const VIDEO_TYPES = ["video/mp4", "video/webm"] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
/** For the file picker only: what a file is, is decided by its content. */
export const VIDEO_ACCEPT = VIDEO_TYPES.join(",");
/** Enough of the file's start to find the WebM doctype inside its EBML header. */
export const VIDEO_SNIFF_BYTES = 64;

/**
 * MP4 (and QuickTime-compatible ISO media) by the `ftyp` box that opens it; WebM by the EBML
 * magic number and the "webm" doctype in its header (Matroska files that are not WebM are refused).
 */
export function sniffVideoType(bytes: Uint8Array): VideoType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") return "video/mp4";
  const head = bytes.subarray(0, VIDEO_SNIFF_BYTES);
  if (
    head.length >= 4 &&
    head[0] === 0x1a &&
    head[1] === 0x45 &&
    head[2] === 0xdf &&
    head[3] === 0xa3 &&
    ascii(4, head.length).includes("webm")
  ) {
    return "video/webm";
  }
  return null;
}

export const uploadedVideoSchema = z
  .object({
    url: z.string().meta({ description: "Where the file is served, with range requests." }),
    type: z.enum(VIDEO_TYPES),
    bytes: z.int(),
  })
  .meta({ id: "ListingVideoFile" });
export type UploadedVideo = z.infer<typeof uploadedVideoSchema>;

/**
 * What the publish form shows about the video file: without the perk, the refusal's sentence
 * naming the plan (and whether a file is kept from an earlier plan); with it, the stored file.
 */
export type VideoFormState =
  | { allowed: false; message: string; kept: boolean }
  | { allowed: true; current: UploadedVideo | null };
