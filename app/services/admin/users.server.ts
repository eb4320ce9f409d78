import { desc } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { can } from "../../lib/permissions.ts";

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: string | null;
  avatarUrl: string | null;
  createdAt: Date;
}

/** Every account, newest first: for the administrator only. */
export async function listUsers(viewer: Viewer, limit = 200): Promise<UserRow[]> {
  if (!can(viewer, "user:manage"))
    throw new AppError("FORBIDDEN", "auth.toasts.accessDeniedDescription");
  const db = await getDb();
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt,
    })
    .from(user)
    .orderBy(desc(user.createdAt))
    .limit(limit);
}
