import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows, type Database } from "../../db/client.server.ts";
import { listingLeads, listings, user } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import type { LeadKind } from "../../lib/admin-values.ts";
import { AppError } from "../../lib/app-error.ts";
import { contactAction } from "../../lib/contact-links.ts";
import type { ContactMethod } from "../../lib/listing-values.ts";
import { isBotRequest, viewDay, visitorHash, visitorOf } from "../listings/listing-views.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { isPublicListing, publicListingWhere } from "../../auth/standing.server.ts";

/**
 * Leads: a visitor's contact click by channel, a share, a signed-in person's favourite. Counted
 * like views, once per visitor, listing, kind and day, and only on public (approved) listings.
 */

/**
 * Records a lead unless this visitor already made one of this kind on this listing that day, or
 * the listing is not public. Returns whether it counted; one statement, so racing clicks count
 * once.
 */
export async function recordLead(
  db: Database,
  {
    listingId,
    kind,
    visitor,
    day = viewDay(),
  }: { listingId: number; kind: LeadKind; visitor: string; day?: string },
): Promise<boolean> {
  const rows = await queryRows<{ listing_id: number }>(
    db,
    sql`insert into ${listingLeads} (listing_id, kind, visitor_hash, day)
      select ${listings.id}, ${kind}, ${visitor}, ${day}::date
      from ${listings}
      where ${listings.id} = ${listingId} and ${publicListingWhere()}
      on conflict do nothing
      returning listing_id`,
  );
  return rows.length > 0;
}

/** A signed-in person is one visitor wherever they sign in: their favourites count by account. */
export function accountVisitor(userId: string): string {
  return visitorHash(`account:${userId}`);
}

export interface CountedLead {
  counted: boolean;
  /** Set when the visitor had no cookie yet: the answer gives them one. */
  setCookie: string | null;
}

/**
 * A lead reported by a visitor's browser (a click, a share). An unknown or unpublished listing
 * is a 404; a bot's report is answered but not counted, and a bot gets no cookie.
 */
export async function recordVisitorLead(
  request: Request,
  listingId: number,
  kind: LeadKind,
): Promise<CountedLead> {
  await requireUnderWriteLimit("lead", null);
  const db = await getDb();
  const [listing] = await db
    .select({ public: isPublicListing() })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing?.public) {
    throw new AppError("LISTING_NOT_FOUND", "listing.favorites.notFound");
  }
  return countLead(db, request, listingId, kind);
}

/** The lead of a request on a listing known to be public: bots are not counted. */
async function countLead(
  db: Database,
  request: Request,
  listingId: number,
  kind: LeadKind,
): Promise<CountedLead> {
  if (isBotRequest(request)) return { counted: false, setCookie: null };
  const { visitorId, setCookie } = await visitorOf(request);
  const counted = await recordLead(db, { listingId, kind, visitor: visitorHash(visitorId) });
  return { counted, setCookie };
}

const LEAD_OF_METHOD: Record<ContactMethod, LeadKind> = {
  phone: "call",
  whatsapp: "whatsapp",
  email: "email",
};

export type ContactFollow =
  | ({
      kind: "follow";
      method: ContactMethod;
      href: string;
      /** The number or address itself, for a page that reveals it rather than following it. */
      display: string;
    } & CountedLead)
  | { kind: "missing" };

/**
 * The listing's contact link, built on the server from the listing (never from the request, so
 * it cannot send anyone elsewhere), with the lead recorded before the visitor follows it. A
 * listing without a usable phone number records nothing: there is nothing to follow.
 */
export async function followContact(request: Request, listingId: number): Promise<ContactFollow> {
  await requireUnderWriteLimit("contactReveal", null);
  const db = await getDb();
  const [listing] = await db
    .select({
      title: listings.title,
      status: listings.status,
      contactMethod: listings.contactMethod,
      contactPhone: listings.contactPhone,
      ownerPhone: user.phone,
      ownerEmail: user.email,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(eq(listings.id, listingId), publicListingWhere()));
  if (!listing) throw new AppError("LISTING_NOT_FOUND", "detail.notFound.description");
  const t = createTranslator();
  const action = contactAction({
    method: listing.contactMethod,
    phone: listing.contactPhone?.trim() || listing.ownerPhone?.trim() || null,
    email: listing.ownerEmail,
    subject: t("detail.contact.emailSubject", { title: listing.title, id: listingId }),
  });
  if (action.kind === "missing") return { kind: "missing" };
  const lead = await countLead(db, request, listingId, LEAD_OF_METHOD[listing.contactMethod]);
  const display =
    listing.contactMethod === "email"
      ? listing.ownerEmail
      : listing.contactPhone?.trim() || listing.ownerPhone?.trim() || "";
  return { kind: "follow", method: listing.contactMethod, href: action.href, display, ...lead };
}
