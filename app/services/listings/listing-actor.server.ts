import type { Viewer } from "../../auth/viewer.ts";
import { AppError } from "../../lib/app-error.ts";
import { can, type Action, type Resource } from "../../lib/permissions.ts";

/** Who publishes: the signed-in person that listing writes and uploads act for. */
export type Actor = Pick<Viewer, "id" | "role">;

/**
 * A visitor is UNAUTHENTICATED, someone the table refuses FORBIDDEN. Asked with the actor as the
 * owner when only a listing's owner could be allowed: refused even for their own, before any
 * listing is read.
 */
export function requireAllowed(
  actor: Actor | null,
  action: Action,
  resource?: Resource,
): asserts actor is Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", "publish.api.unauthenticated");
  if (!can(actor, action, resource)) throw new AppError("FORBIDDEN", "publish.api.forbidden");
}
