import { eq } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import { getDb, type Database } from "../../db/client.server.ts";
import { heroContent, platformSettings } from "../../db/schema/index.ts";
import type { HeroContent } from "../../lib/hero.ts";
import type { PublicSettings } from "../../lib/root-data.ts";
import {
  DEFAULT_HERO_CONTENT,
  DEFAULT_PLATFORM_SETTINGS,
} from "../../db/reference/reference-data.ts";
import { memo } from "../cache/memo.server.ts";

/**
 * The settings every page shows and the home page's hero, read on every request and changed only
 * by an administrator: kept in memory until `invalidateSiteContent()` is called by whatever
 * writes them. The notification address is read afresh when a message is sent.
 */
const publicSettings = memo(async (db): Promise<PublicSettings> => {
  const { siteName, tagline, supportEmail, supportPhone } = await readPlatformSettings(db);
  return { siteName, tagline, supportEmail, supportPhone };
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

export async function getNotificationEmail(): Promise<string> {
  return (await getPlatformSettings()).notificationEmail;
}

/** Every setting, for the administrator's Settings tab: the notification address as in effect. */
export async function getPlatformSettings(): Promise<PlatformSettings> {
  return readPlatformSettings(await getDb());
}

async function readPlatformSettings(db: Database): Promise<PlatformSettings> {
  const [row] = await db
    .select({
      siteName: platformSettings.siteName,
      tagline: platformSettings.tagline,
      supportEmail: platformSettings.supportEmail,
      supportPhone: platformSettings.supportPhone,
      notificationEmail: platformSettings.notificationEmail,
      requireManualApproval: platformSettings.requireManualApproval,
    })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  const settings = row ?? DEFAULT_PLATFORM_SETTINGS;
  return { ...settings, notificationEmail: notificationAddress(settings.notificationEmail) };
}
