import { and, eq, inArray, or } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb } from "../../db/client.server.ts";
import { bookings, session, user } from "../../db/schema/index.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { dayIn } from "../../lib/listing-time-zone.ts";
import { logger } from "../../lib/logger.server.ts";
import {
  MAX_SUSPENSION_DAYS,
  suspensionInputSchema,
  type SuspensionResult,
} from "../../lib/schemas/suspensions.ts";
import { isStorableText } from "../../lib/schemas/text.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { lockOf, roleOf } from "../admin/users.server.ts";
import { cancelCounted } from "../bookings/booking-cancel.server.ts";
import { listingTimeZone } from "../bookings/bookable.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { barOf, formatUntil, stateOf, type Bar } from "../../auth/standing.server.ts";

/**
 * The administrator suspends a person until a moment, or bans them (no end), with a reason, and
 * lifts either. What it does (docs/decisions/020-suspensions.md): the person's sessions end in the
 * same transaction; their listings drop out of every public query (auth/standing.server.ts), kept as
 * they were; their open bookings are resolved by the rule below; they are e-mailed.
 */

const t = createTranslator();

function notFound(): AppError {
  return new AppError("NOT_FOUND", "dashboard.users.errors.notFound");
}

function requireUserId(raw: string): string {
  if (raw.length === 0 || raw.length > 100 || !isStorableText(raw)) throw notFound();
  return raw;
}

/**
 * The stated rule (020): as host, every request and every confirmed stay of their listings whose
 * check-in has not come is cancelled by the administrator, which refunds the guest in full; as
 * guest, their open requests are cancelled, refunding in full anything paid. A stay under way, and
 * a confirmed stay they booked as guest, are kept: the other party relies on them.
 */
async function resolveBookings(admin: Actor, userId: string, reason: string, now: Date) {
  const db = await getDb();
  const open = await db
    .select({
      id: bookings.id,
      listingId: bookings.listingId,
      hostId: bookings.hostId,
      status: bookings.status,
      checkIn: bookings.checkIn,
    })
    .from(bookings)
    .where(
      or(
        and(eq(bookings.hostId, userId), inArray(bookings.status, ["requested", "confirmed"])),
        and(eq(bookings.guestId, userId), eq(bookings.status, "requested")),
      ),
    );
  let cancelled = 0;
  for (const booking of open) {
    if (booking.hostId === userId && booking.status === "confirmed") {
      const today = dayIn(now, await listingTimeZone(db, booking.listingId));
      if (booking.checkIn <= today) continue;
    }
    try {
      await cancelCounted(admin, booking.id, { reason }, now);
      cancelled += 1;
    } catch (error) {
      // Answered or cancelled by its other party meanwhile: nothing is left to resolve.
      if (!(error instanceof AppError) || error.code !== "CONFLICT") throw error;
    }
  }
  return cancelled;
}

function noticeEmail(to: string, name: string, bar: Bar, cancelled: number) {
  const until = bar.until ? formatUntil(bar.until) : null;
  return layout({
    to,
    subject: until
      ? t("suspensions.mail.subjectSuspended", { until })
      : t("suspensions.mail.subjectBanned"),
    greeting: t("email.hello", { name }),
    lines: [
      until ? t("suspensions.mail.bodySuspended", { until }) : t("suspensions.mail.bodyBanned"),
      t("suspensions.mail.reason", { reason: bar.reason }),
      until ? t("suspensions.mail.effects") : t("suspensions.mail.effectsBanned"),
      t("suspensions.rule"),
      t("suspensions.mail.bookings", { count: cancelled }),
    ],
    footer: t("suspensions.mail.footer"),
  });
}

/**
 * Suspends (until a future moment) or bans an account. Refused for one's own account and the
 * administrator address's. A second suspension replaces the first (a new end, a new reason).
 */
export async function suspendUser({
  actor,
  userId,
  input,
  now = new Date(),
}: {
  actor: Actor | null;
  userId: string;
  input: unknown;
  now?: Date;
}): Promise<SuspensionResult> {
  requireAllowed(actor, "user:suspend");
  const decision = parsedOrRefused(
    suspensionInputSchema.safeParse(input),
    "suspensions.errors.kindInvalid",
  );
  const until = decision.kind === "suspend" ? decision.until : null;
  if (until && until <= now) {
    throw new AppError("VALIDATION_FAILED", "suspensions.errors.untilPast", {
      until: "suspensions.errors.untilPast",
    });
  }
  if (until && until.getTime() - now.getTime() > MAX_SUSPENSION_DAYS * 86_400_000) {
    throw new AppError("VALIDATION_FAILED", "suspensions.errors.untilTooFar", {
      until: "suspensions.errors.untilTooFar",
    });
  }
  const id = requireUserId(userId);
  await requireUnderWriteLimit("suspension", actor);
  const db = await getDb();
  const target = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id, email: user.email, name: user.name, role: user.role })
      .from(user)
      .where(eq(user.id, id))
      .for("update");
    if (!row) throw notFound();
    const lock = lockOf(actor, { id: row.id, role: roleOf(row) });
    if (lock === "self") throw new AppError("FORBIDDEN", "suspensions.errors.cannotSelf");
    if (lock === "admin") throw new AppError("FORBIDDEN", "suspensions.errors.cannotAdmin");
    await tx
      .update(user)
      .set({ banned: true, banReason: decision.reason, banExpires: until, updatedAt: now })
      .where(eq(user.id, id));
    // Signed out everywhere at once: the session loader would refuse them anyway.
    await tx.delete(session).where(eq(session.userId, id));
    await recordAudit(tx, actor.id, {
      action: until ? "user.suspend" : "user.ban",
      targetType: "user",
      targetId: id,
      detail: { email: row.email, reason: decision.reason, until: until?.toISOString() ?? null },
    });
    return row;
  });
  const bar: Bar = { until, reason: decision.reason };
  const cancelled = await resolveBookings(actor, id, decision.reason, now);
  await getMailer()
    .send(noticeEmail(target.email, target.name, bar, cancelled))
    .catch((error: unknown) => {
      // The suspension holds without the notice; the administrator sees the failure in the log.
      logger.error({ err: error }, `Suspension notice to ${target.email} not sent`);
    });
  return {
    userId: id,
    email: target.email,
    suspension: stateOf(bar) ?? { until: null, reason: bar.reason },
    bookingsCancelled: cancelled,
  };
}

/** Lifts a suspension or ban in force. Bookings cancelled by it stay cancelled. */
export async function liftSuspension({
  actor,
  userId,
  now = new Date(),
}: {
  actor: Actor | null;
  userId: string;
  now?: Date;
}): Promise<{ userId: string; email: string }> {
  requireAllowed(actor, "user:suspend");
  const id = requireUserId(userId);
  await requireUnderWriteLimit("suspension", actor);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: user.id,
        email: user.email,
        banned: user.banned,
        banReason: user.banReason,
        banExpires: user.banExpires,
      })
      .from(user)
      .where(eq(user.id, id))
      .for("update");
    if (!row) throw notFound();
    const bar = barOf(row, now);
    if (!bar) throw new AppError("CONFLICT", "suspensions.errors.notSuspended");
    await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: now })
      .where(eq(user.id, id));
    await recordAudit(tx, actor.id, {
      action: "user.unsuspend",
      targetType: "user",
      targetId: id,
      detail: { email: row.email, reason: bar.reason, until: bar.until?.toISOString() ?? null },
    });
    return { userId: id, email: row.email };
  });
}
