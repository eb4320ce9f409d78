import type { Toast } from "../toast.ts";
import { sniffImageFormat } from "./profile.ts";

/**
 * Images people upload: listing photos, hero slides and the pictures sent in messages. One limit
 * and one set of formats for all of them, checked in the browser and again on the server. The
 * spec's helper text says "up to 10MB".
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_FORMATS = ["jpeg", "png", "gif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** For the file picker only: what a file is, is decided by its content. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
export const IMAGE_SNIFF_BYTES = 12;

/** JPEG, PNG and GIF by their magic numbers; WebP is "RIFF" + 4 bytes + "WEBP". */
export function sniffUploadFormat(bytes: Uint8Array): ImageFormat | null {
  const known = sniffImageFormat(bytes);
  if (known) return known;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export type ImageProblem = "imageTooLarge" | "imageInvalidType";

/** The checks a browser can make before uploading; the server repeats them and decodes the file. */
export function imageProblem(size: number, head: Uint8Array): ImageProblem | null {
  if (size > MAX_IMAGE_BYTES) return "imageTooLarge";
  if (size === 0 || !sniffUploadFormat(head)) return "imageInvalidType";
  return null;
}

export function imageProblemToast(problem: ImageProblem, fileName?: string): Toast {
  return {
    title:
      problem === "imageTooLarge" ? "publish.toasts.fileTooLarge" : "publish.toasts.invalidType",
    description: `publish.images.${problem}`,
    params: { name: fileName ?? "" },
    variant: "destructive",
  };
}
