import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import {
  VERIFICATION_STATUSES,
  DOCUMENT_SLOTS,
  DOCUMENT_STEPS,
  IDENTITY_DOCUMENT_KINDS,
  LICENCE_PROFESSIONS,
  type DocumentSlot,
  type DocumentStep,
  type IdentityDocumentKind,
  type LicenceProfession,
  type VerificationStatus,
} from "../../lib/verification-values.ts";
import { user } from "./auth.ts";
import { countries } from "./reference.ts";
import { oneOf } from "./sql-helpers.ts";

/**
 * Which licence a business shows, per country and profession: reference data the administrator
 * edits (app/services/verification/licence-kinds.server.ts). A kind no longer offered is
 * switched off, not deleted, so past submissions still name it.
 */
export const licenceKinds = pgTable(
  "licence_kinds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    countryCode: varchar("country_code", { length: 2 })
      .notNull()
      .references(() => countries.code),
    profession: text("profession").$type<LicenceProfession>().notNull(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    unique("licence_kinds_country_profession_name_unique").on(t.countryCode, t.profession, t.name),
    check("licence_kinds_profession_check", oneOf(t.profession, LICENCE_PROFESSIONS)),
    check("licence_kinds_name_check", sql`length(trim(${t.name})) > 0`),
  ],
);

/**
 * One identity or business submission and its decision. What the person declared is kept after
 * the files are deleted (documents_deleted_at), so the record of the decision stays.
 */
export const verificationSubmissions = pgTable(
  "verification_submissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    step: text("step").$type<DocumentStep>().notNull(),
    status: text("status").$type<VerificationStatus>().notNull().default("pending"),
    /** The identity document's kind; null for a business submission. */
    documentKind: text("document_kind").$type<IdentityDocumentKind>(),
    /** The full name as on the identity document; null for a business submission. */
    declaredName: text("declared_name"),
    /** The document's number, or the business's registration or licence number. */
    documentNumber: text("document_number").notNull(),
    countryCode: varchar("country_code", { length: 2 })
      .notNull()
      .references(() => countries.code),
    /** The document's own expiry when declared: an approval never lasts past it. */
    documentExpiresOn: date("document_expires_on", { mode: "string" }),
    licenceKindId: integer("licence_kind_id").references(() => licenceKinds.id),
    reason: text("reason"),
    approvedUntil: timestamp("approved_until", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** When the scheduled job deleted the files (DOCUMENT_RETENTION_DAYS after the decision). */
    documentsDeletedAt: timestamp("documents_deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One submission per step waits at a time: a second is refused, also under a race.
    uniqueIndex("verification_submissions_one_pending")
      .on(t.userId, t.step)
      .where(sql`${t.status} = 'pending'`),
    index("verification_submissions_user_idx").on(t.userId, t.step, t.createdAt),
    index("verification_submissions_status_idx").on(t.status, t.createdAt),
    check("verification_submissions_step_check", oneOf(t.step, DOCUMENT_STEPS)),
    check("verification_submissions_status_check", oneOf(t.status, VERIFICATION_STATUSES)),
    check(
      "verification_submissions_kind_check",
      sql`(${t.step} = 'identity' AND ${t.documentKind} IS NOT NULL AND ${oneOf(t.documentKind, IDENTITY_DOCUMENT_KINDS)} AND ${t.declaredName} IS NOT NULL)
        OR (${t.step} = 'business' AND ${t.documentKind} IS NULL AND ${t.licenceKindId} IS NOT NULL)`,
    ),
    check(
      "verification_submissions_decision_check",
      sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)
        AND (${t.status} = 'approved') = (${t.approvedUntil} IS NOT NULL)`,
    ),
  ],
);

/**
 * A submission's files, encrypted on disk under DATA_DIR/verification-documents (never under
 * the public media folder). The row stays when the file is deleted, saying when.
 */
export const verificationDocuments = pgTable(
  "verification_documents",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => verificationSubmissions.id, { onDelete: "cascade" }),
    slot: text("slot").$type<DocumentSlot>().notNull(),
    /** The file's random name in the private folder. */
    fileKey: text("file_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    unique("verification_documents_submission_slot_unique").on(t.submissionId, t.slot),
    check("verification_documents_slot_check", oneOf(t.slot, DOCUMENT_SLOTS)),
    check("verification_documents_file_key_check", sql`${t.fileKey} ~ '^[0-9a-f]{32}$'`),
  ],
);
