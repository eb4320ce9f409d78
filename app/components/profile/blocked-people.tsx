import { Ban } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import { BlockButton } from "../safety/block-button.tsx";
import { ProfileCard } from "./profile-card.tsx";

const PROFILE_PATH = "/dashboard/profile";

const date = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

/** Someone blocked, as the card shows them: `avatar` is the picture's address to show. */
export interface BlockedPersonRow {
  id: string;
  name: string;
  avatar: string;
  blockedAt: string;
}

/** Who the person blocked, each with Unblock. */
export function BlockedPeople({ people }: { people: BlockedPersonRow[] }) {
  const t = useT();
  return (
    <ProfileCard
      icon={Ban}
      title={t("safety.profile.blocked.title")}
      description={t("safety.profile.blocked.description")}
    >
      {people.length === 0 ? (
        <p className="rounded-lg bg-canvas px-3.5 py-3 text-sm text-muted">
          {t("safety.profile.blocked.empty")}
        </p>
      ) : (
        <ul
          aria-label={t("safety.profile.blocked.listLabel")}
          className="divide-y divide-line-soft"
        >
          {people.map((person) => (
            <li key={person.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <img
                src={person.avatar}
                alt=""
                width={40}
                height={40}
                className="size-10 shrink-0 rounded-full object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{person.name}</p>
                <p className="text-xs text-subtle">
                  {t("safety.profile.blocked.since", {
                    date: date.format(new Date(person.blockedAt)),
                  })}
                </p>
              </div>
              <BlockButton
                userId={person.id}
                name={person.name}
                blocked
                redirectTo={PROFILE_PATH}
              />
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}
