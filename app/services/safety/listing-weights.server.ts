import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import type { Database, DbTransaction } from "../../db/client.server.ts";
import { listings, reports, user } from "../../db/schema/index.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { listingHiddenByReportsEmail } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import type { ReportReason } from "../../lib/report-reasons.ts";
import { logger } from "../../lib/logger.server.ts";
import { REPORT_WEIGHTS } from "../../lib/safety-values.ts";
import { NEW_ACCOUNT_DAYS } from "../../lib/signal-values.ts";
import { reportHideThreshold } from "../content/settings.server.ts";

/**
 * Weighing a listing's reports (issue 28, point 4): what each reporter counts, the weighted count
 * of a listing's open reports, and hiding the listing once it reaches the administrator's
 * threshold, its owner told why.
 */

/**
 * What one reporter weighs, in SQL over `user`: a full report from an account older than
 * NEW_ACCOUNT_DAYS whose identity is verified now (isVerifiedUntil in SQL), half otherwise.
 */
export function reporterWeight(): SQL<number> {
  return sql<number>`CASE WHEN ${user.createdAt} <= now() - make_interval(days => ${NEW_ACCOUNT_DAYS})
      AND ${user.identityVerifiedUntil} > now()
    THEN ${REPORT_WEIGHTS.established}::numeric ELSE ${REPORT_WEIGHTS.newOrUnverified}::numeric END`.mapWith(
    Number,
  );
}

/**
 * The weighted count of distinct people with an open report about the listing: each counts
 * once whatever they reported, weighed by reporterWeight. The payment rule's reports (no
 * reporter) and deleted accounts count nothing.
 */
export async function openReportWeight(
  db: Database | DbTransaction,
  listingId: number,
): Promise<number> {
  const reporters = db
    .selectDistinct({ reporterId: reports.reporterId })
    .from(reports)
    .where(
      and(
        eq(reports.listingId, listingId),
        eq(reports.status, "open"),
        isNotNull(reports.reporterId),
      ),
    )
    .as("reporters");
  const [row] = await db
    .select({ weight: sql<number>`coalesce(sum(${reporterWeight()}), 0)`.mapWith(Number) })
    .from(reporters)
    .innerJoin(user, eq(user.id, reporters.reporterId));
  return Number(row?.weight ?? 0);
}

/** The owner's address and the open reports' reasons, for the e-mail once the listing hid. */
export interface HiddenListing {
  id: number;
  title: string;
  ownerEmail: string;
  ownerName: string;
  reasons: ReportReason[];
}

/**
 * Hides an approved listing whose open reports reached the administrator's threshold: it goes
 * back to pending_approval with report_hidden_at set (see the column's comment for why a status
 * rather than a flag), so search, its page and every public list drop it at once while its
 * owner and the administrator still see it. Called in the report's transaction, the listing row
 * locked; null when it stays as it was.
 */
export async function hideIfOverThreshold(
  tx: DbTransaction,
  listingId: number,
): Promise<HiddenListing | null> {
  const [weight, threshold] = await Promise.all([
    openReportWeight(tx, listingId),
    reportHideThreshold(tx),
  ]);
  if (weight < threshold) return null;
  const [hidden] = await tx
    .update(listings)
    .set({ status: "pending_approval", reportHiddenAt: new Date() })
    .where(and(eq(listings.id, listingId), eq(listings.status, "approved")))
    .returning({ id: listings.id, title: listings.title, userId: listings.userId });
  if (!hidden) return null;
  const [owner] = await tx
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, hidden.userId));
  const reasons = await tx
    .selectDistinct({ reason: reports.reason })
    .from(reports)
    .where(and(eq(reports.listingId, listingId), eq(reports.status, "open")))
    .orderBy(reports.reason);
  return {
    id: hidden.id,
    title: hidden.title,
    ownerEmail: owner!.email,
    ownerName: owner!.name,
    reasons: reasons.map((r) => r.reason),
  };
}

const t = createTranslator();

/** E-mails the owner why their listing is hidden, once committed; a failed e-mail is logged. */
export async function tellOwnerHidden(listing: HiddenListing): Promise<void> {
  const message = listingHiddenByReportsEmail(listing.ownerEmail, listing.ownerName, {
    title: listing.title,
    reasons: listing.reasons.map((reason) => t(`safety.reasons.${reason}`)),
    dashboardUrl: `${getConfig().appUrl}/dashboard/my-listings`,
  });
  await getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger.error(
        { err: error },
        `Could not e-mail the owner of listing ${listing.id} it is hidden`,
      );
    });
}
