import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import { getDb } from "../../db/client.server.ts";
import { listings, user } from "../../db/schema/index.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { listingApprovedEmail, listingRejectedEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/app-error.ts";
import { parseId } from "../../lib/id.ts";
import {
  canModerate,
  MAX_REASON_LENGTH,
  type ListingAttribute,
  type ModerationDecision,
} from "../../lib/listing-status.ts";
import type { AgentType } from "../../lib/listing-values.ts";
import type { DashboardListingRow } from "../../lib/schemas/listing-view.ts";
import type { ListingSignal } from "../../lib/schemas/signals.ts";
import type { SignalFilter } from "../../lib/signal-values.ts";
import { dashboardColumns } from "../dashboard/dashboard-listings.server.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { flaggedListing, openSignalsOf } from "../signals/signal-review.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * What only the administrator does to listings: approve or reject them (the owner is told by
 * e-mail), feature them and mark them premium, and look through all of them, each with the scam
 * signals that flag it (app/services/signals).
 */

export const MANAGE_PAGE_SIZE = 20;

/**
 * Approves or rejects a listing. The status and the reason are written together in one
 * transaction; the owner's e-mail goes out once it is committed (a failed e-mail is logged and
 * does not undo the decision).
 */
export async function moderateListing({
  actor,
  listingId: rawId,
  decision,
  reason,
}: {
  actor: Actor | null;
  listingId: number | string;
  decision: ModerationDecision;
  reason?: string | null;
}): Promise<{ id: number; status: ModerationDecision }> {
  requireAllowed(actor, "listing:moderate");
  const id = requireId(rawId, "listing");
  const note =
    decision === "rejected"
      ? reason?.replace(/\s+/g, " ").trim().slice(0, MAX_REASON_LENGTH) || null
      : null;
  const db = await getDb();
  const owner = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: listings.status,
        title: listings.title,
        ownerEmail: user.email,
        ownerName: user.name,
      })
      .from(listings)
      .innerJoin(user, eq(user.id, listings.userId))
      .where(eq(listings.id, id))
      .for("update", { of: listings });
    if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
    if (!canModerate(row.status, decision)) {
      throw new AppError("CONFLICT", "publish.api.alreadyStatus");
    }
    await tx
      .update(listings)
      // A decision here also ends a hiding by reports: the administrator has reviewed it.
      .set({ status: decision, rejectionReason: note, reportHiddenAt: null, updatedAt: new Date() })
      .where(eq(listings.id, id));
    await recordAudit(tx, actor.id, {
      action: decision === "approved" ? "listing.approve" : "listing.reject",
      targetType: "listing",
      targetId: id,
      detail: { title: row.title, ...(note ? { reason: note } : {}) },
    });
    return row;
  });

  const base = getConfig().appUrl;
  const message =
    decision === "approved"
      ? listingApprovedEmail(owner.ownerEmail, owner.ownerName, {
          title: owner.title,
          url: `${base}/listing/${id}`,
        })
      : listingRejectedEmail(owner.ownerEmail, owner.ownerName, {
          title: owner.title,
          reason: note,
          editUrl: `${base}/add-listing?edit=${id}`,
        });
  await getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger.error(
        { err: error },
        `Could not e-mail the owner of listing ${id} about its ${decision}`,
      );
    });
  return { id, status: decision };
}

/** Featured on or off, or premium (agent_type premium) or standard. */
export async function setListingAttribute({
  actor,
  listingId: rawId,
  attribute,
  value,
}: {
  actor: Actor | null;
  listingId: number | string;
  attribute: ListingAttribute;
  value: boolean;
}): Promise<{ id: number; featured: boolean; agentType: AgentType }> {
  requireAllowed(actor, attribute === "featured" ? "listing:feature" : "listing:set-premium");
  const id = requireId(rawId, "listing");
  const db = await getDb();
  const set =
    attribute === "featured"
      ? // The administrator's choice: it uses none of the owner's featured ads.
        { featured: value, featuredByOwner: false }
      : { agentType: (value ? "premium" : "standard") as AgentType };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(listings.id, id))
      .returning({
        id: listings.id,
        title: listings.title,
        featured: listings.featured,
        agentType: listings.agentType,
      });
    if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
    await recordAudit(tx, actor.id, {
      action: attribute === "featured" ? "listing.feature" : "listing.premium",
      targetType: "listing",
      targetId: id,
      detail: { title: row.title, [attribute]: value },
    });
    return { id: row.id, featured: row.featured, agentType: row.agentType };
  });
}

/** A listing row of the administrator's lists, with its scam signals not yet dismissed. */
export interface FlaggableRow extends DashboardListingRow {
  signals: ListingSignal[];
}

export interface ModerationRow extends FlaggableRow {
  ownerName: string;
  ownerEmail: string;
  createdAt: string;
}

async function withSignals<Row extends DashboardListingRow>(
  actor: Actor,
  rows: Row[],
): Promise<(Row & { signals: ListingSignal[] })[]> {
  const signals = await openSignalsOf(
    actor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, signals: signals.get(row.id) ?? [] }));
}

/** Listings waiting for a decision, oldest first: first come, first reviewed. */
export async function listModerationQueue(
  actor: Actor | null,
  limit = 200,
): Promise<ModerationRow[]> {
  requireAllowed(actor, "listing:moderate");
  const db = await getDb();
  const rows = await db
    .select({
      ...dashboardColumns,
      ownerName: user.name,
      ownerEmail: user.email,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listings.status, "pending_approval"))
    .orderBy(listings.createdAt, listings.id)
    .limit(limit);
  return withSignals(
    actor,
    rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
  );
}

export interface ManagedListingsPage {
  rows: FlaggableRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
  filter: SignalFilter;
}

/**
 * Every listing, or only the flagged ones, newest first, searched by title, city or number, one
 * page at a time.
 */
export async function listManagedListings({
  actor,
  query = "",
  filter = "all",
  page = 1,
  pageSize = MANAGE_PAGE_SIZE,
}: {
  actor: Actor | null;
  query?: string;
  filter?: SignalFilter;
  page?: number;
  pageSize?: number;
}): Promise<ManagedListingsPage> {
  requireAllowed(actor, "listing:list-all");
  const db = await getDb();
  const q = query.replace(/\s+/g, " ").trim().slice(0, 100);
  let where: SQL | undefined;
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const number = parseId(q.replace(/^#/, ""));
    where = or(
      ilike(listings.title, pattern),
      ilike(listings.city, pattern),
      number !== null ? eq(listings.id, number) : undefined,
    );
  }
  if (filter === "flagged") where = and(where, flaggedListing());
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select(dashboardColumns)
    .from(listings)
    .where(where)
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return {
    rows: await withSignals(actor, rows),
    total,
    page: current,
    pageCount,
    query: q,
    filter,
  };
}
