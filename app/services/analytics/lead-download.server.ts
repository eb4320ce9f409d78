import { sql } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, queryRows } from "../../db/client.server.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { requireAllowed } from "../core/actor.server.ts";
import { requireEntitlement } from "../premium/entitlements.server.ts";
import { teamListScope } from "../teams/team-rights.server.ts";
import { csvField } from "./analytics-csv.server.ts";

/**
 * Lead download (a plan's `leadDownload`): the people who started a conversation on one's
 * listings, by what they started it with, and those who asked for a WhatsApp call-back. Only what
 * they shared with the lister goes in: the name the conversation shows them under (their e-mail
 * address and phone number stay out, since conversations keep them from the lister), and for a
 * call-back the name and number they gave with their consent. Anonymous clicks (calls, WhatsApp,
 * shares) name nobody and are counted in the analytics instead.
 */

/** The newest leads a download holds, so one request stays small. */
export const LEAD_DOWNLOAD_MAX = 5000;

export const LEAD_SOURCES = ["message", "booking", "quote", "whatsapp"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface DownloadedLead {
  at: Date;
  source: LeadSource;
  listingId: number;
  listing: string;
  name: string;
  /** The number a WhatsApp call-back request left; empty for a conversation. */
  phone: string;
  /** Who answers it: the conversation's host, or the listing's publisher for a call-back. */
  member: string;
}

export interface LeadDownload {
  leads: DownloadedLead[];
  /** The owner of a running agency downloads the team's leads too, each with its member. */
  team: boolean;
}

/**
 * The viewer's leads, newest first, after the entitlement and the rate limit; for the owner of
 * a running agency those of the team's listings too.
 */
export async function downloadLeads(viewer: Viewer | null): Promise<LeadDownload> {
  requireAllowed(viewer, "analytics:view");
  await requireEntitlement(viewer, "leadDownload");
  await requireUnderWriteLimit("leadDownload", viewer);
  const db = await getDb();
  const teamAgencyId = await teamListScope(viewer, "lead:list-team", new Date(), db);
  const team = teamAgencyId === null ? sql`false` : sql`l.agency_id = ${teamAgencyId}`;
  const rows = await queryRows<{
    at: Date | string;
    source: LeadSource;
    listing_id: number;
    title: string;
    name: string;
    phone: string;
    member: string;
  }>(
    db,
    sql`select * from (
        select c.created_at as at, c.id, l.id as listing_id, l.title, u.name, '' as phone,
          h.name as member,
          case when c.booking_id is not null then 'booking'
            when exists (select 1 from quote_requests q where q.conversation_id = c.id)
              then 'quote'
            else 'message' end as source
        from conversations c
          join listings l on l.id = c.listing_id
          join "user" u on u.id = c.guest_id
          join "user" h on h.id = c.host_id
        where (l.user_id = ${viewer.id} and c.host_id = ${viewer.id}) or ${team}
        union all
        select w.created_at, w.id, l.id, l.title, w.name, w.phone, p.name, 'whatsapp'
        from whatsapp_callbacks w
          join listings l on l.id = w.listing_id
          join "user" p on p.id = l.user_id
        where l.user_id = ${viewer.id} or ${team}
      ) leads
      order by at desc, id desc
      limit ${LEAD_DOWNLOAD_MAX}`,
  );
  return {
    team: teamAgencyId !== null,
    leads: rows.map((row) => ({
      at: new Date(row.at),
      source: row.source,
      listingId: Number(row.listing_id),
      listing: row.title,
      name: row.name,
      phone: row.phone,
      member: row.member,
    })),
  };
}

/**
 * The leads as CSV (RFC 4180, CRLF), every cell safe from a spreadsheet's formulas. A team's
 * download has a Member column; one's own leads are all one's own, so theirs has none.
 */
export function leadsCsv({ leads, team }: LeadDownload): string {
  const t = createTranslator();
  const line = (fields: (string | number)[]) => fields.map(csvField).join(",");
  return `${[
    line([
      t("dashboard.analytics.leadsCsv.date"),
      t("dashboard.analytics.leadsCsv.source"),
      t("dashboard.analytics.csv.listingId"),
      t("dashboard.analytics.csv.listing"),
      t("dashboard.analytics.leadsCsv.name"),
      t("dashboard.analytics.leadsCsv.phone"),
      ...(team ? [t("dashboard.analytics.leadsCsv.member")] : []),
    ]),
    ...leads.map((lead) =>
      line([
        lead.at.toISOString().slice(0, 16).replace("T", " "),
        t(`dashboard.analytics.leadsCsv.sources.${lead.source}`),
        lead.listingId,
        lead.listing,
        lead.name,
        lead.phone,
        ...(team ? [lead.member] : []),
      ]),
    ),
  ].join("\r\n")}\r\n`;
}
