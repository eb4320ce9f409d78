import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getConfig } from "../../config.server.ts";
import { getDb } from "../../db/client.server.ts";
import {
  agencies,
  countries,
  licenceKinds,
  user,
  verificationDocuments,
  verificationSubmissions,
} from "../../db/schema/index.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { verificationDecidedEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/app-error.ts";
import { logger } from "../../lib/logger.server.ts";
import { can } from "../../lib/permissions.ts";
import { ROLES, type Role } from "../../lib/roles.ts";
import {
  approveSubmissionSchema,
  businessInputSchema,
  identityInputSchema,
  rejectSubmissionSchema,
  type StepStatus,
  type SubmissionView,
  type DocumentStepsView,
} from "../../lib/schemas/verification.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import {
  defaultApprovalExpiry,
  isVerifiedUntil,
  needsBackSide,
  type DocumentSlot,
  type DocumentStep,
} from "../../lib/verification-values.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { documentUrl } from "./documents.server.ts";
import {
  checkDocument,
  deleteDocument,
  writeDocument,
  type DocumentContentType,
} from "./document-store.server.ts";

/**
 * Identity and business verification by documents (issue 28): a person submits what they
 * declare with the files, the administrator approves (until a date) or rejects (with a reason
 * the person reads), and the files are deleted DOCUMENT_RETENTION_DAYS after the decision. The
 * badge columns on the person's row (user.identity_verified_until, business_verified_until) are
 * written by the approval, in the same transaction as its audit entry.
 */

type Files = Partial<Record<DocumentSlot, Buffer | null>>;

const PENDING_CONSTRAINT = "verification_submissions_one_pending";

async function refuseWhilePending(actorId: string, step: DocumentStep): Promise<void> {
  const db = await getDb();
  const [pending] = await db
    .select({ id: verificationSubmissions.id })
    .from(verificationSubmissions)
    .where(
      and(
        eq(verificationSubmissions.userId, actorId),
        eq(verificationSubmissions.step, step),
        eq(verificationSubmissions.status, "pending"),
      ),
    );
  if (pending) throw new AppError("CONFLICT", "verification.errors.alreadyPending");
}

/**
 * Checks every file, encrypts and writes them, then records the submission and its documents in
 * one transaction. Files written for a submission that is then refused are removed again.
 */
async function storeSubmission(
  actor: Actor,
  step: DocumentStep,
  values: Omit<typeof verificationSubmissions.$inferInsert, "userId" | "step">,
  files: { slot: DocumentSlot; data: Buffer | null | undefined }[],
): Promise<number> {
  const checked: { slot: DocumentSlot; data: Buffer; contentType: DocumentContentType }[] = [];
  for (const file of files) {
    const contentType = await checkDocument(file.slot, file.data ?? null);
    checked.push({ slot: file.slot, data: file.data!, contentType });
  }
  const written: string[] = [];
  try {
    for (const file of checked) written.push(await writeDocument(file.data));
    const db = await getDb();
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(verificationSubmissions)
        .values({ ...values, userId: actor.id, step })
        .returning({ id: verificationSubmissions.id });
      await tx.insert(verificationDocuments).values(
        checked.map((file, i) => ({
          submissionId: row!.id,
          slot: file.slot,
          fileKey: written[i]!,
          contentType: file.contentType,
          bytes: file.data.length,
        })),
      );
      return row!.id;
    });
  } catch (error) {
    await Promise.all(written.map((key) => deleteDocument(key)));
    // Two submissions at once: the database's one-pending index refuses the second.
    if (constraintOf(error) === PENDING_CONSTRAINT) {
      throw new AppError("CONFLICT", "verification.errors.alreadyPending");
    }
    throw error;
  }
}

/** The identity step: the document's front (and back for the two cards) and a selfie. */
export async function submitIdentity(
  actor: Actor | null,
  { input, files }: { input: unknown; files: Files },
): Promise<{ id: number }> {
  requireAllowed(actor, "verification:submit");
  await requireUnderWriteLimit("verificationSubmit", actor);
  const declared = parsedOrRefused(
    identityInputSchema.safeParse(input),
    "verification.errors.invalidSubmission",
  );
  await requireCountry(declared.countryCode);
  await refuseWhilePending(actor.id, "identity");
  const slots: DocumentSlot[] = needsBackSide(declared.documentKind)
    ? ["front", "back", "selfie"]
    : ["front", "selfie"];
  const id = await storeSubmission(
    actor,
    "identity",
    {
      documentKind: declared.documentKind,
      declaredName: declared.declaredName,
      documentNumber: declared.documentNumber,
      countryCode: declared.countryCode,
      documentExpiresOn: declared.documentExpiresOn,
    },
    slots.map((slot) => ({ slot, data: files[slot] })),
  );
  return { id };
}

/** The business step (agents and professionals): a licence kind, its number and a document. */
export async function submitBusiness(
  actor: Actor | null,
  { input, file }: { input: unknown; file: Buffer | null | undefined },
): Promise<{ id: number }> {
  requireAllowed(actor, "verification:submit-business");
  await requireUnderWriteLimit("verificationSubmit", actor);
  const declared = parsedOrRefused(
    businessInputSchema.safeParse(input),
    "verification.errors.invalidSubmission",
  );
  const db = await getDb();
  const [kind] = await db
    .select({ countryCode: licenceKinds.countryCode })
    .from(licenceKinds)
    .where(and(eq(licenceKinds.id, declared.licenceKindId), eq(licenceKinds.active, true)));
  if (!kind) {
    throw new AppError("VALIDATION_FAILED", "verification.errors.licenceKindRequired", {
      licenceKindId: "verification.errors.licenceKindRequired",
    });
  }
  await refuseWhilePending(actor.id, "business");
  const id = await storeSubmission(
    actor,
    "business",
    {
      licenceKindId: declared.licenceKindId,
      documentNumber: declared.registrationNumber,
      countryCode: kind.countryCode,
      documentExpiresOn: declared.documentExpiresOn,
    },
    [{ slot: "business", data: file }],
  );
  return { id };
}

async function requireCountry(code: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, code));
  if (!row) {
    throw new AppError("VALIDATION_FAILED", "verification.errors.countryRequired", {
      countryCode: "verification.errors.countryRequired",
    });
  }
}

/**
 * The person's own steps: not submitted, pending, verified until a date (or expired), rejected
 * with the reason. The files are never part of it, not even for their owner.
 */
export async function documentSteps(actor: Actor | null): Promise<DocumentStepsView> {
  requireAllowed(actor, "verification:view-own");
  const db = await getDb();
  const [person] = await db
    .select({
      identityVerifiedUntil: user.identityVerifiedUntil,
      businessVerifiedUntil: user.businessVerifiedUntil,
    })
    .from(user)
    .where(eq(user.id, actor.id));
  const rows = await db
    .selectDistinctOn([verificationSubmissions.step], {
      step: verificationSubmissions.step,
      status: verificationSubmissions.status,
      reason: verificationSubmissions.reason,
      createdAt: verificationSubmissions.createdAt,
    })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.userId, actor.id))
    .orderBy(verificationSubmissions.step, desc(verificationSubmissions.createdAt));
  const latest = new Map(rows.map((r) => [r.step, r]));
  const stepStatus = (step: DocumentStep, until: Date | null | undefined): StepStatus => {
    const last = latest.get(step);
    const base = {
      step,
      verifiedUntil: until ? until.toISOString() : null,
      reason: null,
      submittedAt: last ? last.createdAt.toISOString() : null,
    };
    if (last?.status === "pending") return { ...base, state: "pending", canSubmit: false };
    if (isVerifiedUntil(until)) return { ...base, state: "verified", canSubmit: true };
    if (last?.status === "rejected") {
      return { ...base, state: "rejected", reason: last.reason, canSubmit: true };
    }
    if (until) return { ...base, state: "expired", canSubmit: true };
    return { ...base, state: "not-submitted", canSubmit: true };
  };
  return {
    identity: stepStatus("identity", person?.identityVerifiedUntil),
    business: can(actor, "verification:submit-business")
      ? stepStatus("business", person?.businessVerifiedUntil)
      : null,
  };
}

/** The submissions waiting for a decision, oldest first, with what was declared and the files. */
export async function listPendingSubmissions(actor: Actor | null): Promise<SubmissionView[]> {
  requireAllowed(actor, "verification:review");
  return submissionViews(eq(verificationSubmissions.status, "pending"));
}

async function submissionViews(where: ReturnType<typeof eq>): Promise<SubmissionView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      submission: verificationSubmissions,
      person: { id: user.id, name: user.name, email: user.email, role: user.role },
      licence: {
        id: licenceKinds.id,
        name: licenceKinds.name,
        profession: licenceKinds.profession,
      },
    })
    .from(verificationSubmissions)
    .innerJoin(user, eq(user.id, verificationSubmissions.userId))
    .leftJoin(licenceKinds, eq(licenceKinds.id, verificationSubmissions.licenceKindId))
    .where(where)
    .orderBy(asc(verificationSubmissions.createdAt), asc(verificationSubmissions.id))
    .limit(200);
  const ids = rows.map((r) => r.submission.id);
  const documents =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(verificationDocuments)
          .where(inArray(verificationDocuments.submissionId, ids))
          .orderBy(asc(verificationDocuments.id));
  return rows.map(({ submission: s, person, licence }) => ({
    id: s.id,
    step: s.step,
    status: s.status,
    person: { ...person, role: ROLES.find((role: Role) => role === person.role) ?? null },
    documentKind: s.documentKind,
    declaredName: s.declaredName,
    documentNumber: s.documentNumber,
    countryCode: s.countryCode,
    documentExpiresOn: s.documentExpiresOn,
    licenceKind: licence?.id ? licence : null,
    createdAt: s.createdAt.toISOString(),
    defaultExpiresOn: defaultApprovalExpiry(s.step, s.documentExpiresOn),
    approvedUntil: s.approvedUntil?.toISOString() ?? null,
    reason: s.reason,
    documents: documents
      .filter((d) => d.submissionId === s.id)
      .map((d) => ({
        id: d.id,
        slot: d.slot,
        contentType: d.contentType,
        url: d.deletedAt ? null : documentUrl(d.id),
        deletedAt: d.deletedAt?.toISOString() ?? null,
      })),
  }));
}

type Decision = { status: "approved"; expiresOn: string } | { status: "rejected"; reason: string };

/** Approves a pending submission until a date: by default the step's length, never past the document. */
export async function approveSubmission(
  actor: Actor | null,
  { submissionId, input }: { submissionId: unknown; input: unknown },
): Promise<SubmissionView> {
  requireAllowed(actor, "verification:review");
  const { expiresOn } = parsedOrRefused(
    approveSubmissionSchema.safeParse(input),
    "verification.errors.invalidDate",
  );
  return decide(actor, requireId(submissionId, "submission"), (row) => {
    const day = expiresOn ?? defaultApprovalExpiry(row.step, row.documentExpiresOn);
    const today = new Date().toISOString().slice(0, 10);
    if (day <= today) {
      throw new AppError("VALIDATION_FAILED", "verification.errors.expiryPast", {
        expiresOn: "verification.errors.expiryPast",
      });
    }
    if (row.documentExpiresOn && day > row.documentExpiresOn) {
      throw new AppError(
        "VALIDATION_FAILED",
        "verification.errors.expiryAfterDocument",
        { expiresOn: "verification.errors.expiryAfterDocument" },
        { date: row.documentExpiresOn },
      );
    }
    return { status: "approved", expiresOn: day };
  });
}

/** Rejects a pending submission with the reason the person reads (and is e-mailed). */
export async function rejectSubmission(
  actor: Actor | null,
  { submissionId, input }: { submissionId: unknown; input: unknown },
): Promise<SubmissionView> {
  requireAllowed(actor, "verification:review");
  const { reason } = parsedOrRefused(
    rejectSubmissionSchema.safeParse(input),
    "verification.errors.reasonRequired",
  );
  return decide(actor, requireId(submissionId, "submission"), () => ({
    status: "rejected",
    reason,
  }));
}

/**
 * Writes a decision, the badge column it sets and its audit entry in one transaction, then
 * e-mails the person (a failed e-mail is logged and does not undo the decision).
 */
async function decide(
  actor: Actor,
  id: number,
  choose: (row: typeof verificationSubmissions.$inferSelect) => Decision,
): Promise<SubmissionView> {
  const db = await getDb();
  const now = new Date();
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.id, id))
      .for("update");
    if (!row) throw notFound("submission");
    if (row.status !== "pending") {
      throw new AppError("CONFLICT", "verification.errors.alreadyDecided");
    }
    const decision = choose(row);
    // An approval "until 2028-05-01" holds through that day (UTC).
    const approvedUntil =
      decision.status === "approved" ? new Date(`${decision.expiresOn}T23:59:59.999Z`) : null;
    await tx
      .update(verificationSubmissions)
      .set({
        status: decision.status,
        reason: decision.status === "rejected" ? decision.reason : null,
        approvedUntil,
        decidedBy: actor.id,
        decidedAt: now,
      })
      .where(eq(verificationSubmissions.id, id));
    if (approvedUntil && row.step === "identity") {
      await tx
        .update(user)
        .set({ identityVerifiedUntil: approvedUntil })
        .where(eq(user.id, row.userId));
    }
    if (approvedUntil && row.step === "business") {
      await tx
        .update(user)
        .set({ businessVerifiedUntil: approvedUntil })
        .where(eq(user.id, row.userId));
      await tx
        .update(agencies)
        .set({ businessVerifiedAt: now })
        .where(eq(agencies.ownerId, row.userId));
    }
    await recordAudit(tx, actor.id, {
      action: decision.status === "approved" ? "verification.approve" : "verification.reject",
      targetType: "verification",
      targetId: id,
      detail: {
        step: row.step,
        userId: row.userId,
        ...(decision.status === "approved"
          ? { until: decision.expiresOn }
          : { reason: decision.reason }),
      },
    });
    const [person] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, row.userId));
    return { row, decision, person: person! };
  });

  const message = verificationDecidedEmail(decided.person.email, decided.person.name, {
    step: decided.row.step,
    ...(decided.decision.status === "approved"
      ? { approved: true, until: decided.decision.expiresOn }
      : { approved: false, reason: decided.decision.reason }),
    url: `${getConfig().appUrl}/dashboard/profile/verification`,
  });
  await getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger.error({ err: error }, `Could not e-mail the decision on verification ${id}`);
    });
  const [view] = await submissionViews(eq(verificationSubmissions.id, id));
  return view!;
}
