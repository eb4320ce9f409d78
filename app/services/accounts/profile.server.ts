import { and, eq, isNotNull } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { account, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Role } from "../../lib/roles.ts";
import { notificationSettingsSchema, type NotificationSettings } from "../../lib/schemas/safety.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import {
  profileDetailsSchema,
  profileErrorDescription,
  profileFieldErrors,
  profileFieldMessages,
} from "../../lib/schemas/profile.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { deleteAvatar, storeAvatar } from "../media/avatar.server.ts";
import { deleteAccountRows, removeAccountFiles } from "./account-removal.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { isSamePhone } from "../verification/phone-number.server.ts";

/** What the Profile tab shows: the stored row, not the session's copy of it. */
export interface Profile {
  name: string;
  email: string;
  phone: string | null;
  /** An uploaded avatar, else a Google picture, else null (initials are generated). */
  avatarUrl: string | null;
  role: Role | null;
  /** False for accounts that only sign in with Google: there is no password to change. */
  hasPassword: boolean;
  /** Whether new messages are e-mailed to them (the Notifications card). */
  messageEmails: boolean;
}

export async function getProfile(viewer: Viewer): Promise<Profile> {
  const db = await getDb();
  const [row] = await db
    .select({
      name: user.name,
      email: user.email,
      phone: user.phone,
      avatarUrl: user.avatarUrl,
      messageEmails: user.messageEmails,
    })
    .from(user)
    .where(eq(user.id, viewer.id));
  if (!row) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(
      and(
        eq(account.userId, viewer.id),
        eq(account.providerId, "credential"),
        isNotNull(account.password),
      ),
    )
    .limit(1);
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    avatarUrl: row.avatarUrl || null,
    role: viewer.role,
    hasPassword: Boolean(credential),
    messageEmails: row.messageEmails,
  };
}

/** The e-mails the person chose to get. */
export async function getNotificationSettings(viewer: Viewer): Promise<NotificationSettings> {
  const db = await getDb();
  const [row] = await db
    .select({ messageEmails: user.messageEmails })
    .from(user)
    .where(eq(user.id, viewer.id));
  if (!row) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");
  return row;
}

/** Saves the notification switches; input that is not a yes or no changes nothing. */
export async function updateNotificationSettings(
  viewer: Viewer,
  input: unknown,
): Promise<NotificationSettings> {
  await requireUnderWriteLimit("accountSettings", viewer);
  const settings = parsedOrRefused(
    notificationSettingsSchema.safeParse(input),
    "safety.errors.settingsInvalid",
  );
  const db = await getDb();
  const [row] = await db
    .update(user)
    .set({ messageEmails: settings.messageEmails, updatedAt: new Date() })
    .where(eq(user.id, viewer.id))
    .returning({ messageEmails: user.messageEmails });
  if (!row) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");
  return row;
}

export type UpdateProfileResult =
  | { changed: false }
  | { changed: true; name: string; phone: string | null; avatarUrl: string | null };

/**
 * Saves the full name, the phone number and, when one is given, a new avatar. Invalid input
 * throws an AppError whose field errors are profile error codes and changes nothing; input equal
 * to what is stored answers `{ changed: false }` (the spec's "No changes"). A replaced avatar's
 * file is removed once the new one is saved.
 */
export async function updateProfile(input: {
  viewer: Viewer;
  name: unknown;
  phone: unknown;
  avatar?: Buffer;
}): Promise<UpdateProfileResult> {
  // Counted before an avatar is decoded.
  await requireUnderWriteLimit("accountSettings", input.viewer);
  const parsed = profileDetailsSchema.safeParse({ name: input.name, phone: input.phone ?? "" });
  if (!parsed.success) {
    const codes = profileFieldErrors(parsed.error);
    const first = Object.values(codes)[0] ?? "nameRequired";
    throw new AppError(
      "VALIDATION_FAILED",
      profileErrorDescription(first),
      profileFieldMessages(codes),
    );
  }
  const { name, phone } = parsed.data;

  const db = await getDb();
  const [current] = await db
    .select({
      name: user.name,
      phone: user.phone,
      avatarUrl: user.avatarUrl,
      verifiedPhone: user.verifiedPhone,
    })
    .from(user)
    .where(eq(user.id, input.viewer.id));
  if (!current) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");

  const hasAvatar = input.avatar !== undefined;
  if (!hasAvatar && name === current.name && phone === (current.phone ?? null)) {
    return { changed: false };
  }

  const storage = getMediaStorage();
  // Checked and re-encoded before anything is written; a refused file throws here.
  const stored = hasAvatar ? await storeAvatar(storage, input.avatar as Buffer) : null;
  const avatarUrl = stored?.url ?? current.avatarUrl;
  // A verified phone stays verified only while the profile shows that same line, however typed.
  const lapses = current.verifiedPhone !== null && !isSamePhone(current.verifiedPhone, phone);
  try {
    await db
      .update(user)
      .set({
        name,
        phone,
        avatarUrl,
        updatedAt: new Date(),
        ...(lapses ? { verifiedPhone: null, phoneVerifiedAt: null } : {}),
      })
      .where(eq(user.id, input.viewer.id));
  } catch (error) {
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
  if (stored && current.avatarUrl !== stored.url) {
    await deleteAvatar(storage, current.avatarUrl).catch((error: unknown) => {
      logger.error({ err: error }, "Could not remove a replaced avatar file");
    });
  }
  return { changed: true, name, phone, avatarUrl };
}

/**
 * Deletes the account for good, in one transaction (see `deleteAccountRows` for what goes with
 * it); the image and avatar files are removed after the commit.
 */
export async function deleteAccount({
  viewer,
}: {
  viewer: Viewer;
}): Promise<{ listings: number; images: number }> {
  const db = await getDb();
  const removed = await db.transaction((tx) => deleteAccountRows(tx, viewer.id));
  if (!removed) throw new AppError("NOT_FOUND", "profile.danger.errorDescription");
  await removeAccountFiles(removed);
  return { listings: removed.listings, images: removed.imageKeys.length };
}
