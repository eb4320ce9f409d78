import { Mail } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import { StepCard } from "./step-card.tsx";

/** The e-mail step: done when the person opened the link sent at sign-up (or signed in with Google). */
export function EmailStep({ email, verified }: { email: string; verified: boolean }) {
  const t = useT();
  return (
    <StepCard
      icon={Mail}
      title={t("verification.email.title")}
      description={t("verification.email.description")}
      state={verified ? "verified" : "notVerified"}
      stateLabel={t(verified ? "verification.states.verified" : "verification.states.notVerified")}
    >
      <p className="text-sm text-secondary">
        {t(verified ? "verification.email.verifiedAs" : "verification.email.notVerified", {
          email,
        })}
      </p>
    </StepCard>
  );
}
