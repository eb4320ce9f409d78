import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "../ui/badge.tsx";

export type StepState = "verified" | "notVerified" | "codeSent" | "unavailable";

const TONES = {
  verified: "success",
  notVerified: "neutral",
  codeSent: "warning",
  unavailable: "neutral",
} as const;

/**
 * One step of the Verification page: its icon, name, a line saying what it checks, and its state
 * as a badge the person reads at a glance ("Verified", "Not verified"); the step's own content
 * below.
 */
export function StepCard({
  icon: Icon,
  title,
  description,
  state,
  stateLabel,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  state: StepState;
  stateLabel: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-tint text-primary">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-lg font-bold text-ink">
            {title}
          </h3>
          <p className="mt-0.5 text-sm text-muted">{description}</p>
        </div>
        <Badge tone={TONES[state]} data-testid="step-state">
          {stateLabel}
        </Badge>
      </div>
      {children}
    </section>
  );
}
