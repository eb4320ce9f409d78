import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { requireUnderRateLimit, requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { resolveAuthSecret } from "../../auth/secret.server.ts";
import { getConfig } from "../../config.server.ts";
import { getDb } from "../../db/client.server.ts";
import { listings, phoneVerificationCodes, user } from "../../db/schema/index.ts";
import { AppError, RateLimitError } from "../../lib/app-error.ts";
import { logger } from "../../lib/logger.server.ts";
import {
  MAX_CODE_ATTEMPTS,
  PHONE_CODE_COOLDOWN_SECONDS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_TTL_MINUTES,
} from "../../lib/phone-verification-values.ts";
import {
  phoneCodeConfirmSchema,
  phoneCodeRequestSchema,
  type PhoneCodeSent,
  type PhoneStep,
} from "../../lib/schemas/verification.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { readPhoneNumber } from "./phone-number.server.ts";
import { getSmsProvider } from "./sms/sms.server.ts";
import { SmsError } from "./sms/provider.server.ts";

/**
 * The phone step: a six-digit code sent by SMS to the number the person gives, then typed back.
 * Only a keyed hash of the code is stored; it works for PHONE_CODE_TTL_MINUTES and survives
 * MAX_CODE_ATTEMPTS - 1 wrong entries. Sending is limited three ways: a cooldown between two
 * codes, an hourly count per account and address (`phoneCode`), and one per number
 * (`phoneCodeNumber`), so nobody can make the site text a stranger over and over.
 * docs/decisions/018-verification.md gives the reasons.
 */

/** What a person gets by SMS; the site's name first so it is recognised in a list of texts. */
export function phoneCodeText(code: string): string {
  return `Gateway Africa: your verification code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Never share it: we will never ask you for it.`;
}

/**
 * Keyed with the site's secret, and with the account and number: a copy of the table alone
 * cannot be searched through the million possible codes.
 */
function codeHash(userId: string, phone: string, code: string): string {
  return createHmac("sha256", resolveAuthSecret(getConfig()))
    .update(`phone-code:${userId}:${phone}:${code}`)
    .digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The country of the person's newest listing: the one place the site knows their country. */
export async function knownCountry(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ countryCode: listings.countryCode })
    .from(listings)
    .where(eq(listings.userId, userId))
    .orderBy(desc(listings.createdAt))
    .limit(1);
  return row?.countryCode ?? null;
}

/**
 * Sends a new code to the number given (replacing any earlier one). Counted before the input is
 * judged, like every write; a bad number changes nothing. A gateway that fails is said plainly
 * (503) and leaves no code behind.
 */
export async function sendPhoneCode(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<PhoneCodeSent> {
  requireAllowed(actor, "verification:phone");
  await requireUnderWriteLimit("phoneCode", actor);
  const provider = getSmsProvider();
  if (!provider) throw new AppError("SERVICE_UNAVAILABLE", "verification.errors.smsUnavailable");
  const request = parsedOrRefused(
    phoneCodeRequestSchema.safeParse(input),
    "verification.errors.phoneInvalid",
  );
  const number = readPhoneNumber(request.phone, request.country ?? (await knownCountry(actor.id)));
  if (!number.ok) {
    const message =
      number.reason === "international"
        ? "verification.errors.phoneInternational"
        : "verification.errors.phoneInvalid";
    throw new AppError("VALIDATION_FAILED", message, { phone: message });
  }
  const phone = number.e164;
  const db = await getDb();
  const [person] = await db
    .select({ verifiedPhone: user.verifiedPhone, phoneVerifiedAt: user.phoneVerifiedAt })
    .from(user)
    .where(eq(user.id, actor.id));
  if (!person) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");
  if (person.phoneVerifiedAt && person.verifiedPhone === phone) {
    throw new AppError("CONFLICT", "verification.errors.alreadyVerified", {
      phone: "verification.errors.alreadyVerified",
    });
  }
  const [earlier] = await db
    .select({ sentAt: phoneVerificationCodes.sentAt })
    .from(phoneVerificationCodes)
    .where(eq(phoneVerificationCodes.userId, actor.id));
  if (earlier) {
    const wait = PHONE_CODE_COOLDOWN_SECONDS - (now.getTime() - earlier.sentAt.getTime()) / 1000;
    if (wait > 0) throw new RateLimitError("limits.phoneCodeCooldown", Math.ceil(wait));
  }
  // The number's own count: many accounts cannot take turns texting one stranger.
  await requireUnderRateLimit("phoneCodeNumber", { account: `phone:${phone}` }, { now });

  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
  const row = {
    userId: actor.id,
    phone,
    codeHash: codeHash(actor.id, phone, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000),
  };
  await db
    .insert(phoneVerificationCodes)
    .values(row)
    .onConflictDoUpdate({ target: phoneVerificationCodes.userId, set: row });
  try {
    await provider.send({ to: phone, body: phoneCodeText(code) });
  } catch (error) {
    // A code nobody received must not hold the cooldown or be guessable.
    await db
      .delete(phoneVerificationCodes)
      .where(
        and(
          eq(phoneVerificationCodes.userId, actor.id),
          eq(phoneVerificationCodes.codeHash, row.codeHash),
        ),
      );
    if (!(error instanceof SmsError)) throw error;
    logger.error({ err: error, provider: provider.id }, "A verification text could not be sent");
    throw new AppError("SERVICE_UNAVAILABLE", "verification.errors.smsFailed");
  }
  return {
    phone,
    expiresAt: row.expiresAt.toISOString(),
    resendAfter: new Date(now.getTime() + PHONE_CODE_COOLDOWN_SECONDS * 1000).toISOString(),
  };
}

/**
 * Checks the code typed. Each entry first takes one of the code's attempts in a single update
 * (so parallel guesses cannot share one), then compares: the right code verifies the number it
 * was sent to and makes it the profile phone; the last wrong one ends the code.
 */
export async function confirmPhoneCode(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<PhoneStep> {
  requireAllowed(actor, "verification:phone");
  await requireUnderWriteLimit("phoneConfirm", actor);
  const { code } = parsedOrRefused(
    phoneCodeConfirmSchema.safeParse(input),
    "verification.errors.codeFormat",
  );
  const db = await getDb();
  const [taken] = await db
    .update(phoneVerificationCodes)
    .set({ attempts: sql`${phoneVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(phoneVerificationCodes.userId, actor.id),
        lt(phoneVerificationCodes.attempts, MAX_CODE_ATTEMPTS),
        gt(phoneVerificationCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!taken) {
    throw new AppError("CONFLICT", "verification.errors.codeExpired", {
      code: "verification.errors.codeExpired",
    });
  }
  if (!sameHash(taken.codeHash, codeHash(actor.id, taken.phone, code))) {
    const left = MAX_CODE_ATTEMPTS - taken.attempts;
    if (left <= 0) {
      await db.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, actor.id));
      throw new AppError("CONFLICT", "verification.errors.tooManyAttempts", {
        code: "verification.errors.tooManyAttempts",
      });
    }
    throw new AppError(
      "VALIDATION_FAILED",
      "verification.errors.codeWrong",
      { code: "verification.errors.codeWrong" },
      { left },
    );
  }
  await db.transaction(async (tx) => {
    await tx.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, actor.id));
    await tx
      .update(user)
      .set({ verifiedPhone: taken.phone, phoneVerifiedAt: now, phone: taken.phone, updatedAt: now })
      .where(eq(user.id, actor.id));
  });
  return phoneStep(actor.id, now);
}

/** The phone step as the person sees it: verified or not, and a code in progress. */
export async function phoneStep(userId: string, now = new Date()): Promise<PhoneStep> {
  const db = await getDb();
  const [person] = await db
    .select({ verifiedPhone: user.verifiedPhone, phoneVerifiedAt: user.phoneVerifiedAt })
    .from(user)
    .where(eq(user.id, userId));
  const [pending] = await db
    .select()
    .from(phoneVerificationCodes)
    .where(
      and(
        eq(phoneVerificationCodes.userId, userId),
        lt(phoneVerificationCodes.attempts, MAX_CODE_ATTEMPTS),
        gt(phoneVerificationCodes.expiresAt, now),
      ),
    );
  const verified = Boolean(person?.phoneVerifiedAt && person.verifiedPhone);
  return {
    available: getSmsProvider() !== null,
    verified,
    verifiedPhone: verified ? person!.verifiedPhone : null,
    verifiedAt: verified ? person!.phoneVerifiedAt!.toISOString() : null,
    pending: pending
      ? {
          phone: pending.phone,
          expiresAt: pending.expiresAt.toISOString(),
          resendAfter: new Date(
            pending.sentAt.getTime() + PHONE_CODE_COOLDOWN_SECONDS * 1000,
          ).toISOString(),
          attemptsLeft: MAX_CODE_ATTEMPTS - pending.attempts,
        }
      : null,
  };
}

/** Forgets codes past their time (the scheduled jobs call it every minute). */
export async function pruneExpiredPhoneCodes(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(phoneVerificationCodes).where(lt(phoneVerificationCodes.expiresAt, now));
}
