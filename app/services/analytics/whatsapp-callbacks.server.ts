import { and, desc, eq, or } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getConfig } from "../../config.server.ts";
import { getDb } from "../../db/client.server.ts";
import { listings, user, whatsappCallbacks } from "../../db/schema/index.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { logger } from "../../lib/logger.server.ts";
import { ROLES } from "../../lib/roles.ts";
import {
  whatsappCallbackInputSchema,
  type WhatsappCallback,
} from "../../lib/schemas/whatsapp-callback.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { isBotRequest, visitorHash, visitorOf } from "../listings/listing-views.server.ts";
import { mayUse } from "../premium/entitlements.server.ts";
import { teamListScope } from "../teams/team-rights.server.ts";
import { recordLead } from "./leads.server.ts";
import { publicListingWhere } from "../../auth/standing.server.ts";

/**
 * WhatsApp leads (a plan's `whatsappLeads`): on a public listing whose owner's plan grants it, a
 * visitor leaves their number and consent for a WhatsApp call-back. The host gets it in their
 * Inquiries and by e-mail with a click-to-chat link; it counts as a "callback" lead in the
 * analytics and is a row of the lead download. The perk is the owner's, not the visitor's: a
 * listing without it simply does not take requests, and says only that.
 */

const t = createTranslator();

/** The visitor's page holds the listing's public owner; the perk is asked of that account. */
async function publicListing(listingId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      ownerId: user.id,
      ownerRole: user.role,
      ownerName: user.name,
      ownerEmail: user.email,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(eq(listings.id, listingId), publicListingWhere()));
  return row;
}

function ownerTakesCallbacks(owner: { ownerId: string; ownerRole: string | null }) {
  const role = ROLES.find((known) => known === owner.ownerRole) ?? null;
  return mayUse({ id: owner.ownerId, role }, "whatsappLeads");
}

/** Whether the public listing shows the call-back form: its owner's plan grants the perk now. */
export async function takesWhatsappCallbacks(listingId: number): Promise<boolean> {
  const listing = await publicListing(listingId);
  return listing ? ownerTakesCallbacks(listing) : false;
}

/** https://wa.me/<digits> with a first message naming the request, for the host's click. */
export function whatsappChatUrl(phone: string, name: string, title: string): string {
  const text = t("email.whatsappCallback.greeting", { name, title });
  return `https://wa.me/${phone.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/**
 * Records a visitor's call-back request. An unknown or unpublished listing is a 404; a listing
 * whose owner's plan lacks the perk a 403 that says only that the listing takes none. Limited
 * per visitor's address and per listing; bad input is a 400 and nothing is saved.
 */
export async function requestWhatsappCallback(
  request: Request,
  listingId: number,
  input: unknown,
): Promise<{ listingTitle: string; ownerName: string }> {
  // Counted first, as every write is: the "account" is the listing, the address the visitor's.
  await requireUnderWriteLimit("whatsappCallback", { id: `listing:${listingId}` });
  const listing = await publicListing(listingId);
  if (!listing) throw new AppError("LISTING_NOT_FOUND", "detail.notFound.description");
  if (!(await ownerTakesCallbacks(listing))) {
    throw new AppError("FORBIDDEN", "detail.whatsappCallback.unavailable");
  }
  const { name, phone } = parsedOrRefused(
    whatsappCallbackInputSchema.safeParse(input),
    "detail.whatsappCallback.errors.invalid",
  );
  const db = await getDb();
  const [saved] = await db
    .insert(whatsappCallbacks)
    .values({ listingId, name, phone, consentedAt: new Date() })
    .returning();
  if (!isBotRequest(request)) {
    const { visitorId } = await visitorOf(request);
    await recordLead(db, { listingId, kind: "callback", visitor: visitorHash(visitorId) });
  }
  await mailHost(listing, saved!);
  return { listingTitle: listing.title, ownerName: listing.ownerName };
}

/** Tells the host by e-mail; the request is saved already, so a failed e-mail is only logged. */
async function mailHost(
  listing: { id: number; title: string; ownerName: string; ownerEmail: string },
  callback: typeof whatsappCallbacks.$inferSelect,
): Promise<void> {
  const chatUrl = whatsappChatUrl(callback.phone, callback.name, listing.title);
  const mail = layout({
    to: listing.ownerEmail,
    subject: t("email.whatsappCallback.subject", { title: listing.title }),
    greeting: t("email.hello", { name: listing.ownerName }),
    lines: [
      t("email.whatsappCallback.intro", { name: callback.name, title: listing.title }),
      t("email.whatsappCallback.number", { phone: callback.phone }),
      t("email.whatsappCallback.dashboard", { url: `${getConfig().appUrl}/dashboard/inbox` }),
    ],
    action: { label: t("email.whatsappCallback.action"), url: chatUrl },
    footer: t("email.listingFooter"),
  });
  try {
    await getMailer().send(mail);
  } catch (error) {
    logger.error({ err: error }, `WhatsApp call-back #${callback.id}: the host's e-mail failed`);
  }
}

/**
 * The requests left on the actor's listings, newest first, each with its click-to-chat link; for
 * the owner of a running agency those on the team's listings too, with the member's name.
 */
export async function listReceivedWhatsappCallbacks(
  actor: Actor | null,
  { limit = 50 }: { limit?: number } = {},
): Promise<WhatsappCallback[]> {
  requireAllowed(actor, "lead:list-own");
  const db = await getDb();
  const teamAgencyId = await teamListScope(actor, "lead:list-team", new Date(), db);
  const rows = await db
    .select({
      id: whatsappCallbacks.id,
      listingId: whatsappCallbacks.listingId,
      listingTitle: listings.title,
      name: whatsappCallbacks.name,
      phone: whatsappCallbacks.phone,
      createdAt: whatsappCallbacks.createdAt,
      publisherId: listings.userId,
      publisher: user.name,
    })
    .from(whatsappCallbacks)
    .innerJoin(listings, eq(listings.id, whatsappCallbacks.listingId))
    .innerJoin(user, eq(user.id, listings.userId))
    .where(
      teamAgencyId === null
        ? eq(listings.userId, actor.id)
        : or(eq(listings.userId, actor.id), eq(listings.agencyId, teamAgencyId)),
    )
    .orderBy(desc(whatsappCallbacks.createdAt), desc(whatsappCallbacks.id))
    .limit(limit);
  return rows.map(({ publisherId, publisher, ...row }) => ({
    ...row,
    chatUrl: whatsappChatUrl(row.phone, row.name, row.listingTitle),
    createdAt: row.createdAt.toISOString(),
    member: publisherId === actor.id ? null : publisher,
  }));
}
