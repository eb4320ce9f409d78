import { Check, ChevronDown } from "lucide-react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/premium-plans";
import { requirePermission } from "../../auth/guards.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { PlanUsagePanel } from "../../components/premium/plan-usage.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useIsMessageKey, useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import {
  PERK_KINDS,
  PERK_NAMES,
  planBullets,
  perkFieldValues,
  planEntitlements,
  type FlagPerk,
  type PerkName,
} from "../../lib/entitlements.ts";
import { formatUsd } from "../../lib/money.ts";
import { can } from "../../lib/permissions.ts";
import {
  planFormEcho,
  planFormValues,
  type PlanFormEcho,
  type PremiumPlan,
} from "../../lib/schemas/premium-plans.ts";
import { buyPremiumPlan } from "../../services/premium/plan-payment.server.ts";
import { planUsageFor } from "../../services/premium/plan-limits.server.ts";
import { listPremiumPlans, updatePremiumPlan } from "../../services/premium/plans.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readCurrencyCode } from "../../services/session/preferences.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/premium-plans";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "premium:view-plans");
  const [plans, usage] = await Promise.all([listPremiumPlans(), planUsageFor(viewer)]);
  return {
    plans,
    usage,
    canChoose: can(viewer, "premium:choose-plan"),
    canEdit: can(viewer, "premium:edit-plans"),
    messages: pickMessages(["payments.plans", "entitlements.bullets"]),
  };
}

/**
 * "choose": buying a plan — the payment is opened and the browser sent to the provider's
 * checkout, in the display currency when the provider takes it; the plan starts when the
 * provider confirms. "edit": the administrator's changes to a plan; a refusal shows that plan's
 * form again with its messages (400).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(context, "premium:view-plans");
  const form = await readForm(request);
  const planId = typeof form.get("planId") === "string" ? String(form.get("planId")) : "";
  switch (form.get("intent")) {
    case "choose": {
      const viewer = await requirePermission(context, "premium:choose-plan");
      const displayCurrency = await readCurrencyCode(request);
      return answerAction(() => buyPremiumPlan({ actor: viewer, planId, displayCurrency }), {
        success: ({ checkoutUrl }) => redirect(checkoutUrl),
        refused: (error) =>
          redirectWithToast(PATH, {
            title: "payments.plans.checkoutFailed",
            description: error.message,
            params: error.params,
            variant: "destructive",
          }),
      });
    }
    case "edit": {
      const viewer = await requirePermission(context, "premium:edit-plans");
      return answerAction(
        () => updatePremiumPlan({ actor: viewer, planId, input: planFormValues(form) }),
        {
          success: (plan) =>
            redirectWithToast(PATH, {
              title: "dashboard.premium.edit.saved",
              description: "dashboard.premium.edit.savedDescription",
              params: { plan: plan.name },
            }),
          fieldErrors: (fieldErrors) =>
            data({ planId, fieldErrors, values: planFormEcho(form) }, { status: 400 }),
          refused: (error) =>
            redirectWithToast(PATH, {
              title: "dashboard.premium.edit.failed",
              description: error.message,
              variant: "destructive",
            }),
        },
      );
    }
    default:
      throw data(null, { status: 400 });
  }
}

interface EditRefusal {
  planId: string;
  fieldErrors: Record<string, string>;
  values: PlanFormEcho;
}

/** The contact form, filled in to ask the team about this plan (an invoice, a company's plan). */
function requestPath(plan: PremiumPlan): string {
  return `/contact?reason=partnership&plan=${encodeURIComponent(plan.id)}`;
}

function ChooseButton({ plan }: { plan: PremiumPlan }) {
  const t = useT();
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={PATH} preventScrollReset className="mt-5">
      <input type="hidden" name="intent" value="choose" />
      <input type="hidden" name="planId" value={plan.id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={t("dashboard.premium.chooseLabel", { plan: plan.name })}
        className={cn(
          buttonVariants({ variant: plan.popular ? "primary" : "brandOutline", size: "md" }),
          "w-full px-3",
        )}
      >
        {t("dashboard.premium.choose", { plan: plan.name })}
      </button>
    </fetcher.Form>
  );
}

function PlanCard({
  plan,
  previous,
  canChoose,
}: {
  plan: PremiumPlan;
  previous: PremiumPlan | undefined;
  canChoose: boolean;
}) {
  const t = useT();
  const bullets = planBullets(
    planEntitlements(plan),
    previous && { name: previous.name, set: planEntitlements(previous) },
  );
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-2xl border bg-surface p-5",
        plan.popular ? "border-accent-bright shadow-lg ring-2 ring-accent-light" : "border-line",
      )}
    >
      {plan.popular && (
        <Badge tone="accent" className="absolute -top-3 left-5 px-2.5 font-bold">
          {t("dashboard.premium.popular")}
        </Badge>
      )}
      <h3 className="font-bold text-ink">{plan.name}</h3>
      <p className="mt-2">
        <span className="text-3xl font-extrabold text-primary-strong">
          {formatUsd(plan.priceUsd)}
        </span>
        <span className="ml-1 text-sm text-subtle">
          / {t("dashboard.premium.months", { count: plan.months })}
        </span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-secondary">
        {bullets.map((bullet) => (
          <li key={bullet.key} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-vivid" />
            {t(`entitlements.bullets.${bullet.key}`, bullet.params)}
          </li>
        ))}
      </ul>
      {canChoose && <ChooseButton plan={plan} />}
      <p className="mt-3 text-center text-xs text-subtle">
        {t("dashboard.premium.requestHint")}{" "}
        <Link
          to={requestPath(plan)}
          className="font-medium text-primary-strong underline underline-offset-2"
        >
          {t("dashboard.premium.requestPlan", { plan: plan.name })}
        </Link>
      </p>
    </li>
  );
}

/**
 * The plan's perks as the catalogue describes them: a box per perk it grants or not, a choice of
 * levels, a count. Nothing else can be typed, so a plan never lists a perk the code does not know.
 */
function PerkFields({
  planId,
  values,
  error,
  className,
}: {
  planId: string;
  values: Record<string, string>;
  error: string | undefined;
  className?: string;
}) {
  const t = useT();
  const hintId = `plan-${planId}-perks-hint`;
  const errorId = `plan-${planId}-perks-error`;
  const field = (name: PerkName) => `plan-${planId}-perk-${name}`;
  const perkField = (name: PerkName) => {
    const kind = PERK_KINDS[name];
    if (kind.kind === "flag") {
      // An on/off perk is named as its card bullet reads.
      const label = t(`entitlements.bullets.${name as FlagPerk}`);
      return (
        <label key={name} className="flex items-start gap-2 text-sm text-ink-soft">
          <input
            type="checkbox"
            name={`perk.${name}`}
            defaultChecked={values[name] === "on"}
            className="mt-0.5 size-4 accent-primary"
          />
          {label}
        </label>
      );
    }
    const label = t(`dashboard.premium.edit.perks.${name as Exclude<PerkName, FlagPerk>}`);
    if (kind.kind === "level") {
      return (
        <div key={name}>
          <Label htmlFor={field(name)}>{label}</Label>
          <Select id={field(name)} name={`perk.${name}`} defaultValue={values[name]}>
            <option value="">{t("dashboard.premium.edit.notIncluded")}</option>
            {kind.levels.map((level) => (
              <option key={level} value={level}>
                {t(`dashboard.premium.edit.levels.${level}`)}
              </option>
            ))}
          </Select>
        </div>
      );
    }
    return (
      <Field
        key={name}
        label={label}
        hint={t("dashboard.premium.edit.countHint")}
        name={`perk.${name}`}
        inputMode="numeric"
        defaultValue={values[name]}
      />
    );
  };
  return (
    <fieldset className={className} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-ink">
        {t("dashboard.premium.edit.entitlements")}
      </legend>
      <p id={hintId} className="mt-1 text-xs text-subtle">
        {t("dashboard.premium.edit.entitlementsHint")}
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PERK_NAMES.filter((name) => PERK_KINDS[name].kind !== "flag").map(perkField)}
      </div>
      <div className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {PERK_NAMES.filter((name) => PERK_KINDS[name].kind === "flag").map(perkField)}
      </div>
    </fieldset>
  );
}

/** The administrator's form for one plan, in a disclosure that opens again after a refusal. */
function PlanEditor({ plan, refusal }: { plan: PremiumPlan; refusal: EditRefusal | undefined }) {
  const t = useT();
  const isMessageKey = useIsMessageKey();
  const mine = refusal?.planId === plan.id ? refusal : undefined;
  const values: PlanFormEcho = mine?.values ?? {
    name: plan.name,
    priceUsd: String(plan.priceUsd),
    months: String(plan.months),
    listingLimit: plan.listingLimit === null ? "" : String(plan.listingLimit),
    featuredAds: String(plan.featuredAds),
    perks: perkFieldValues(plan.entitlements),
    popular: plan.popular,
  };
  const error = (name: string) => {
    const key = mine?.fieldErrors[name];
    return key && isMessageKey(key) ? t(key) : undefined;
  };
  return (
    <details
      open={mine !== undefined}
      className={cn(
        cardVariants({ elevated: false }),
        "group p-0 [&_summary::-webkit-details-marker]:hidden",
      )}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-4 font-semibold text-ink">
        {t("dashboard.premium.edit.open", { plan: plan.name })}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <Form
        method="post"
        action={PATH}
        preventScrollReset
        key={JSON.stringify(values)}
        aria-label={t("dashboard.premium.edit.title", { plan: plan.name })}
        className="grid gap-4 border-t border-line-soft px-5 py-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="planId" value={plan.id} />
        <Field
          label={t("dashboard.premium.edit.name")}
          name="name"
          required
          maxLength={60}
          defaultValue={values.name}
          error={error("name")}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Field
          label={t("dashboard.premium.edit.priceUsd")}
          name="priceUsd"
          inputMode="decimal"
          required
          defaultValue={values.priceUsd}
          error={error("priceUsd")}
        />
        <Field
          label={t("dashboard.premium.edit.months")}
          name="months"
          inputMode="numeric"
          required
          defaultValue={values.months}
          error={error("months")}
        />
        <Field
          label={t("dashboard.premium.edit.listingLimit")}
          hint={t("dashboard.premium.edit.listingLimitHint")}
          name="listingLimit"
          inputMode="numeric"
          defaultValue={values.listingLimit}
          error={error("listingLimit")}
        />
        <Field
          label={t("dashboard.premium.edit.featuredAds")}
          name="featuredAds"
          inputMode="numeric"
          required
          defaultValue={values.featuredAds}
          error={error("featuredAds")}
        />
        <PerkFields
          planId={plan.id}
          values={values.perks}
          error={error("entitlements")}
          className="sm:col-span-2 lg:col-span-5"
        />
        <div className="flex flex-wrap items-center justify-between gap-4 sm:col-span-2 lg:col-span-5">
          <label className="flex items-start gap-2 text-sm text-ink-soft">
            <input
              type="checkbox"
              name="popular"
              defaultChecked={values.popular}
              className="mt-0.5 size-4 accent-primary"
            />
            {t("dashboard.premium.edit.popular")}
          </label>
          <Button type="submit" size="md">
            {t("dashboard.premium.edit.save")}
          </Button>
        </div>
      </Form>
    </details>
  );
}

export default function PremiumPlans({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { plans, usage, canChoose, canEdit } = loaderData;
  const refusal = actionData ?? undefined;
  return (
    <div>
      <SectionHeading>{t("dashboard.premium.title")}</SectionHeading>
      <p className="mt-1 text-muted">{t("dashboard.premium.subtitle")}</p>
      {usage && <PlanUsagePanel usage={usage} upgrade={false} className="mt-5" />}
      {plans.length > 0 ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {plans.map((plan, i) => (
            <PlanCard key={plan.id} plan={plan} previous={plans[i - 1]} canChoose={canChoose} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-muted">{t("dashboard.premium.empty")}</p>
      )}
      <p className={cn(cardVariants({ elevated: false }), "mt-6 p-5 text-sm text-muted")}>
        {t("payments.plans.note")}
      </p>
      {canEdit && plans.length > 0 && (
        <section aria-labelledby="edit-plans-title" className="mt-8 space-y-3">
          <SectionHeading id="edit-plans-title" size="sm">
            {t("dashboard.premium.edit.heading")}
          </SectionHeading>
          {plans.map((plan) => (
            <PlanEditor key={plan.id} plan={plan} refusal={refusal} />
          ))}
        </section>
      )}
    </div>
  );
}
