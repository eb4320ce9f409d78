import { and, desc, eq, gt } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { planSubscriptions, premiumPlans, user } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { addMonths } from "../../lib/plan-period.ts";
import type { CheckoutStarted } from "../../lib/schemas/payments.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import {
  createPayment,
  openCheckout,
  requirePaymentProvider,
} from "../payments/checkout.server.ts";
import type { PurposeHandler } from "../payments/purpose.server.ts";
import { lockAccount, resumePausedListings } from "./plan-limits.server.ts";
import { findPremiumPlan } from "./plans.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * Buying a premium plan: a pending payment and the provider's checkout; the plan itself starts
 * when the provider's webhook says the money arrived (`planPaymentHandler`), never before.
 */

const t = createTranslator();

/** A plan's price is numeric dollars ("35.00"); payments count in cents. */
function priceInCents(priceUsd: number): number {
  return Math.round(priceUsd * 100);
}

/**
 * Opens the checkout of a plan for the actor and returns where to send their browser. Charged
 * in their display currency when the provider takes it, else in US dollars.
 */
export async function buyPremiumPlan({
  actor,
  planId,
  displayCurrency,
}: {
  actor: Actor | null;
  planId: string;
  displayCurrency?: string | null;
}): Promise<CheckoutStarted> {
  requireAllowed(actor, "premium:choose-plan");
  await requireUnderWriteLimit("checkout", actor);
  const plan = await findPremiumPlan(planId);
  if (!plan) throw new AppError("NOT_FOUND", "dashboard.premium.errors.notFound");
  requirePaymentProvider();
  const db = await getDb();
  const [payer] = await db.select({ email: user.email }).from(user).where(eq(user.id, actor.id));
  if (!payer) throw new AppError("UNAUTHENTICATED", "api.errors.unauthenticated");
  const payment = await db.transaction((tx) =>
    createPayment(tx, {
      payerId: actor.id,
      purpose: "plan",
      planId: plan.id,
      amountUsdCents: priceInCents(plan.priceUsd),
      description: t("payments.plans.description", { plan: plan.name, count: plan.months }),
      displayCurrency,
    }),
  );
  const checkoutUrl = await openCheckout(payment, payer.email);
  return { paymentId: payment.id, checkoutUrl };
}

/**
 * A plan's money arrived: the subscription starts now, or when the plan running now ends (its
 * last queued one), and lasts the plan's calendar months; paused listings the plan has room for
 * come back. A payment that arrives late still buys the plan. The price is plan revenue.
 */
export const planPaymentHandler: PurposeHandler = {
  async onPaid(tx, payment) {
    if (!payment.payerId || !payment.planId) return { credits: null };
    const [plan] = await tx
      .select({ months: premiumPlans.months, listingLimit: premiumPlans.listingLimit })
      .from(premiumPlans)
      .where(eq(premiumPlans.id, payment.planId));
    if (!plan) return { credits: null };
    await lockAccount(tx, payment.payerId);
    const now = payment.paidAt ?? new Date();
    const [last] = await tx
      .select({ endsAt: planSubscriptions.endsAt })
      .from(planSubscriptions)
      .where(and(eq(planSubscriptions.userId, payment.payerId), gt(planSubscriptions.endsAt, now)))
      .orderBy(desc(planSubscriptions.endsAt))
      .limit(1);
    const startsAt = last?.endsAt ?? now;
    await tx.insert(planSubscriptions).values({
      userId: payment.payerId,
      planId: payment.planId,
      paymentId: payment.id,
      startsAt,
      endsAt: addMonths(startsAt, plan.months),
    });
    // A plan queued after the running one changes nothing yet: the plan jobs resume at its start.
    if (!last) await resumePausedListings(tx, payment.payerId, plan.listingLimit);
    return {
      credits: [{ account: "plan_revenue", userId: null, amountMinor: payment.amountMinor }],
    };
  },
  async onUnpaid() {
    return {};
  },
};
