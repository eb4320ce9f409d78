import { Badge } from "../ui/badge.tsx";
import type { Translate } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { StepStatus } from "../../lib/schemas/verification.ts";

const TONES = {
  "not-submitted": "neutral",
  pending: "warning",
  verified: "success",
  expired: "warning",
  rejected: "danger",
} as const;

/** A step's state in words: not submitted, pending, verified until a day, rejected with why. */
export function StepState({ t, status }: { t: Translate; status: StepStatus }) {
  const date = status.verifiedUntil ? formatDay(status.verifiedUntil.slice(0, 10)) : "";
  return (
    <p className="mt-1" data-testid={`${status.step}-state`}>
      <Badge tone={TONES[status.state]} className="inline-block rounded-lg text-sm">
        {t(`verification.stepStates.${status.state}`, { date, reason: status.reason ?? "" })}
      </Badge>
    </p>
  );
}

/**
 * A verified step's form folded away under "Send new documents" (for a renewal before the
 * expiry); any other state shows it open.
 */
export function RenewFold({
  verified,
  children,
}: {
  verified: boolean;
  children: React.ReactNode;
}) {
  const t = useT();
  if (!verified) return children;
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-primary">
        {t("verification.page.renew")}
      </summary>
      {children}
    </details>
  );
}

/** What a step's form was answered with: the message under each field, the values as sent. */
export interface StepFormAnswer {
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
}
