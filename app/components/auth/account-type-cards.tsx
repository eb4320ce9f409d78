import { Briefcase, Building2, Check, User } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { SELECTABLE_ROLES } from "../../lib/roles.ts";

type AccountType = (typeof SELECTABLE_ROLES)[number];

const CARDS: Record<AccountType, { title: MessageKey; body: MessageKey; Icon: typeof User }> = {
  user: {
    title: "auth.roleSelection.user.title",
    body: "auth.roleSelection.user.body",
    Icon: User,
  },
  agent: {
    title: "auth.roleSelection.agent.title",
    body: "auth.roleSelection.agent.body",
    Icon: Building2,
  },
  professional: {
    title: "auth.roleSelection.professional.title",
    body: "auth.roleSelection.professional.body",
    Icon: Briefcase,
  },
};

/**
 * The three account types as radio cards (role selection, profile). The checked card is styled
 * from the radio itself, so the choice shows before JavaScript loads too.
 */
export function AccountTypeCards({
  legend,
  current,
  currentLabel,
  onChange,
}: {
  legend: string;
  /** The account type the person has now, checked at first and marked with `currentLabel`. */
  current?: string | null;
  currentLabel?: string;
  onChange?: (value: AccountType) => void;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {SELECTABLE_ROLES.map((value) => {
          const { title, body, Icon } = CARDS[value];
          return (
            <label
              key={value}
              className="group relative flex cursor-pointer flex-col gap-2 rounded-xl border-2 border-line p-4 transition hover:border-line-strong has-[:checked]:border-primary-vivid has-[:checked]:bg-primary-tint has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-vivid"
            >
              <input
                type="radio"
                name="role"
                value={value}
                defaultChecked={value === current}
                onChange={() => onChange?.(value)}
                className="sr-only"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-surface text-primary shadow-sm">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="flex items-center gap-2">
                  {value === current && currentLabel && (
                    <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-bold text-accent-strong">
                      {currentLabel}
                    </span>
                  )}
                  <Check
                    aria-hidden
                    className="hidden size-5 text-primary group-has-[:checked]:block"
                  />
                </span>
              </span>
              <span className="font-semibold text-ink">{t(title)}</span>
              <span className="text-sm text-muted">{t(body)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
