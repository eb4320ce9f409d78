import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { agencies, listingImages, listings } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import {
  FREE_ENTITLEMENTS,
  grants,
  planEntitlements,
  type Entitlements,
  type PerkName,
} from "../../app/lib/entitlements.ts";
import { storeImage } from "../../app/services/media/images.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { planUnlocking, type LevelOf } from "../../app/services/premium/entitlements.server.ts";
import { listPremiumPlans } from "../../app/services/premium/plans.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, jarWith, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const TWO_YEARS_MS = 2 * 365 * 86_400_000;

/**
 * Plans × entitlements (issue 27): for every plan on sale and the free tier, each gated action
 * works with the perk and is refused without it, through the API (403 naming the cheapest plan
 * that unlocks it) and through the page (which offers it or not). The expected answer is read
 * from the plan's own entitlement set, so an administrator's edit of the demo plans changes what
 * is expected, never whether the test holds.
 */

interface Probe<N extends PerkName = PerkName> {
  perk: N;
  level?: LevelOf<N>;
  /** The perk's words in the refusal ("premium analytics"). */
  words: string;
  /** The call the perk gates, as (or about) the account: the API, or a page's form. */
  api: (who: Account) => Promise<Response>;
  /** Whether the account's page offers the perk, where a page shows it or not. */
  offered?: (who: Account) => Promise<boolean>;
  /**
   * The refusal's own sentence, where it is not requireEntitlement's: a visitor asking for a
   * WhatsApp call-back is not told about the owner's plan.
   */
  refusal?: string;
  /**
   * Whether the answer is the perk's, where a refusal is not a 403: an image with its mark, a
   * listing without its agency badge, a support chat that is not priority.
   */
  grantedBy?: (response: Response) => boolean | Promise<boolean>;
}

/** A test account on a plan, with a live listing of its own. */
type Account = MadeUser & { listingId: number };

/** The first bytes of an MP4 file, as the video upload judges them. */
function mp4(size = 4096): Uint8Array<ArrayBuffer> {
  const data = Buffer.alloc(size, 7);
  data.writeUInt32BE(24, 0);
  data.write("ftypisom", 4, "latin1");
  return new Uint8Array(data);
}

describe(`every plan's perks are checked, through the page and the API, on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  const accounts: { plan: string; set: Entitlements; who: Account }[] = [];
  let made = 0;

  const html = async (who: Account, path: string) => {
    const response = await page(path, { jar: jarWith(who.cookie) });
    expect(response.status, path).toBe(200);
    return markupOf(await textOf(response));
  };

  const probes: Probe[] = [
    {
      perk: "analytics",
      level: "premium",
      words: t("entitlements.locked.perks.analytics.premium"),
      api: (who) => send("/api/v1/analytics/report.csv?days=90", { jar: jarWith(who.cookie) }),
      // The premium tier offers the report per listing; the basic tier only its totals.
      offered: async (who) =>
        (await html(who, "/dashboard/analytics?days=90")).includes(
          t("dashboard.analytics.listingReport"),
        ),
    } satisfies Probe<"analytics">,
    {
      perk: "leadDownload",
      words: t("entitlements.locked.perks.leadDownload"),
      api: (who) => send("/api/v1/analytics/leads.csv", { jar: jarWith(who.cookie) }),
      offered: async (who) =>
        (await html(who, "/dashboard/analytics")).includes(t("dashboard.analytics.leadsDownload")),
    },
    {
      perk: "reviewsDashboard",
      words: t("entitlements.locked.perks.reviewsDashboard"),
      api: (who) => send("/api/v1/me/reviews", { jar: jarWith(who.cookie) }),
      offered: async (who) =>
        !(await html(who, "/dashboard/reviews")).includes(
          t("entitlements.locked.perks.reviewsDashboard"),
        ),
    },
    {
      perk: "support",
      level: "basic",
      words: t("entitlements.locked.perks.support.basic"),
      api: (who) =>
        send("/api/v1/me/support-chat/messages", {
          jar: jarWith(who.cookie),
          json: { body: "Where do I change my listing's photos?" },
        }),
    } satisfies Probe<"support">,
    {
      perk: "support",
      level: "priority",
      words: t("entitlements.locked.perks.support.priority"),
      // Every chat is answered; a priority plan's is marked and goes first in the team's inbox.
      api: (who) => send("/api/v1/me/support-chat", { jar: jarWith(who.cookie) }),
      grantedBy: async (response) =>
        response.status === 200 && (await response.json()).priority === true,
    } satisfies Probe<"support">,
    {
      perk: "socialBoost",
      words: t("entitlements.locked.perks.socialBoost"),
      api: (who) =>
        send(`/api/v1/my-listings/${who.listingId}/boosts`, {
          method: "POST",
          jar: jarWith(who.cookie),
        }),
    },
    {
      perk: "team",
      words: t("entitlements.locked.perks.team"),
      api: (who) =>
        send("/api/v1/me/team", {
          jar: jarWith(who.cookie),
          json: { name: "Matrix Homes", handle: `matrix-homes-${(made += 1)}` },
        }),
    },
    {
      perk: "agencyBadge",
      words: t("entitlements.locked.perks.agencyBadge"),
      // The account's listing is published under its agency (the team probe's, where it made one): the badge shows with the perk only.
      api: async (who) => send(`/api/v1/listings/${await agencyListingOf(who)}`),
      grantedBy: async (response) =>
        response.status === 200 && (await response.json()).listing.agencyBadge !== null,
    },
    {
      perk: "videoListing",
      words: t("entitlements.locked.perks.videoListing"),
      api: (who) =>
        send(`/api/v1/my-listings/${who.listingId}/video`, {
          method: "PUT",
          body: mp4(),
          headers: { "Content-Type": "video/mp4" },
          jar: jarWith(who.cookie),
          origin: null,
        }),
    },
    {
      perk: "whatsappLeads",
      words: t("entitlements.locked.perks.whatsappLeads"),
      // A visitor asks on the account's listing: the owner's plan decides.
      api: (who) =>
        send(`/api/v1/listings/${who.listingId}/whatsapp-callbacks`, {
          json: { name: "Ama Visitor", phone: "+233 24 123 4567", consent: true },
        }),
      refusal: t("detail.whatsappCallback.unavailable"),
    },
    {
      perk: "watermarkRemoval",
      words: t("entitlements.locked.perks.watermarkRemoval"),
      // Without the perk the listing's card image is served with the site's mark drawn on it.
      api: async (who) => send(`/media/${await imageOf(who)}-card.webp`),
      grantedBy: (response) =>
        response.status === 200 && response.headers.get("ETag") === '"clean"',
    },
    {
      perk: "propertyWebsite",
      words: t("entitlements.locked.perks.propertyWebsite"),
      api: (who) =>
        send("/dashboard/public-page", {
          jar: jarWith(who.cookie),
          form: { intent: "website", handle: `matrix-site-${(made += 1)}`, about: "" },
        }),
    },
    {
      perk: "customBranding",
      words: t("entitlements.locked.perks.customBranding"),
      api: (who) =>
        send("/dashboard/public-page", {
          jar: jarWith(who.cookie),
          form: { intent: "branding", brandColor: "#0b5e31" },
        }),
    },
  ];

  /** A photo on the account's listing, stored the first time it is asked for. */
  const images = new Map<string, string>();
  async function imageOf(who: Account): Promise<string> {
    const known = images.get(who.id);
    if (known) return known;
    const stored = await storeImage(getMediaStorage(), await photo, "listings");
    await app.handle.db.insert(listingImages).values({
      listingId: who.listingId,
      position: 0,
      storageKey: stored.storageKey,
      width: stored.width,
      height: stored.height,
    });
    images.set(who.id, stored.storageKey);
    return stored.storageKey;
  }
  const photo = readFile(path.join(import.meta.dirname, "../../public/images/hero/slide-1.webp"));

  /** The account's listing, put under an agency the account owns the first time it is asked. */
  const agencyListings = new Set<string>();
  async function agencyListingOf(who: Account): Promise<number> {
    if (!agencyListings.has(who.id)) {
      const n = (made += 1);
      const [agency] = await app.handle.db
        .insert(agencies)
        .values({ ownerId: who.id, name: `Badge Homes ${n}`, handle: `badge-homes-${n}` })
        .onConflictDoUpdate({ target: agencies.ownerId, set: { ownerId: who.id } })
        .returning({ id: agencies.id });
      await app.handle.db
        .update(listings)
        .set({ agencyId: agency!.id })
        .where(eq(listings.id, who.listingId));
      agencyListings.add(who.id);
    }
    return who.listingId;
  }

  /** An agent on the plan (or none), with a live listing. */
  async function account(): Promise<Account> {
    const who = await makeUser({ role: "agent" });
    const { id } = await makeListing({ owner: who });
    return { ...who, listingId: id };
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    const free = await account();
    accounts.push({ plan: "free tier", set: FREE_ENTITLEMENTS, who: free });
    for (const plan of await listPremiumPlans()) {
      const [running, ended, renewed] = await Promise.all([account(), account(), account()]);
      await givePlan(running.id, plan.id);
      // A plan's end stops its perks; buying it again brings them back.
      await givePlan(ended.id, plan.id, { startsAt: new Date(Date.now() - TWO_YEARS_MS) });
      await givePlan(renewed.id, plan.id, { startsAt: new Date(Date.now() - TWO_YEARS_MS) });
      await givePlan(renewed.id, plan.id);
      accounts.push(
        { plan: plan.name, set: planEntitlements(plan), who: running },
        { plan: `ended ${plan.name}`, set: FREE_ENTITLEMENTS, who: ended },
        { plan: `renewed ${plan.name}`, set: planEntitlements(plan), who: renewed },
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it("has a plan that grants each probed perk and one that does not", () => {
    for (const probe of probes) {
      const granted = accounts.filter(({ set }) => grants(set, probe.perk, probe.level));
      expect(granted.length, probe.perk).toBeGreaterThan(0);
      expect(granted.length, probe.perk).toBeLessThan(accounts.length);
    }
  });

  for (const probe of probes) {
    it(`answers ${probe.perk}${probe.level ? ` (${probe.level})` : ""} as each plan grants it`, async () => {
      const unlocking = (await planUnlocking(probe.perk, probe.level))!;
      const refusal =
        probe.refusal ?? t("entitlements.locked.plan", { perk: probe.words, plan: unlocking.name });
      for (const { plan, set, who } of accounts) {
        const granted = grants(set, probe.perk, probe.level);
        const label = `${probe.perk} on ${plan}`;
        const response = await probe.api(who);
        if (probe.grantedBy) {
          expect(await probe.grantedBy(response), label).toBe(granted);
        } else if (granted) {
          expect(response.status, `${label}: ${await response.clone().text()}`).toBeLessThan(400);
        } else {
          expect(response.status, label).toBe(403);
          if (response.headers.get("content-type")?.includes("application/json")) {
            expect(await response.json(), label).toMatchObject({
              error: { code: "FORBIDDEN", message: refusal },
            });
          } else {
            // A page's form answers with its page, the sentence in it.
            expect(await textOf(response), label).toContain(refusal);
          }
        }
        if (probe.offered) expect(await probe.offered(who), label).toBe(granted);
      }
    });
  }
});
