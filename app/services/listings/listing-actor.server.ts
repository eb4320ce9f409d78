import type { Viewer } from "../../auth/viewer.ts";
import { AppError } from "../../lib/app-error.ts";
import { can, type Action, type Resource } from "../../lib/permissions.ts";
import { parseId } from "../../lib/id.ts";

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

/** The listing a request names, by the one id parser; anything that is not an id is not found. */
export function requireListingId(value: unknown): number {
  const id = parseId(value);
  if (id === null) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  return id;
}
