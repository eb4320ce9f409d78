import { and, eq, inArray, ne, or } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb } from "../../db/client.server.ts";
import { listings, publicProfiles, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { logger } from "../../lib/logger.server.ts";
import {
  brandingFormSchema,
  languagesFormSchema,
  websiteFormSchema,
} from "../../lib/schemas/public-profile.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { deleteStoredImage, imageRefusal, mediaUrl, storeImage } from "../media/images.server.ts";
import { deleteLogo, logoOf, storeLogo } from "../media/logo.server.ts";
import { mayUse, requireEntitlement } from "../premium/entitlements.server.ts";
import { ensurePublicProfile, handleToBe } from "./public-profile.server.ts";

/**
 * What agents and professionals set for their public page (the dashboard's Public Page tab and
 * the Profile tab's languages): languages for everyone, the property website and the branding
 * only with the perk (requireEntitlement refuses with the plan that unlocks it). Every save is
 * counted by the shared limiter before its input is judged.
 */

const COVER_FOLDER = "covers";

export interface PageSettings {
  handle: string;
  websiteHandle: string | null;
  languages: string[];
  about: string | null;
  coverUrl: string | null;
  featuredListingIds: number[];
  /** Their approved listings, to choose the featured ones from. */
  listings: { id: number; title: string }[];
  logoUrl: string | null;
  brandColor: string | null;
  /** Whether their plan grants each perk now. */
  website: boolean;
  branding: boolean;
}

async function nameOf(actor: Actor): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, actor.id));
  if (!row) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");
  return row.name;
}

/** Their page's row, made (with its handle) when they have none yet. */
async function profileRow(actor: Actor) {
  const db = await getDb();
  await ensurePublicProfile(db, actor.id, await nameOf(actor));
  const [row] = await db.select().from(publicProfiles).where(eq(publicProfiles.userId, actor.id));
  if (!row) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");
  return row;
}

export async function getPageSettings(actor: Actor | null): Promise<PageSettings> {
  requireAllowed(actor, "public-page:edit");
  const db = await getDb();
  // Read only: the row is made by the first save or the first time the page is needed.
  const [stored] = await db
    .select()
    .from(publicProfiles)
    .where(eq(publicProfiles.userId, actor.id));
  const row = stored ?? {
    handle: await handleToBe(await nameOf(actor)),
    websiteHandle: null,
    languages: [],
    about: null,
    coverKey: null,
    featuredListingIds: [],
    logoKey: null,
    brandColor: null,
  };
  const [own, website, branding] = await Promise.all([
    db
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(and(eq(listings.userId, actor.id), eq(listings.status, "approved")))
      .orderBy(listings.id),
    mayUse(actor, "propertyWebsite"),
    mayUse(actor, "customBranding"),
  ]);
  return {
    handle: row.handle,
    websiteHandle: row.websiteHandle,
    languages: row.languages,
    about: row.about,
    coverUrl: row.coverKey ? mediaUrl(row.coverKey, "card") : null,
    featuredListingIds: row.featuredListingIds,
    listings: own,
    logoUrl: logoOf(row.logoKey)?.url ?? null,
    brandColor: row.brandColor,
    website,
    branding,
  };
}

/** The languages their page lists; an account without a page row yet has none. */
export async function getLanguages(actor: Actor | null): Promise<string[]> {
  requireAllowed(actor, "public-page:edit");
  const db = await getDb();
  const [row] = await db
    .select({ languages: publicProfiles.languages })
    .from(publicProfiles)
    .where(eq(publicProfiles.userId, actor.id));
  return row?.languages ?? [];
}

/** The languages shown on their page (the Profile tab). */
export async function saveLanguages(actor: Actor | null, input: unknown): Promise<string[]> {
  requireAllowed(actor, "public-page:edit");
  await requireUnderWriteLimit("publicPage", actor);
  const { languages } = parsedOrRefused(
    languagesFormSchema.safeParse(input),
    "agents.errors.languagesInvalid",
  );
  await profileRow(actor);
  const db = await getDb();
  await db
    .update(publicProfiles)
    .set({ languages, updatedAt: new Date() })
    .where(eq(publicProfiles.userId, actor.id));
  return languages;
}

/**
 * The property website: a chosen address (free, not reserved, not anyone else's page), the about
 * text, featured listings among their approved ones and, when given, a new cover through the
 * listing image pipeline. Nothing is written when any of it is refused.
 */
export async function saveWebsite(
  actor: Actor | null,
  input: unknown,
  cover?: Buffer,
): Promise<{ handle: string }> {
  requireAllowed(actor, "public-page:website");
  await requireEntitlement(actor, "propertyWebsite");
  await requireUnderWriteLimit("publicPage", actor);
  const form = parsedOrRefused(websiteFormSchema.safeParse(input), "agents.errors.handleInvalid");
  const row = await profileRow(actor);
  const db = await getDb();
  const [clash] = await db
    .select({ userId: publicProfiles.userId })
    .from(publicProfiles)
    .where(
      and(
        ne(publicProfiles.userId, actor.id),
        or(eq(publicProfiles.handle, form.handle), eq(publicProfiles.websiteHandle, form.handle)),
      ),
    )
    .limit(1);
  if (clash) {
    throw new AppError("CONFLICT", "agents.errors.handleTaken", {
      handle: "agents.errors.handleTaken",
    });
  }
  if (form.featuredListingIds.length > 0) {
    const owned = await db
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.userId, actor.id),
          eq(listings.status, "approved"),
          inArray(listings.id, form.featuredListingIds),
        ),
      );
    if (owned.length !== form.featuredListingIds.length) {
      throw new AppError("VALIDATION_FAILED", "agents.errors.featuredInvalid", {
        featuredListingIds: "agents.errors.featuredInvalid",
      });
    }
  }
  if (cover) {
    const refusal = await imageRefusal(cover);
    if (refusal) throw new AppError(refusal.code, refusal.message, { cover: refusal.message });
  }
  const storage = getMediaStorage();
  const stored = cover ? await storeImage(storage, cover, COVER_FOLDER) : null;
  try {
    await db
      .update(publicProfiles)
      .set({
        websiteHandle: form.handle,
        about: form.about,
        featuredListingIds: form.featuredListingIds,
        ...(stored ? { coverKey: stored.storageKey } : {}),
        updatedAt: new Date(),
      })
      .where(eq(publicProfiles.userId, actor.id));
  } catch (error) {
    if (stored) await deleteStoredImage(storage, stored.storageKey).catch(() => undefined);
    // Someone took the address between the check and the write.
    if (constraintOf(error) === "public_profiles_website_handle_idx") {
      throw new AppError("CONFLICT", "agents.errors.handleTaken", {
        handle: "agents.errors.handleTaken",
      });
    }
    throw error;
  }
  if (stored && row.coverKey) {
    await deleteStoredImage(storage, row.coverKey).catch((error: unknown) => {
      logger.error({ err: error }, "Could not remove a replaced cover");
    });
  }
  return { handle: form.handle };
}

/**
 * Custom branding: the brand colour (refused unless it reads at WCAG AA, see app/lib/contrast.ts;
 * empty removes it) and, when given, a new logo through the logo pipeline.
 */
export async function saveBranding(
  actor: Actor | null,
  input: unknown,
  logo?: Buffer,
): Promise<{ brandColor: string | null }> {
  requireAllowed(actor, "public-page:branding");
  await requireEntitlement(actor, "customBranding");
  await requireUnderWriteLimit("publicPage", actor);
  const { brandColor } = parsedOrRefused(
    brandingFormSchema.safeParse(input),
    "agents.errors.colorInvalid",
  );
  const row = await profileRow(actor);
  const storage = getMediaStorage();
  const logoKey = logo ? await storeLogo(storage, logo) : null;
  const db = await getDb();
  try {
    await db
      .update(publicProfiles)
      .set({ brandColor, ...(logoKey ? { logoKey } : {}), updatedAt: new Date() })
      .where(eq(publicProfiles.userId, actor.id));
  } catch (error) {
    if (logoKey) await deleteLogo(storage, logoKey);
    throw error;
  }
  if (logoKey && row.logoKey) await deleteLogo(storage, row.logoKey);
  return { brandColor };
}
