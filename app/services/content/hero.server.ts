import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { DEFAULT_HERO_CONTENT } from "../../db/reference/reference-data.ts";
import { heroContent } from "../../db/schema/index.ts";
import { AppError, type FieldErrors } from "../../lib/app-error.ts";
import type { HeroContent } from "../../lib/hero.ts";
import { heroContentSchema } from "../../lib/schemas/platform-settings.ts";
import { fieldErrorsOf } from "../../lib/validation.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { imageRefusal, mediaUrl, removeStoredImages, storeImage } from "../media/images.server.ts";
import { getHeroContent, invalidateSiteContent } from "./settings.server.ts";

/**
 * The home page's hero, as the administrator edits it: texts and slides in one save. A slide's
 * new picture goes through the listings' pipeline (the same checks, WebP variants without
 * metadata) into the media store's hero folder; pictures no slide shows any more are removed
 * once the new content is committed.
 */

const HERO_FOLDER = "hero";
/** An uploaded slide's picture by its URL: the storage key of its variants. */
const UPLOADED = /^\/media\/(hero\/[0-9a-f]{16})-gallery\.webp$/;
/** Stands in for a picture chosen in the form until it is stored (it passes the URL rule). */
const PENDING_PICTURE = "/images/hero/pending-upload.webp";

export interface HeroInput {
  title?: unknown;
  subtitle?: unknown;
  description?: unknown;
  slides?: { imageUrl?: unknown; alt?: unknown; description?: unknown }[];
}

function invalid(errors: FieldErrors): AppError {
  return new AppError("VALIDATION_FAILED", Object.values(errors)[0]!, errors);
}

function uploadedKey(url: string): string | null {
  return UPLOADED.exec(url)?.[1] ?? null;
}

/** What changed, for the audit entry: texts with their old and new values, slides by count. */
function changes(before: HeroContent, after: HeroContent): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  for (const field of ["title", "subtitle", "description"] as const) {
    if (before[field] !== after[field]) detail[field] = { from: before[field], to: after[field] };
  }
  if (JSON.stringify(before.slides) !== JSON.stringify(after.slides)) {
    detail.slides = { from: before.slides.length, to: after.slides.length };
  }
  return detail;
}

/**
 * Saves the hero. `files[i]`, when given, is a new picture for slide i (it replaces the slide's
 * `imageUrl`). Texts are checked first, then the pictures, and nothing is stored unless all of
 * it is right; the content and its audit entry (hero.edit) are written in one transaction, and
 * every visitor's next home page shows it.
 */
export async function updateHeroContent({
  actor,
  input,
  files = [],
}: {
  actor: Actor | null;
  input: HeroInput;
  files?: (Buffer | null)[];
}): Promise<HeroContent> {
  requireAllowed(actor, "settings:manage");
  const slides = Array.isArray(input.slides) ? input.slides : [];
  const parsed = heroContentSchema.safeParse({
    ...input,
    slides: slides.map((slide, i) => (files[i] ? { ...slide, imageUrl: PENDING_PICTURE } : slide)),
  });
  if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));

  // A slide keeps a picture it had: an uploaded one must be one the hero shows now.
  const shown = new Set((await getHeroContent()).slides.map((slide) => slide.imageUrl));
  const errors: FieldErrors = {};
  parsed.data.slides.forEach((slide, i) => {
    if (!files[i] && uploadedKey(slide.imageUrl) && !shown.has(slide.imageUrl)) {
      errors[`slides.${i}.imageUrl`] = "dashboard.hero.errors.slideImage";
    }
  });
  for (const [i, file] of files.entries()) {
    if (!file || i >= parsed.data.slides.length) continue;
    const refusal = await imageRefusal(file);
    if (refusal) errors[`slides.${i}.imageUrl`] = refusal.message;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const storage = getMediaStorage();
  const stored: string[] = [];
  const content: HeroContent = { ...parsed.data, slides: [...parsed.data.slides] };
  try {
    for (const [i, file] of files.entries()) {
      if (!file || i >= content.slides.length) continue;
      const image = await storeImage(storage, file, HERO_FOLDER).catch((error: unknown) => {
        // Every image slot busy: said as it is.
        if (error instanceof AppError) throw error;
        throw invalid({ [`slides.${i}.imageUrl`]: "publish.errors.imageInvalidType" });
      });
      stored.push(image.storageKey);
      content.slides[i] = {
        ...content.slides[i]!,
        imageUrl: mediaUrl(image.storageKey, "gallery"),
      };
    }
  } catch (error) {
    await removeStoredImages(storage, stored);
    throw error;
  }

  const db = await getDb();
  let before: HeroContent;
  try {
    before = await db.transaction(async (tx) => {
      await tx
        .insert(heroContent)
        .values({ id: 1, content: DEFAULT_HERO_CONTENT })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ content: heroContent.content })
        .from(heroContent)
        .where(eq(heroContent.id, 1))
        .for("update");
      const previous = row?.content ?? DEFAULT_HERO_CONTENT;
      const detail = changes(previous, content);
      if (Object.keys(detail).length === 0) return previous;
      await tx
        .update(heroContent)
        .set({ content, updatedAt: new Date() })
        .where(eq(heroContent.id, 1));
      await recordAudit(tx, actor.id, {
        action: "hero.edit",
        targetType: "hero",
        targetId: 1,
        detail: { changed: detail },
      });
      return previous;
    });
  } catch (error) {
    await removeStoredImages(storage, stored);
    throw error;
  }
  invalidateSiteContent();
  // Committed: uploaded pictures no slide shows any more are garbage now.
  const kept = new Set(content.slides.map((slide) => slide.imageUrl));
  await removeStoredImages(
    storage,
    before.slides
      .map((slide) => slide.imageUrl)
      .filter((url) => !kept.has(url))
      .map(uploadedKey)
      .filter((key): key is string => key !== null),
  );
  return content;
}
