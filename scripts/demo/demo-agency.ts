import { agencies, agencyMembers, publicProfiles } from "../../app/db/schema/index.ts";
import type { DbTransaction } from "../../app/db/client.server.ts";
import { eq } from "drizzle-orm";
import { ensurePublicProfile } from "../../app/services/profiles/public-profile.server.ts";
import { storeLogo } from "../../app/services/media/logo.server.ts";
import type { MediaStorage } from "../../app/storage/media-storage.server.ts";
import { renderAgencyLogo } from "./artwork.ts";
import type { DemoListing, DemoUser } from "./demo-data.ts";

const DAY_MS = 86_400_000;

/**
 * The demo's agency: the demo sign-in agent runs it on the plan that grants a team (the plan
 * seed buys it for her), with two East African agents as members and their homes and stays
 * under it, so /agencies/<handle>, the "Listed with" contact cards and the owner's team
 * screens have something to show. Its business is not verified: that check is still to come,
 * and the badge says pending until then.
 */
export const DEMO_AGENCY = {
  ownerId: "demo-agent-3",
  memberIds: ["demo-agent-7", "demo-agent-8"],
  name: "East Africa Homes",
  handle: "east-africa-homes",
  /** Teal that reads at AA on white and the off-white canvas (app/lib/contrast.ts). */
  brandColor: "#0f766e",
} as const;

const TEAM = new Set<string>([DEMO_AGENCY.ownerId, ...DEMO_AGENCY.memberIds]);

/** Homes to buy, rent and stay in: stays bring their guests' reviews to the agency's page. */
const AGENCY_CATEGORIES = new Set<DemoListing["category"]>(["real-estate", "hospitality"]);

/** Whether a demo listing is published under the agency: the team's approved homes and stays. */
export function underDemoAgency(
  listing: Pick<DemoListing, "userId" | "category" | "status">,
): boolean {
  return (
    TEAM.has(listing.userId) &&
    AGENCY_CATEGORIES.has(listing.category) &&
    listing.status === "approved"
  );
}

/** The owner's logo, drawn by the demo artwork and stored as an uploaded one would be. */
export async function storeDemoAgencyLogo(storage: MediaStorage): Promise<string> {
  return storeLogo(storage, await renderAgencyLogo(DEMO_AGENCY.brandColor));
}

/** Inserts the agency, its team and the owner's page branding; returns the agency's id. */
export async function insertDemoAgency(
  tx: DbTransaction,
  input: { users: readonly DemoUser[]; logoKey: string; now: Date },
): Promise<number> {
  const owner = input.users.find((u) => u.id === DEMO_AGENCY.ownerId);
  if (!owner) throw new Error(`the demo agency's owner ${DEMO_AGENCY.ownerId} is not a demo user`);
  const createdAt = new Date(input.now.getTime() - 90 * DAY_MS);
  const [agency] = await tx
    .insert(agencies)
    .values({ ownerId: owner.id, name: DEMO_AGENCY.name, handle: DEMO_AGENCY.handle, createdAt })
    .returning({ id: agencies.id });
  const agencyId = agency!.id;
  await tx.insert(agencyMembers).values([
    { agencyId, userId: owner.id, role: "owner", joinedAt: createdAt },
    ...DEMO_AGENCY.memberIds.map((userId, i) => ({
      agencyId,
      userId,
      role: "member" as const,
      joinedAt: new Date(createdAt.getTime() + (i + 1) * 7 * DAY_MS),
    })),
  ]);
  await ensurePublicProfile(tx, owner.id, owner.name);
  await tx
    .update(publicProfiles)
    .set({ brandColor: DEMO_AGENCY.brandColor, logoKey: input.logoKey })
    .where(eq(publicProfiles.userId, owner.id));
  return agencyId;
}
