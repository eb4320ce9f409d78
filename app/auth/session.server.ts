import { eq } from "drizzle-orm";
import { getConfig } from "../config.server.ts";
import { getDb } from "../db/client.server.ts";
import { session, user } from "../db/schema/index.ts";
import { barOf } from "./standing.server.ts";
import { ROLES, type Role } from "../lib/roles.ts";
import { isAdminEmail } from "./admin-email.ts";
import { getAuth } from "./auth.server.ts";
import type { Viewer } from "./viewer.ts";

function asRole(value: unknown): Role | null {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value)
    ? (value as Role)
    : null;
}

/**
 * The admin role belongs to ADMIN_EMAIL alone: the person with that address is given it, and
 * anybody else holding it (say, after the address was changed) loses it. Corrected on every load.
 */
function correctedRole(email: string, role: Role | null): Role | null {
  const admin = isAdminEmail(email, getConfig().adminEmail);
  if (admin) return "admin";
  return role === "admin" ? "user" : role;
}

/** The signed-in viewer of a request, from the session cookie; null for visitors. */
export async function loadViewer(headers: Headers): Promise<Viewer | null> {
  const result = await getAuth().api.getSession({ headers });
  if (!result) return null;
  const u = result.user;
  // Suspending ends the person's sessions; one that survived (made in the same instant, or
  // restored from a backup) is ended on its first use.
  if (
    barOf({
      banned: u.banned ?? null,
      banReason: u.banReason ?? null,
      banExpires: u.banExpires ?? null,
    })
  ) {
    const db = await getDb();
    await db.delete(session).where(eq(session.userId, u.id));
    return null;
  }
  const stored = asRole(u.role);
  const role = correctedRole(u.email, stored);
  if (role !== stored) {
    const db = await getDb();
    await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, u.id));
  }
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role,
    phone: u.phone ?? null,
    avatarUrl: u.avatarUrl || null,
    emailVerified: u.emailVerified,
    createdAt: new Date(u.createdAt).toISOString(),
  };
}
