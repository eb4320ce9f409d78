import type { LeadKind } from "../../app/lib/admin-values.ts";
import type { ContactMethod, ListingStatus } from "../../app/lib/listing-values.ts";
import { viewDay, visitorHash } from "../../app/services/listings/listing-views.server.ts";
import { createRandom } from "./demo-data.ts";

/**
 * The demo catalogue's recent activity: daily views and leads over the last 90 days for the
 * live listings, so the analytics have something to show on a fresh start. Seeded, so the same
 * `now` gives the same rows; featured listings draw more, weekends a little less.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ACTIVITY_DAYS = 90;

const CONTACT_LEAD: Record<ContactMethod, LeadKind> = {
  phone: "call",
  whatsapp: "whatsapp",
  email: "email",
};

export interface ActivityListing {
  status: ListingStatus;
  featured: boolean;
  contactMethod: ContactMethod;
  createdAt: Date;
}

/** Rows by the listing's index in the catalogue; the seed maps indexes to ids. */
export interface DemoActivity {
  views: { index: number; visitorHash: string; day: string }[];
  leads: { index: number; kind: LeadKind; visitorHash: string; day: string }[];
}

export function buildDemoActivity(
  listings: readonly ActivityListing[],
  now: Date,
  seed = 20_261_124,
): DemoActivity {
  const rnd = createRandom(seed);
  const activity: DemoActivity = { views: [], leads: [] };
  listings.forEach((listing, index) => {
    if (listing.status !== "approved") return;
    const popularity = rnd.between(0.6, 1.6) * (listing.featured ? 2.2 : 1);
    for (let ago = ACTIVITY_DAYS - 1; ago >= 0; ago--) {
      const date = new Date(now.getTime() - ago * DAY_MS);
      if (date < listing.createdAt) continue;
      const day = viewDay(date);
      const weekend = [0, 6].includes(date.getUTCDay()) ? 0.7 : 1;
      // Recent weeks a little busier than older ones, as a growing marketplace's.
      const trend = 0.75 + 0.5 * ((ACTIVITY_DAYS - ago) / ACTIVITY_DAYS);
      const views = Math.floor(rnd.between(0, 4) * popularity * weekend * trend);
      const visitors = Array.from({ length: views }, (_, n) =>
        visitorHash(`demo:${index}:${day}:${n}`),
      );
      for (const visitor of visitors) {
        activity.views.push({ index, visitorHash: visitor, day });
        if (rnd.chance(0.12)) {
          activity.leads.push({
            index,
            kind: CONTACT_LEAD[listing.contactMethod],
            visitorHash: visitor,
            day,
          });
        }
        if (rnd.chance(0.04))
          activity.leads.push({ index, kind: "share", visitorHash: visitor, day });
        if (rnd.chance(0.03)) {
          activity.leads.push({ index, kind: "favorite", visitorHash: visitor, day });
        }
      }
    }
  });
  return activity;
}
