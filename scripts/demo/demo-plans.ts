import { randomBytes } from "node:crypto";
import { asc } from "drizzle-orm";
import type { DbTransaction } from "../../app/db/client.server.ts";
import { payments, planSubscriptions, premiumPlans } from "../../app/db/schema/index.ts";
import { grants, planEntitlements } from "../../app/lib/entitlements.ts";
import { PAYMENT_METHODS } from "../../app/lib/payment-values.ts";
import { addMonths } from "../../app/lib/plan-period.ts";
import { cashIn, postLedger } from "../../app/services/payments/ledger.server.ts";
import { sandboxFee } from "../../app/services/payments/sandbox/sandbox-protocol.server.ts";
import { createRandom } from "./demo-data.ts";

const DAY_MS = 86_400_000;

/**
 * The demo's agents and professionals bought their plans through the sandbox: each has a paid
 * payment (with its charge and fee in the ledger, as the webhook would have written them) and a
 * running subscription of the smallest plan that holds their live listings. Without one, the
 * demo publishers would be over the free limit and unable to add a listing. An agency owner buys
 * the smallest that also grants `team`, or their agency would be paused.
 */
export async function insertDemoPlans(
  tx: DbTransaction,
  input: {
    publishers: readonly { id: string; name: string }[];
    /** Live (approved or pending) listings per publisher. */
    activeListings: ReadonlyMap<string, number>;
    /** Publishers who run an agency. */
    teamOwners: ReadonlySet<string>;
    now: Date;
  },
  seed = 20_261_124,
): Promise<number> {
  const rnd = createRandom(seed);
  const plans = await tx.select().from(premiumPlans).orderBy(asc(premiumPlans.position));
  let bought = 0;
  for (const publisher of input.publishers) {
    const active = input.activeListings.get(publisher.id) ?? 0;
    const team = input.teamOwners.has(publisher.id);
    const plan =
      plans.find(
        (p) =>
          (p.listingLimit === null || p.listingLimit >= active) &&
          (!team || grants(planEntitlements(p), "team")),
      ) ?? plans.at(-1);
    if (!plan) return bought;
    const paidAt = new Date(input.now.getTime() - rnd.int(5, 60) * DAY_MS);
    const method = rnd.pick(PAYMENT_METHODS);
    const amount = Math.round(Number(plan.priceUsd) * 100);
    const fee = sandboxFee(amount, method);
    const [payment] = await tx
      .insert(payments)
      .values({
        id: `pay_${randomBytes(12).toString("hex")}`,
        payerId: publisher.id,
        purpose: "plan",
        planId: plan.id,
        provider: "sandbox",
        providerRef: `cs_demo_${randomBytes(8).toString("hex")}`,
        status: "paid",
        method,
        amountMinor: amount,
        currency: "USD",
        amountUsdCents: amount,
        rate: "1.000000",
        feeMinor: fee,
        description: `${plan.name} plan, ${plan.months} months`,
        createdAt: paidAt,
        expiresAt: paidAt,
        paidAt,
        updatedAt: paidAt,
      })
      .returning({ id: payments.id });
    const refs = { paymentId: payment!.id };
    await postLedger(tx, {
      kind: "charge",
      currency: "USD",
      legs: cashIn(amount, [{ account: "plan_revenue", userId: null, amountMinor: amount }]),
      refs,
    });
    await postLedger(tx, {
      kind: "fee",
      currency: "USD",
      legs: [
        { account: "provider_fees", userId: null, amountMinor: fee },
        { account: "provider_cash", userId: null, amountMinor: -fee },
      ],
      refs,
    });
    await tx.insert(planSubscriptions).values({
      userId: publisher.id,
      planId: plan.id,
      paymentId: payment!.id,
      startsAt: paidAt,
      endsAt: addMonths(paidAt, plan.months),
      createdAt: paidAt,
    });
    bought += 1;
  }
  return bought;
}
