import { useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { CalendarFormResult, CalendarIntent } from "../../lib/booking-calendar.ts";
import { cn } from "../../lib/cn.ts";
import { cardVariants } from "../ui/card.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/**
 * What a refused form of the listing's calendar page shows again: the message under each field,
 * the reason that names no field, and the values as they were sent. Empty for other forms.
 */
export function useFormResult(result: CalendarFormResult | null, intents: CalendarIntent[]) {
  const t = useT();
  const mine = result && intents.includes(result.intent) ? result : null;
  return {
    mine,
    error(field: string): string | undefined {
      const key = mine?.fieldErrors[field];
      return key ? t(key) : undefined;
    },
    refusal: mine?.refusal ? t(mine.refusal.message, mine.refusal.params) : null,
    value(field: string, fallback: string): string {
      return mine?.values[field] ?? fallback;
    },
  };
}

/** Whether a form of this intent is being sent. */
export function useSending(intent: CalendarIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Why the last attempt changed nothing, above the form it belongs to. */
export function RefusalNote({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-danger-pale bg-danger-tint p-3 text-sm wrap-break-word text-danger-strong"
    >
      {text}
    </p>
  );
}

/** One part of the page: a card with its heading. */
export function PanelCard({
  id,
  title,
  description,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(cardVariants({ elevated: false }), "p-4 sm:p-6", className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <SectionHeading as="h3" id={id} size="sm">
            {title}
          </SectionHeading>
          {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
