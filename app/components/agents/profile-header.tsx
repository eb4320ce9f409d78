import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { Brand, ResponseStats, Verification } from "../../lib/schemas/public-profile.ts";
import { Icon } from "../ui/icon.tsx";
import { BrandLogo } from "./brand-preview.tsx";
import { VerificationStatus } from "./verification-status.tsx";
import { responseDuration } from "../../lib/trust-lines.ts";

/**
 * The top of a public page: cover (property website), photo, name, what they are, member since,
 * languages, verification and how they answer. An agency's page has no verification of its own
 * (its badge is a child); `children` add a line under the name (a badge, an agency link).
 */
export function ProfileHeader({
  name,
  kindLabel,
  avatarUrl,
  memberSince,
  languages,
  verification,
  response,
  coverUrl,
  brand,
  children,
}: {
  name: string;
  kindLabel: string;
  avatarUrl: string;
  memberSince: string;
  languages?: string[];
  verification?: Verification;
  response?: ResponseStats;
  coverUrl: string | null;
  brand: Brand | null;
  children?: React.ReactNode;
}) {
  const t = useT();
  return (
    <header className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      {coverUrl && (
        <img
          src={coverUrl}
          alt=""
          width={1280}
          height={320}
          fetchPriority="high"
          className="h-40 w-full object-cover sm:h-56"
          data-testid="website-cover"
        />
      )}
      <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-start sm:p-6">
        <img
          src={avatarUrl}
          alt=""
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-full border-4 border-surface bg-surface-muted object-cover"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-ink sm:text-3xl">{name}</h1>
            {brand && <BrandLogo brand={brand} />}
          </div>
          <p className="text-secondary">
            <span className="font-semibold text-[var(--brand,var(--color-primary-strong))]">
              {kindLabel}
            </span>
            {" · "}
            {t("agents.memberSince", { date: formatDay(memberSince.slice(0, 10)) })}
          </p>
          {children}
          {languages && (
            <p className="flex items-center gap-1.5 text-sm text-secondary">
              <Icon name="globe" className="size-4 text-subtle" />
              {languages.length > 0
                ? t("agents.languages", { languages: languages.join(", ") })
                : t("agents.noLanguages")}
            </p>
          )}
          {(verification || response) && (
            <div className="grid gap-4 sm:grid-cols-2">
              {verification && <VerificationStatus verification={verification} />}
              {response && <ResponseFigures response={response} />}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

export function ResponseFigures({ response }: { response: ResponseStats }) {
  const t = useT();
  return (
    <div data-testid="response">
      <h2 className="text-sm font-semibold text-ink">
        <Icon name="message-circle" className="mr-1 inline size-4 text-subtle" />
        {t("agents.response.title")}
      </h2>
      {response.rate === null ? (
        <p className="mt-1 text-sm text-secondary">{t("agents.response.unknown")}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-secondary">
          <li>{t("agents.response.rate", { rate: Math.round(response.rate * 100) })}</li>
          {response.medianMinutes !== null && (
            <li>
              {t("agents.response.time", { time: responseDuration(t, response.medianMinutes) })}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
