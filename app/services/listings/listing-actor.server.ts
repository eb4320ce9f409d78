import type { Viewer } from "../../auth/viewer.ts";
import { AppError } from "../../lib/app-error.ts";
import { ADD_LISTING_ROLES } from "../../lib/permissions.ts";
import type { Role } from "../../lib/roles.ts";

/** Who publishes: the signed-in person that listing writes and uploads act for. */
export type Actor = Pick<Viewer, "id" | "role">;

function isPublisher(actor: Actor | null): actor is Actor & { role: Role } {
  return !!actor?.role && ADD_LISTING_ROLES.includes(actor.role);
}

export function requirePublisher(actor: Actor | null): asserts actor is Actor & { role: Role } {
  if (!actor) throw new AppError("UNAUTHENTICATED", "publish.api.unauthenticated");
  if (!isPublisher(actor)) throw new AppError("FORBIDDEN", "publish.api.forbidden");
}
