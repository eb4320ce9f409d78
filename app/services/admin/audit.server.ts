import { desc, eq, sql } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { auditLog, user } from "../../db/schema/index.ts";
import type { AuditAction } from "../../lib/admin-values.ts";
import { AUDIT_PAGE_SIZE } from "../../lib/schemas/admin-users.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";

export interface AuditEntry {
  action: AuditAction;
  targetType:
    | "listing"
    | "user"
    | "currency"
    | "settings"
    | "hero"
    | "plan"
    | "message"
    | "review"
    | "report"
    | "booking"
    | "verification"
    | "licence-kind";
  targetId?: string | number | null;
  detail?: Record<string, unknown>;
}

/**
 * Records an administrator's action. Called with the transaction that makes the change, so an
 * entry exists exactly when the change does; the actor's e-mail is copied from their account so
 * the entry still says who after the account is gone.
 */
export async function recordAudit(
  db: Database | DbTransaction,
  actorId: string,
  entry: AuditEntry,
) {
  const targetId = entry.targetId == null ? null : String(entry.targetId);
  await db.execute(sql`
    INSERT INTO ${auditLog} (actor_id, actor_email, action, target_type, target_id, detail)
    SELECT ${user.id}, ${user.email}, ${entry.action}, ${entry.targetType}, ${targetId},
      ${JSON.stringify(entry.detail ?? {})}::jsonb
    FROM ${user} WHERE ${user.id} = ${actorId}`);
}

export interface AuditRow {
  id: number;
  createdAt: string;
  actorEmail: string;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  detail: Record<string, unknown>;
}

export interface AuditPage {
  rows: AuditRow[];
  total: number;
  page: number;
  pageCount: number;
  /** The action filtered on, or null for all. */
  action: AuditAction | null;
}

/** The administrators' actions, newest first, of one action or all, one page at a time. */
export async function listAuditEntries({
  actor,
  action = null,
  page = 1,
  pageSize = AUDIT_PAGE_SIZE,
}: {
  actor: Actor | null;
  action?: AuditAction | null;
  page?: number;
  pageSize?: number;
}): Promise<AuditPage> {
  requireAllowed(actor, "audit:view");
  const db = await getDb();
  const where = action ? eq(auditLog.action, action) : undefined;
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    total,
    page: current,
    pageCount,
    action,
  };
}
