import { and, asc, eq, exists, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import { listings, listingSignals } from "../../db/schema/index.ts";
import type { ListingSignal } from "../../lib/schemas/signals.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";

/**
 * The administrator's side of scam signals (./listing-signals.server.ts writes them): the open
 * signals shown beside each listing where listings are moderated, the "flagged" filter, and
 * dismissing a signal (a false alarm), which is audited.
 */

/** Listings with a signal not yet dismissed: a condition on `listings` for the admin's lists. */
export function flaggedListing(): SQL {
  return exists(
    sql`(SELECT 1 FROM ${listingSignals} WHERE ${listingSignals.listingId} = ${listings.id} AND ${listingSignals.dismissedAt} IS NULL)`,
  );
}

/** The open signals of each of these listings, in the order they were raised. */
export async function openSignalsOf(
  actor: Actor | null,
  listingIds: readonly number[],
  db?: Database,
): Promise<Map<number, ListingSignal[]>> {
  requireAllowed(actor, "signal:view");
  const bySignal = new Map<number, ListingSignal[]>();
  if (listingIds.length === 0) return bySignal;
  const rows = await (db ?? (await getDb()))
    .select({
      id: listingSignals.id,
      listingId: listingSignals.listingId,
      detail: listingSignals.detail,
      createdAt: listingSignals.createdAt,
    })
    .from(listingSignals)
    .where(
      and(inArray(listingSignals.listingId, [...listingIds]), isNull(listingSignals.dismissedAt)),
    )
    .orderBy(asc(listingSignals.createdAt), asc(listingSignals.id));
  for (const row of rows) {
    const list = bySignal.get(row.listingId) ?? [];
    list.push({
      id: row.id,
      detail: row.detail,
      createdAt: new Date(row.createdAt).toISOString(),
    });
    bySignal.set(row.listingId, list);
  }
  return bySignal;
}

/**
 * Dismisses an open signal: the listing is no longer flagged for it, and the same kind does not
 * flag it again. The dismissal and its audit entry are written together.
 */
export async function dismissListingSignal({
  actor,
  signalId: rawId,
}: {
  actor: Actor | null;
  signalId: number | string;
}): Promise<{ id: number; listingId: number }> {
  requireAllowed(actor, "signal:dismiss");
  await requireUnderWriteLimit("signalDismiss", actor);
  const id = requireId(rawId, "signal");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(listingSignals)
      .set({ dismissedAt: new Date(), dismissedBy: actor.id })
      .where(and(eq(listingSignals.id, id), isNull(listingSignals.dismissedAt)))
      .returning({ listingId: listingSignals.listingId, kind: listingSignals.kind });
    if (!row) throw notFound("signal");
    await recordAudit(tx, actor.id, {
      action: "listing.unflag",
      targetType: "listing",
      targetId: row.listingId,
      detail: { signal: id, kind: row.kind },
    });
    return { id, listingId: row.listingId };
  });
}
