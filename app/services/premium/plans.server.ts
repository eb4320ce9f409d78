import { and, asc, eq, ne } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import { premiumPlans } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  premiumPlanInputSchema,
  type PremiumPlan,
  type PremiumPlanInput,
} from "../../lib/schemas/premium-plans.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { memo } from "../cache/memo.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";

/**
 * The premium plans on sale: rows the administrator edits, read by the plans page, the contact
 * form's plan request and the API. Kept in memory until an edit drops them.
 */

const planColumns = {
  id: premiumPlans.id,
  name: premiumPlans.name,
  priceUsd: premiumPlans.priceUsd,
  months: premiumPlans.months,
  listingLimit: premiumPlans.listingLimit,
  featuredAds: premiumPlans.featuredAds,
  entitlements: premiumPlans.entitlements,
  popular: premiumPlans.popular,
};

/** numeric columns come back as decimal strings. */
type PlanRow = Omit<PremiumPlan, "priceUsd"> & { priceUsd: string };

function toPlan(row: PlanRow): PremiumPlan {
  return { ...row, priceUsd: Number(row.priceUsd) };
}

async function readPlans(db: Database): Promise<PremiumPlan[]> {
  const rows = await db
    .select(planColumns)
    .from(premiumPlans)
    .orderBy(asc(premiumPlans.position), asc(premiumPlans.id));
  return rows.map(toPlan);
}

const plans = memo(readPlans);

export function listPremiumPlans(): Promise<PremiumPlan[]> {
  return plans.get();
}

/** The plan with this id, or undefined (an unknown or missing id is no plan). */
export async function findPremiumPlan(
  id: string | null | undefined,
): Promise<PremiumPlan | undefined> {
  if (!id) return undefined;
  return (await listPremiumPlans()).find((plan) => plan.id === id);
}

/** The fields whose value the edit changes, before and after, for the audit entry. */
function changes(before: PremiumPlan, after: PremiumPlanInput) {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof PremiumPlanInput)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      old[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: old, after: now };
}

/**
 * Saves the administrator's edit of a plan. Marking it popular unmarks the others in the same
 * transaction, so at most one plan is popular; the audit entry names what changed.
 */
export async function updatePremiumPlan({
  actor,
  planId,
  input,
}: {
  actor: Actor | null;
  planId: string;
  input: unknown;
}): Promise<PremiumPlan> {
  requireAllowed(actor, "premium:edit-plans");
  const edit = parsedOrRefused(
    premiumPlanInputSchema.safeParse(input),
    "dashboard.premium.errors.invalid",
  );
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(planColumns)
      .from(premiumPlans)
      .where(eq(premiumPlans.id, planId))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND", "dashboard.premium.errors.notFound");
    const unmarked = edit.popular
      ? await tx
          .update(premiumPlans)
          .set({ popular: false, updatedAt: new Date() })
          .where(and(ne(premiumPlans.id, planId), eq(premiumPlans.popular, true)))
          .returning({ id: premiumPlans.id })
      : [];
    const [row] = await tx
      .update(premiumPlans)
      .set({ ...edit, priceUsd: edit.priceUsd.toFixed(2), updatedAt: new Date() })
      .where(eq(premiumPlans.id, planId))
      .returning(planColumns);
    await recordAudit(tx, actor.id, {
      action: "plan.edit",
      targetType: "plan",
      targetId: planId,
      detail: {
        ...changes(toPlan(before), edit),
        ...(unmarked.length > 0 ? { unmarkedPopular: unmarked.map((p) => p.id) } : {}),
      },
    });
    return toPlan(row!);
  });
  plans.invalidate();
  return saved;
}
