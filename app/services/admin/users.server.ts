import { desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { isAdminEmail } from "../../auth/admin-email.ts";
import { getConfig } from "../../config.server.ts";
import { getDb } from "../../db/client.server.ts";
import { user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { ROLES, SELECTABLE_ROLES, type Role } from "../../lib/roles.ts";
import {
  USERS_PAGE_SIZE,
  type UserEdit,
  type UserRights,
  type UserRow,
} from "../../lib/schemas/admin-users.ts";
import { isStorableText } from "../../lib/schemas/text.ts";
import { deleteAccountRows, removeAccountFiles } from "../accounts/account-removal.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { recordAudit } from "./audit.server.ts";
import { barOf, stateOf } from "../../auth/standing.server.ts";

/**
 * The administrator's Users tab: every account, searched and paged; a name or account type
 * changed; an account deleted with everything it owns. The administrator's own account and the
 * administrator address are out of reach: the admin role belongs to ADMIN_EMAIL alone.
 */

export interface UsersPage {
  rows: UserRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
}

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  avatarUrl: user.avatarUrl,
  createdAt: user.createdAt,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
};

type StoredUser = Pick<typeof user.$inferSelect, keyof typeof columns>;

function asRole(value: string | null): Role | null {
  return value !== null && (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

/** What the session would show: the role belongs to the address (session.server.ts). */
export function roleOf(row: Pick<StoredUser, "email" | "role">): Role | null {
  if (isAdminEmail(row.email, getConfig().adminEmail)) return "admin";
  return row.role === "admin" ? "user" : asRole(row.role);
}

/**
 * Why an account's type may not change nor the account be deleted or suspended by this
 * administrator, or null when they may: it is their own, or the administrator address's.
 */
export function lockOf(
  actor: Actor,
  target: { id: string; role: Role | null },
): "self" | "admin" | null {
  if (target.id === actor.id) return "self";
  return target.role === "admin" ? "admin" : null;
}

/** What the administrator may do with the account, by the rules editUser and deleteUser check. */
function rightsOf(actor: Actor, target: { id: string; role: Role | null }): UserRights {
  const free = lockOf(actor, target) === null;
  return { changeRole: free, delete: free, suspend: free };
}

function toRow(row: StoredUser, actor: Actor): UserRow {
  const role = roleOf(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    avatarUrl: row.avatarUrl,
    createdAt: new Date(row.createdAt).toISOString(),
    suspension: stateOf(barOf(row)),
    may: rightsOf(actor, { id: row.id, role }),
  };
}

function refused(message: MessageKey): AppError {
  return new AppError("FORBIDDEN", message);
}

function notFound(): AppError {
  return new AppError("NOT_FOUND", "dashboard.users.errors.notFound");
}

/** An account id from a form or a path: text the database could not even compare names none. */
function requireUserId(raw: string): string {
  if (raw.length === 0 || raw.length > 100 || !isStorableText(raw)) throw notFound();
  return raw;
}

/** Every account, newest first, searched by name or e-mail, one page at a time. */
export async function listUsers({
  actor,
  query = "",
  page = 1,
  pageSize = USERS_PAGE_SIZE,
}: {
  actor: Actor | null;
  query?: string;
  page?: number;
  pageSize?: number;
}): Promise<UsersPage> {
  requireAllowed(actor, "user:manage");
  const db = await getDb();
  const q = query.replace(/\s+/g, " ").trim().slice(0, 100);
  let where: SQL | undefined;
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where = or(ilike(user.name, pattern), ilike(user.email, pattern));
  }
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select(columns)
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows: rows.map((row) => toRow(row, actor)), total, page: current, pageCount, query: q };
}

/**
 * Changes an account's name, its account type, or both. Refused: granting admin, changing one's
 * own account type, and any change of type of the administrator address's account. Written with
 * its audit entry (old and new values) in one transaction.
 */
export async function editUser({
  actor,
  userId,
  edit,
}: {
  actor: Actor | null;
  userId: string;
  edit: UserEdit;
}): Promise<UserRow> {
  requireAllowed(actor, "user:manage");
  if (edit.role !== undefined && !(SELECTABLE_ROLES as readonly string[]).includes(edit.role)) {
    throw refused("dashboard.users.errors.cannotGrantAdmin");
  }
  const id = requireUserId(userId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(user).where(eq(user.id, id)).for("update");
    if (!current) throw notFound();
    const before = toRow(current, actor);
    const name = edit.name ?? before.name;
    const role = edit.role ?? before.role;
    if (role !== before.role) {
      const lock = lockOf(actor, before);
      if (lock === "self") throw refused("dashboard.users.errors.cannotDemoteSelf");
      if (lock === "admin") throw refused("dashboard.users.errors.adminRoleFixed");
    }
    if (name === before.name && role === before.role) {
      throw new AppError("VALIDATION_FAILED", "dashboard.users.errors.noChanges");
    }
    const [saved] = await tx
      .update(user)
      .set({ name, ...(role !== before.role ? { role } : {}), updatedAt: new Date() })
      .where(eq(user.id, id))
      .returning(columns);
    if (!saved) throw notFound();
    await recordAudit(tx, actor.id, {
      action: "user.edit",
      targetType: "user",
      targetId: id,
      detail: {
        email: before.email,
        ...(name !== before.name ? { oldName: before.name, newName: name } : {}),
        ...(role !== before.role ? { oldRole: before.role, newRole: role } : {}),
      },
    });
    return toRow(saved, actor);
  });
}

/**
 * Deletes an account with its listings, their images (rows now, files after the commit),
 * favourites and sessions. Refused for one's own account and the administrator address's.
 */
export async function deleteUser({
  actor,
  userId,
}: {
  actor: Actor | null;
  userId: string;
}): Promise<{ email: string; listings: number }> {
  requireAllowed(actor, "user:manage");
  const id = requireUserId(userId);
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, name: user.name, role: user.role })
      .from(user)
      .where(eq(user.id, id))
      .for("update");
    if (!target) throw notFound();
    const lock = lockOf(actor, { id: target.id, role: roleOf(target) });
    if (lock === "self") throw refused("dashboard.users.errors.cannotDeleteSelf");
    if (lock === "admin") throw refused("dashboard.users.errors.cannotDeleteAdmin");
    const gone = await deleteAccountRows(tx, id);
    if (!gone) throw notFound();
    await recordAudit(tx, actor.id, {
      action: "user.delete",
      targetType: "user",
      targetId: id,
      detail: { email: target.email, name: target.name, listings: gone.listings },
    });
    return gone;
  });
  await removeAccountFiles(removed);
  return { email: removed.email, listings: removed.listings };
}
