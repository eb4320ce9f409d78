import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import type { Translate } from "../../i18n/translate.ts";
import { cn } from "../../lib/cn.ts";
import type { ProfileFormResult } from "../../lib/schemas/profile.ts";

/** One section of the Profile tab: an icon, a heading, a line of explanation and its form. */
export function ProfileCard({
  icon: Icon,
  title,
  description,
  tone = "default",
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  tone?: "default" | "danger";
  className?: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  const danger = tone === "danger";
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "rounded-2xl border bg-surface p-5 shadow-sm sm:p-6",
        danger ? "border-danger-pale" : "border-line",
        className,
      )}
    >
      <div className="mb-5 flex items-start gap-3">
        <span
          className={cn(
            "inline-flex size-10 shrink-0 items-center justify-center rounded-lg",
            danger ? "bg-danger-tint text-danger" : "bg-primary-tint text-primary",
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h3
            id={headingId}
            className={cn("text-lg font-bold", danger ? "text-danger-strong" : "text-ink")}
          >
            {title}
          </h3>
          <p className="mt-0.5 text-sm text-muted">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * The server's answer, written out in the form: with JavaScript the same text also shows as a
 * toast, without it this is the only place it appears.
 */
export function FormAlert({
  title,
  description,
  tone = "error",
}: {
  title: string;
  description?: string;
  tone?: "error" | "notice";
}) {
  const error = tone === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={cn(
        "mb-4 rounded-lg border px-3.5 py-2.5 text-sm",
        error
          ? "border-danger-pale bg-danger-tint text-danger-strong"
          : "border-accent-pale bg-accent-tint text-ink-soft",
      )}
    >
      <p className="font-semibold">{title}</p>
      {description && <p className="mt-0.5">{description}</p>}
    </div>
  );
}

/** The alert for an action answer, unless the browser has since found its own problems. */
export function ResultAlert({
  result,
  t,
}: {
  result: ProfileFormResult | undefined;
  t: Translate;
}) {
  if (!result) return null;
  const { title, description, params, variant } = result.toast;
  return (
    <FormAlert
      title={t(title, params)}
      description={description && t(description, params)}
      tone={variant === "destructive" ? "error" : "notice"}
    />
  );
}
