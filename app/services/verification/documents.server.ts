import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { verificationDocuments, verificationSubmissions } from "../../db/schema/index.ts";
import { DOCUMENT_RETENTION_DAYS } from "../../lib/verification-values.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { deleteDocument, readDocument } from "./document-store.server.ts";

/**
 * The stored documents after their submission: the administrator's reading of a file, and their
 * deletion DOCUMENT_RETENTION_DAYS after the decision (docs/decisions/019-identity-documents.md).
 */

/** The administrator's address of a document: served by routes/resources/verification-document. */
export function documentUrl(documentId: number): string {
  return `/verification-documents/${documentId}`;
}

/**
 * A document's plain bytes for the administrator's screen. Nobody else, not even the person who
 * sent it: the table gives `verification-document:view` to the administrator only.
 */
export async function openVerificationDocument(
  actor: Actor | null,
  documentId: unknown,
): Promise<{ data: Buffer; contentType: string }> {
  requireAllowed(actor, "verification-document:view");
  const id = requireId(documentId, "document");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.id, id), isNull(verificationDocuments.deletedAt)));
  if (!row) throw notFound("document");
  const data = await readDocument(row.fileKey);
  if (!data) throw notFound("document");
  return { data, contentType: row.contentType };
}

/**
 * Deletes the files of submissions decided more than DOCUMENT_RETENTION_DAYS ago (the scheduled
 * jobs run it); each row records when, and the decision itself stays. Returns how many files.
 */
export async function deleteExpiredDocuments(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - DOCUMENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const due = await db
    .select({
      id: verificationDocuments.id,
      fileKey: verificationDocuments.fileKey,
      submissionId: verificationDocuments.submissionId,
    })
    .from(verificationDocuments)
    .innerJoin(
      verificationSubmissions,
      eq(verificationSubmissions.id, verificationDocuments.submissionId),
    )
    .where(
      and(isNull(verificationDocuments.deletedAt), lte(verificationSubmissions.decidedAt, cutoff)),
    )
    .limit(500);
  if (due.length === 0) return 0;
  // The file first: a crash between the two leaves a row that is tried again, never a file
  // that nothing points to.
  for (const doc of due) await deleteDocument(doc.fileKey);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationDocuments)
      .set({ deletedAt: now })
      .where(
        inArray(
          verificationDocuments.id,
          due.map((d) => d.id),
        ),
      );
    await tx
      .update(verificationSubmissions)
      .set({ documentsDeletedAt: now })
      .where(
        and(
          inArray(verificationSubmissions.id, [...new Set(due.map((d) => d.submissionId))]),
          sql`NOT EXISTS (SELECT 1 FROM ${verificationDocuments} d WHERE d.submission_id = ${verificationSubmissions.id} AND d.deleted_at IS NULL)`,
        ),
      );
  });
  return due.length;
}
