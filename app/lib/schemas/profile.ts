import { z } from "zod";
import type { MessageKey } from "../../i18n/translate.ts";
import type { FieldErrors } from "../app-error.ts";
import { SELECTABLE_ROLES } from "../roles.ts";
import type { Toast } from "../toast.ts";
import { isStorableText, oneLine } from "./text.ts";

/**
 * The Profile tab's forms, shared by the browser (checks before sending), the route action and
 * the profile service. Issue messages are error codes; `profileErrorToast` turns one into the
 * spec's toast ("Name Required" / "Please enter your full name.").
 */

export const PROFILE_INTENTS = [
  "update-profile",
  "change-password",
  "change-account-type",
  "delete-account",
  "save-notifications",
  "save-languages",
] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export const PROFILE_ERROR_CODES = [
  "nameRequired",
  "nameTooLong",
  "nameIsEmail",
  "invalidCharacters",
  "invalidPhone",
  "noChanges",
  "fileTooLarge",
  "invalidType",
  "missingFields",
  "passwordTooShort",
  "passwordMismatch",
] as const;
export type ProfileErrorCode = (typeof PROFILE_ERROR_CODES)[number];

export function isProfileErrorCode(value: unknown): value is ProfileErrorCode {
  return typeof value === "string" && (PROFILE_ERROR_CODES as readonly string[]).includes(value);
}

export function profileErrorTitle(code: ProfileErrorCode): MessageKey {
  return `profile.errors.${code}.title`;
}

export function profileErrorDescription(code: ProfileErrorCode): MessageKey {
  return `profile.errors.${code}.description`;
}

/** "No changes" is a notice; every other code is a destructive toast. */
export function profileErrorToast(code: ProfileErrorCode): Toast {
  return {
    title: profileErrorTitle(code),
    description: profileErrorDescription(code),
    variant: code === "noChanges" ? "default" : "destructive",
  };
}

// ── Avatar ────────────────────────────────────────────────────────────────────────────────────

/** The spec's limit: an avatar is at most 2 MB. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
export const AVATAR_FORMATS = ["jpeg", "png", "gif"] as const;
export type AvatarFormat = (typeof AVATAR_FORMATS)[number];
/** For the file picker only: what a file is, is decided by its content. */
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/gif";
/** Bytes needed by `sniffImageFormat`. */
export const SNIFF_BYTES = 8;

/**
 * The image format a file's first bytes announce (its "magic number"), whatever its name or
 * declared type says: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, GIF "GIF87a" / "GIF89a".
 */
export function sniffImageFormat(bytes: Uint8Array): AvatarFormat | null {
  const starts = (signature: number[]) =>
    bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (
    starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  ) {
    return "gif";
  }
  return null;
}

/** The checks a browser can make before uploading; the server repeats them and decodes the file. */
export function avatarProblem(size: number, head: Uint8Array): ProfileErrorCode | null {
  if (size > MAX_AVATAR_BYTES) return "fileTooLarge";
  if (size === 0 || !sniffImageFormat(head)) return "invalidType";
  return null;
}

// ── Profile details ───────────────────────────────────────────────────────────────────────────

export const MAX_NAME_LENGTH = 120;
const PHONE_CHARACTERS = /^\+?[\d\s()-]+$/;

/**
 * Digits, spaces, hyphens and parentheses with an optional leading plus (the spec's rule), and
 * enough digits to be a number at all: 5 to 15, the longest international number.
 */
export function isValidPhone(phone: string): boolean {
  if (!PHONE_CHARACTERS.test(phone)) return false;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= 5 && digits <= 15;
}

/**
 * The characters that change the direction text is shown in (marks, embeddings, overrides,
 * isolates): invisible, they make a name read as something else ("\u202Egpj.exe" shows as
 * "exe.jpg"). A name in a right-to-left script needs none of them.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** An "@" between two words: an address shown as a name, around the counted "reveal on click". */
const EMAIL_LIKE = /[^\s@]@[^\s@]/;

/**
 * A person's name, wherever it is set (the Profile tab, better-auth's sign-up and update-user):
 * one line of visible text, 1 to MAX_NAME_LENGTH characters, not an e-mail address.
 */
export const personNameSchema = z
  .string({ error: "nameRequired" })
  .refine(isStorableText, "invalidCharacters")
  .refine((name) => !DIRECTION_CONTROLS.test(name), "invalidCharacters")
  .overwrite(oneLine)
  .trim()
  .min(1, "nameRequired")
  .max(MAX_NAME_LENGTH, "nameTooLong")
  .refine((name) => !EMAIL_LIKE.test(name), "nameIsEmail");

export const profileDetailsSchema = z.object({
  name: personNameSchema,
  /** Optional: an empty field clears the stored number. */
  phone: z
    .string({ error: "invalidPhone" })
    .trim()
    .transform((v) => v.replace(/\s+/g, " "))
    .refine((v) => v === "" || (v.length <= 30 && isValidPhone(v)), "invalidPhone")
    .transform((v) => (v === "" ? null : v)),
});
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

// ── Password ──────────────────────────────────────────────────────────────────────────────────

export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's limit; longer passwords come back as its own error message. */
export const MAX_PASSWORD_LENGTH = 128;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().catch(""),
    newPassword: z.string().catch(""),
    confirmPassword: z.string().catch(""),
  })
  .superRefine((v, ctx) => {
    for (const field of ["currentPassword", "newPassword", "confirmPassword"] as const) {
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: "missingFields" });
    }
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) return;
    if (v.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: "passwordTooShort" });
    } else if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "passwordMismatch" });
    }
  });

// ── Account type ──────────────────────────────────────────────────────────────────────────────

export const accountTypeSchema = z.object({ role: z.enum(SELECTABLE_ROLES) });

export const profileIntentSchema = z.object({ intent: z.enum(PROFILE_INTENTS) });

/** First error code per field of a failed parse of one of the schemas above. */
export function profileFieldErrors(error: z.ZodError): Record<string, ProfileErrorCode> {
  const errors: Record<string, ProfileErrorCode> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    if (errors[field]) continue;
    errors[field] = isProfileErrorCode(issue.message) ? issue.message : "missingFields";
  }
  return errors;
}

/** The text shown under a field for an error code; "Missing Fields" says it per field. */
export function profileFieldMessage(code: ProfileErrorCode): MessageKey {
  return code === "missingFields" ? "profile.fieldRequired" : profileErrorDescription(code);
}

/** The text under each field, for error codes per field. */
export function profileFieldMessages(codes: Record<string, ProfileErrorCode>): FieldErrors {
  const messages: FieldErrors = {};
  for (const [field, code] of Object.entries(codes)) messages[field] = profileFieldMessage(code);
  return messages;
}

/** The toast for a refusal whose message is a profile error's description ("missingFields" else). */
export function profileRefusalToast(message: MessageKey): Toast {
  const code = PROFILE_ERROR_CODES.find((c) => profileErrorDescription(c) === message);
  return profileErrorToast(code ?? "missingFields");
}

/** What the Profile tab's action answers when it does not redirect. */
export interface ProfileFormResult {
  intent: ProfileIntent;
  /** Field name → the message shown under it. */
  errors: Record<string, MessageKey>;
  toast: Toast;
  /** The details as sent, so a refused form shows them again (also without JavaScript). */
  values?: { name: string; phone: string };
  /** The languages as sent, so a refused list shows again. */
  languages?: string;
}
