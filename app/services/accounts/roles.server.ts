import { and, eq, isNull } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { can } from "../../lib/permissions.ts";
import { SELECTABLE_ROLES, type Role } from "../../lib/roles.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

type SelectableRole = (typeof SELECTABLE_ROLES)[number];

function assertSelectable(role: string): asserts role is SelectableRole {
  if (!(SELECTABLE_ROLES as readonly string[]).includes(role)) {
    throw new AppError("FORBIDDEN", "auth.toasts.accessDeniedDescription");
  }
}

/**
 * The account type chosen at sign-up, set on the new, unconfirmed account only: a sign-up for an
 * address that already has an account changes nothing.
 */
export async function setAccountTypeAtSignUp(userId: string, role: string): Promise<void> {
  assertSelectable(role);
  const db = await getDb();
  await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(user.id, userId), isNull(user.role), eq(user.emailVerified, false)));
}

/** The first choice of account type (role selection, Google sign-up); only while none is set. */
export async function chooseInitialRole(viewer: Viewer, role: string): Promise<Role> {
  assertSelectable(role);
  if (viewer.role) return viewer.role;
  const db = await getDb();
  const [row] = await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(user.id, viewer.id), isNull(user.role)))
    .returning({ role: user.role });
  return (row?.role as Role | null) ?? role;
}

/**
 * A later change of account type from the profile settings: user ↔ agent ↔ professional. The
 * administrator's role is tied to the address and never changes here; nobody becomes admin.
 */
export async function changeAccountType(viewer: Viewer, role: string): Promise<Role> {
  assertSelectable(role);
  if (!can(viewer, "account:change-type"))
    throw new AppError("FORBIDDEN", "auth.toasts.accessDeniedDescription");
  await requireUnderWriteLimit("accountSettings", viewer);
  const db = await getDb();
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, viewer.id));
  return role;
}
