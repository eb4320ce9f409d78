import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import type { Verification } from "../../lib/schemas/public-profile.ts";
import { Icon } from "../ui/icon.tsx";

/**
 * What the site has checked about an account, one line per check: the e-mail address at sign-up,
 * the phone by an SMS code, and the identity and business documents our team reviewed (issue 28).
 */
const CHECKS: { key: keyof Verification; yes: MessageKey; no: MessageKey }[] = [
  {
    key: "emailConfirmed",
    yes: "agents.verification.emailConfirmed",
    no: "agents.verification.emailUnconfirmed",
  },
  {
    key: "phoneVerified",
    yes: "agents.verification.phoneVerified",
    no: "agents.verification.phoneUnverified",
  },
  {
    key: "identityVerified",
    yes: "agents.verification.identityVerified",
    no: "agents.verification.identityUnverified",
  },
  {
    key: "businessVerified",
    yes: "agents.verification.businessVerified",
    no: "agents.verification.businessUnverified",
  },
];

export function VerificationStatus({ verification }: { verification: Verification }) {
  const t = useT();
  return (
    <div>
      <h2 className="text-sm font-semibold text-ink">{t("agents.verification.title")}</h2>
      <ul className="mt-1 space-y-1" data-testid="verification">
        {CHECKS.map((check) => {
          const done = verification[check.key];
          return (
            <li key={check.key} className="flex items-center gap-1.5 text-sm text-secondary">
              <Icon
                name={done ? "check" : "x"}
                className={done ? "size-4 text-success" : "size-4 text-subtle"}
              />
              {t(done ? check.yes : check.no)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
