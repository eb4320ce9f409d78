import { AppError } from "../../lib/app-error.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { imageRefusal } from "../media/images.server.ts";
import { storeImage } from "../media/images.server.ts";

/** An image attached to a message, stored by the image pipeline (WebP variants, no metadata). */
export interface MessageImage {
  storageKey: string;
  width: number;
  height: number;
}

/**
 * Checks and stores an attached image as listing images are (PNG, JPEG, GIF or WebP of at most
 * 10 MB, judged by content; re-encoded, so nothing hidden in the file travels on).
 */
export async function storeMessageImage(data: Buffer): Promise<MessageImage> {
  const refusal = await imageRefusal(data);
  if (refusal) {
    throw new AppError(refusal.code, refusal.message, { image: refusal.message });
  }
  try {
    return await storeImage(getMediaStorage(), data, "messages");
  } catch (error) {
    // Every image slot busy: said as it is.
    if (error instanceof AppError) throw error;
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "publish.errors.imageInvalidType", {
      image: "publish.errors.imageInvalidType",
    });
  }
}
