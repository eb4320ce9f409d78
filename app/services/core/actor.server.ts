import type { MessageKey } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { can, type Action, type Actor as Asker, type Resource } from "../../lib/permissions.ts";

/**
 * Who acts in a service call: the permission table's actor, signed in (a `Viewer` fits). Every
 * service takes `Actor | null` and asks `requireAllowed` before it reads anything.
 */
export type Actor = Asker & { id: string };

/**
 * A visitor is UNAUTHENTICATED, someone the table refuses FORBIDDEN. Asked with the actor as the
 * owner when only a record's owner could be allowed: refused even for their own, before any
 * record is read. A domain whose page words the sign-in prompt its own way passes its message.
 */
export function requireAllowed(
  actor: Actor | null,
  action: Action,
  resource?: Resource,
  unauthenticated: MessageKey = "api.errors.unauthenticated",
): asserts actor is Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", unauthenticated);
  if (!can(actor, action, resource)) throw new AppError("FORBIDDEN", "api.errors.forbidden");
}

/** Signed in, whatever the role: for calls the permission table leaves to the record's parties. */
export function requireSignedIn(actor: Actor | null): asserts actor is Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", "api.errors.unauthenticated");
}

/**
 * Which party of a record the actor is, by the record's party ids (`{ guest: row.guestId, host:
 * row.hostId }`), or null for anybody else.
 */
export function partyOf<Party extends string>(
  actorId: string,
  parties: Record<Party, string>,
): Party | null {
  for (const party of Object.keys(parties) as Party[]) {
    if (parties[party] === actorId) return party;
  }
  return null;
}
