import { Check } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { PREMIUM_PLANS, upgradeRequestPath } from "../../lib/premium-plans.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";

export default function PremiumPlans() {
  const t = useT();
  return (
    <div>
      <h2 className="text-xl font-bold text-stone-900">{t("dashboard.premium.title")}</h2>
      <p className="mt-1 text-stone-600">{t("dashboard.premium.subtitle")}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {PREMIUM_PLANS.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-white p-5",
              "popular" in plan
                ? "border-sun-400 shadow-lg ring-2 ring-sun-300"
                : "border-stone-200",
            )}
          >
            {"popular" in plan && (
              <Badge tone="accent" className="absolute -top-3 left-5 px-2.5 font-bold">
                {t("dashboard.premium.popular")}
              </Badge>
            )}
            <h3 className="font-bold text-stone-900">
              {t(`dashboard.premium.plans.${plan.id}.name`)}
            </h3>
            <p className="mt-2">
              <span className="text-3xl font-extrabold text-brand-800">${plan.price}</span>
              <span className="ml-1 text-sm text-stone-500">
                / {t("dashboard.premium.months", { count: plan.months })}
              </span>
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-stone-700">
              {t(`dashboard.premium.plans.${plan.id}.features`)
                .split(" · ")
                .map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {feature}
                  </li>
                ))}
            </ul>
            <Link
              to={upgradeRequestPath(plan)}
              className={cn(
                buttonVariants({
                  variant: "popular" in plan ? "primary" : "brandOutline",
                  size: "md",
                }),
                "mt-5 px-3",
              )}
            >
              {t("dashboard.premium.requestPlan", {
                plan: t(`dashboard.premium.plans.${plan.id}.name`),
              })}
            </Link>
          </li>
        ))}
      </ul>
      <p className={cn(cardVariants({ elevated: false }), "mt-6 p-5 text-sm text-stone-600")}>
        {t("dashboard.premium.paymentNote")}
      </p>
    </div>
  );
}
