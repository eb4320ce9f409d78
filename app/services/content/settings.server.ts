import { eq } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { heroContent, platformSettings } from "../../db/schema/index.ts";
import type { HeroContent } from "../../lib/hero.ts";
import type { PublicSettings } from "../../lib/root-data.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  SETTINGS_FIELDS,
  platformSettingsSchema,
  type PlatformSettingsInput,
} from "../../lib/schemas/platform-settings.ts";
import { DEFAULT_REPORT_HIDE_THRESHOLD } from "../../lib/safety-values.ts";
import { fieldErrorsOf } from "../../lib/validation.ts";
import {
  DEFAULT_HERO_CONTENT,
  DEFAULT_PLATFORM_SETTINGS,
} from "../../db/reference/reference-data.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { memo } from "../cache/memo.server.ts";
import { deleteLogo, logoOf, storeLogo } from "../media/logo.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";

/**
 * The settings every page shows and the home page's hero, read on every request and changed only
 * by an administrator: kept in memory until `invalidateSiteContent()` is called by whatever
 * writes them (this module's writes and ./hero.server.ts). The notification address and the
 * approval switch are read afresh where they are used.
 */
const publicSettings = memo(async (db): Promise<PublicSettings> => {
  const { siteName, tagline, supportEmail, supportPhone, logo } = await readPlatformSettings(db);
  return { siteName, tagline, supportEmail, supportPhone, logo };
});

const hero = memo(async (db): Promise<HeroContent> => {
  const [row] = await db
    .select({ content: heroContent.content })
    .from(heroContent)
    .where(eq(heroContent.id, 1));
  return row?.content ?? DEFAULT_HERO_CONTENT;
});

export function getPublicSettings(): Promise<PublicSettings> {
  return publicSettings.get();
}

/** The hero row, or the defaults when it is missing (it is created at start-up). */
export function getHeroContent(): Promise<HeroContent> {
  return hero.get();
}

export function invalidateSiteContent(): void {
  publicSettings.invalidate();
  hero.invalidate();
}

export interface PlatformSettings extends PublicSettings {
  notificationEmail: string;
  requireManualApproval: boolean;
  /** The service fee on new bookings, in percent. */
  serviceFeePercent: number;
  /** The weighted count of people's open reports that hides a listing pending review. */
  reportHideThreshold: number;
}

/**
 * Where the team's notifications go. The seeded value is a placeholder nobody reads, so until an
 * administrator sets a real address, they go to ADMIN_EMAIL.
 */
function notificationAddress(stored: string): string {
  const address = stored.trim();
  return address && address !== DEFAULT_PLATFORM_SETTINGS.notificationEmail
    ? address
    : getConfig().adminEmail;
}

/** Where new-listing and contact-form notifications go (read afresh on every send). */
export async function getNotificationEmail(): Promise<string> {
  return (await getPlatformSettings()).notificationEmail;
}

/** Whether a new listing from an agent or professional waits for review (the default) or not. */
export async function requiresManualApproval(): Promise<boolean> {
  return (await getPlatformSettings()).requireManualApproval;
}

/** Every setting, for the administrator's Settings tab: the notification address as in effect. */
export async function getPlatformSettings(): Promise<PlatformSettings> {
  return readPlatformSettings(await getDb());
}

const SETTINGS_COLUMNS = {
  siteName: platformSettings.siteName,
  tagline: platformSettings.tagline,
  supportEmail: platformSettings.supportEmail,
  supportPhone: platformSettings.supportPhone,
  notificationEmail: platformSettings.notificationEmail,
  requireManualApproval: platformSettings.requireManualApproval,
  logoPath: platformSettings.logoPath,
  serviceFeeBasisPoints: platformSettings.serviceFeeBasisPoints,
  reportHideThreshold: platformSettings.reportHideThreshold,
};

/** The reports threshold, read in the transaction that weighs a listing's reports. */
export async function reportHideThreshold(db: Database | DbTransaction): Promise<number> {
  const [row] = await db
    .select({ threshold: platformSettings.reportHideThreshold })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.threshold ?? DEFAULT_REPORT_HIDE_THRESHOLD;
}

async function readPlatformSettings(db: Database): Promise<PlatformSettings> {
  const [row] = await db
    .select(SETTINGS_COLUMNS)
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  const { logoPath, serviceFeeBasisPoints, ...settings } = row ?? {
    ...DEFAULT_PLATFORM_SETTINGS,
    logoPath: null,
    serviceFeeBasisPoints: 300,
    reportHideThreshold: DEFAULT_REPORT_HIDE_THRESHOLD,
  };
  return {
    ...settings,
    serviceFeePercent: serviceFeeBasisPoints / 100,
    logo: logoOf(logoPath),
    notificationEmail: notificationAddress(settings.notificationEmail),
  };
}

// ── Writes ────────────────────────────────────────────────────────────────────────────────────

export interface SettingsUpdate {
  /** The names of the settings that changed ("logo" for the logo); empty when nothing did. */
  changed: string[];
}

/**
 * Saves the Settings form: the branding and contact fields, the approval switch, and the logo (a
 * new file replaces it; `removeLogo` goes back to the built-in mark). Everything is checked
 * before anything is stored; the row and its audit entry (settings.edit, with each changed
 * field's old and new value) are written in one transaction, and every page shows the new
 * settings from the next request on.
 */
export async function updatePlatformSettings({
  actor,
  input,
  logo,
  removeLogo = false,
}: {
  actor: Actor | null;
  input: unknown;
  logo?: Buffer | null;
  removeLogo?: boolean;
}): Promise<SettingsUpdate> {
  requireAllowed(actor, "settings:manage");
  const parsed = platformSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw new AppError("VALIDATION_FAILED", Object.values(errors)[0]!, errors);
  }
  const storage = getMediaStorage();
  const newLogo = logo ? await storeLogo(storage, logo) : null;
  const db = await getDb();
  let outcome: { changed: string[]; oldLogo: string | null };
  try {
    outcome = await db.transaction(async (tx) => {
      await tx
        .insert(platformSettings)
        .values({ id: 1, ...DEFAULT_PLATFORM_SETTINGS })
        .onConflictDoNothing();
      const [before] = await tx
        .select(SETTINGS_COLUMNS)
        .from(platformSettings)
        .where(eq(platformSettings.id, 1))
        .for("update");
      const { serviceFeePercent, reportHideThreshold: threshold, ...next } = parsed.data;
      const current: Omit<PlatformSettingsInput, "serviceFeePercent" | "reportHideThreshold"> = {
        ...before!,
        notificationEmail: notificationAddress(before!.notificationEmail),
      };
      const detail: Record<string, { from: unknown; to: unknown }> = {};
      for (const field of SETTINGS_FIELDS) {
        if (current[field] !== next[field])
          detail[field] = { from: current[field], to: next[field] };
      }
      const logoPath = newLogo ?? (removeLogo ? null : before!.logoPath);
      if (logoPath !== before!.logoPath) detail.logo = { from: before!.logoPath, to: logoPath };
      const serviceFeeBasisPoints =
        serviceFeePercent === undefined
          ? before!.serviceFeeBasisPoints
          : Math.round(serviceFeePercent * 100);
      if (serviceFeeBasisPoints !== before!.serviceFeeBasisPoints) {
        detail.serviceFeePercent = {
          from: before!.serviceFeeBasisPoints / 100,
          to: serviceFeeBasisPoints / 100,
        };
      }
      const reportThreshold = threshold ?? before!.reportHideThreshold;
      if (reportThreshold !== before!.reportHideThreshold) {
        detail.reportHideThreshold = { from: before!.reportHideThreshold, to: reportThreshold };
      }
      const changed = Object.keys(detail);
      if (changed.length === 0) return { changed, oldLogo: null };
      await tx
        .update(platformSettings)
        .set({
          ...next,
          logoPath,
          serviceFeeBasisPoints,
          reportHideThreshold: reportThreshold,
          updatedAt: new Date(),
        })
        .where(eq(platformSettings.id, 1));
      await recordAudit(tx, actor.id, {
        action: "settings.edit",
        targetType: "settings",
        targetId: 1,
        detail: { changed: detail },
      });
      return { changed, oldLogo: logoPath !== before!.logoPath ? before!.logoPath : null };
    });
  } catch (error) {
    await deleteLogo(storage, newLogo);
    throw error;
  }
  invalidateSiteContent();
  await deleteLogo(storage, outcome.oldLogo);
  return { changed: outcome.changed };
}
