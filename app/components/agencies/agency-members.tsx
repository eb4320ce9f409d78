import { Link } from "react-router";
import { HostBadges } from "../listings/host-badges.tsx";
import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { AgencyMemberCard } from "../../lib/schemas/agency-page.ts";

/** The agency's team on its page: each member's photo and name, linking to their own page. */
export function AgencyMembers({ members }: { members: AgencyMemberCard[] }) {
  const t = useT();
  return (
    <section
      aria-labelledby="members-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      data-testid="agency-members"
    >
      <h2 id="members-title" className="text-xl font-bold text-ink">
        {t("agencies.members.title")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {members.map((member) => (
          <li key={member.handle}>
            <Link
              to={`/agents/${member.handle}`}
              className="flex items-center gap-3 rounded-xl border border-line p-3 hover:bg-canvas"
            >
              <img
                src={member.avatarUrl}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="size-14 shrink-0 rounded-full bg-surface-muted object-cover"
              />
              <span className="min-w-0">
                <span className="block truncate font-semibold text-[var(--brand,var(--color-primary-strong))] underline">
                  {member.name}
                </span>
                <span className="block text-sm text-muted">
                  {t(
                    member.role === "owner" ? "agencies.members.owner" : "agencies.members.member",
                  )}
                  {" · "}
                  {t("agencies.members.since", { date: formatDay(member.joinedAt.slice(0, 10)) })}
                </span>
                {(member.verified || member.businessVerified) && (
                  <span className="mt-1 flex flex-wrap gap-1">
                    <HostBadges
                      verified={member.verified}
                      businessVerified={member.businessVerified}
                    />
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
