/** The spec's plans (§9): price in US dollars and duration in months. */
export const PREMIUM_PLANS = [
  { id: "basic", price: 15, months: 3 },
  { id: "standard", price: 25, months: 5 },
  { id: "premium", price: 35, months: 6, popular: true },
  { id: "elite", price: 50, months: 9 },
  { id: "ultimate", price: 75, months: 12 },
] as const;

export type PremiumPlan = (typeof PREMIUM_PLANS)[number];

export function findPremiumPlan(id: string | null): PremiumPlan | undefined {
  return PREMIUM_PLANS.find((plan) => plan.id === id);
}

/** The contact form, filled in to ask the team for a plan (online payment does not exist yet). */
export function upgradeRequestPath(plan: PremiumPlan): string {
  return `/contact?reason=partnership&plan=${plan.id}`;
}
