import { Link } from "react-router";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { ConversationSummary } from "../../lib/schemas/conversations.ts";
import { LocalTime } from "./local-time.tsx";

/**
 * The inbox's rows: the listing, the other person, the last message and the unread count; for an
 * agency's owner, who answers each of the team's, and what `controls` adds under a row.
 */
export function ConversationList({
  conversations,
  controls,
}: {
  conversations: ConversationSummary[];
  controls?: (conversation: ConversationSummary) => React.ReactNode;
}) {
  const t = useT();
  const viewerId = useRootData().viewer?.id;
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
      {conversations.map((c) => {
        const preview = c.lastMessage ? c.lastMessage.body || t("conversations.inbox.image") : "";
        return (
          <li key={c.id}>
            <Link
              to={`/dashboard/inbox/${c.id}`}
              aria-label={t("conversations.inbox.open", {
                name: c.other.name,
                title: c.listing.title,
              })}
              className={cn(
                "flex gap-3 p-4 hover:bg-canvas focus-visible:bg-canvas",
                c.unread > 0 && "bg-primary-tint/60",
              )}
            >
              <img
                src={c.listing.imageUrl ?? c.other.avatarUrl}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="size-14 shrink-0 rounded-lg bg-surface-muted object-cover"
              />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <p
                    className={cn(
                      "truncate text-ink",
                      c.unread > 0 ? "font-bold" : "font-semibold",
                    )}
                  >
                    {c.other.name}
                    {c.other.verified && (
                      <span className="ml-1.5 text-xs font-semibold text-success-strong">
                        {t("listing.card.hostVerified")}
                      </span>
                    )}
                  </p>
                  <LocalTime iso={c.lastMessageAt} className="shrink-0 text-xs text-subtle" />
                </div>
                <p className="truncate text-sm text-muted">
                  {c.listing.title}
                  {c.bookingId !== null &&
                    ` · ${t("conversations.inbox.booking", { id: c.bookingId })}`}
                </p>
                {c.team && c.team.memberId !== viewerId && (
                  <p className="truncate text-xs font-medium text-secondary">
                    {t("conversations.inbox.answeredBy", { name: c.team.memberName })}
                  </p>
                )}
                <div className="mt-0.5 flex items-center justify-between gap-2">
                  <p
                    className={cn(
                      "truncate text-sm",
                      c.unread > 0 ? "font-medium text-ink" : "text-subtle",
                    )}
                  >
                    {c.lastMessage?.mine
                      ? t("conversations.inbox.you", { text: preview })
                      : preview}
                  </p>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-white">
                      {t("conversations.inbox.unreadBadge", { count: c.unread })}
                    </span>
                  )}
                </div>
              </div>
            </Link>
            {controls?.(c)}
          </li>
        );
      })}
    </ul>
  );
}
