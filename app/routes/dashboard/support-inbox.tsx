import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/support-inbox";
import { requirePermission } from "../../auth/guards.server.ts";
import { Pagination } from "../../components/browse/pagination.tsx";
import { LocalTime } from "../../components/conversations/local-time.tsx";
import {
  SupportForm,
  SupportMessages,
  waitingText,
  type SupportSendResult,
} from "../../components/conversations/support-thread.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { parseId } from "../../lib/id.ts";
import type { SupportChatSummary } from "../../lib/schemas/support.ts";
import { supportInboxQuerySchema } from "../../lib/schemas/support.ts";
import {
  listSupportChats,
  readSupportChat,
  replyToSupportChat,
} from "../../services/conversations/support-chat.server.ts";
import {
  answerAction,
  loadOrErrorPage,
  refusalText,
} from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const PATH = "/dashboard/support-inbox";

/** The team's support inbox, and the chat `?id=` names, opened (its messages now read). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "support:answer");
  const url = new URL(request.url);
  const { page } = supportInboxQuerySchema.parse(Object.fromEntries(url.searchParams));
  const id = url.searchParams.get("id");
  const selected = id ? await loadOrErrorPage(() => readSupportChat(viewer, id)) : null;
  return {
    inbox: await listSupportChats(viewer, { page }),
    selected,
    messages: pickMessages(["conversations.support", "conversations.conversation"]),
  };
}

/** The team's reply in the chat the form names; a refusal keeps what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "support:answer");
  const id = parseId(new URL(request.url).searchParams.get("id"));
  const form = await readForm(request);
  const body = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  return answerAction(() => replyToSupportChat(viewer, id, { body }), {
    success: () => redirect(`${PATH}?id=${id}`),
    fieldErrors: (fieldErrors) =>
      data({ fieldError: fieldErrors.body, values: { body } } satisfies SupportSendResult, {
        status: 400,
      }),
    refused: (error) =>
      data({ error: refusalText(error), values: { body } } satisfies SupportSendResult, {
        status: error.status,
      }),
  });
}

function ChatRow({ chat }: { chat: SupportChatSummary }) {
  const t = useT();
  return (
    <li>
      <Link
        to={`${PATH}?id=${chat.id}`}
        aria-label={t("conversations.support.open", { name: chat.user.name })}
        className={cn(
          "flex gap-3 p-4 hover:bg-canvas focus-visible:bg-canvas",
          chat.unread > 0 && "bg-primary-tint/60",
        )}
        data-testid="support-chat-row"
      >
        <img
          src={chat.user.avatarUrl}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 shrink-0 rounded-full bg-surface-muted object-cover"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="flex min-w-0 items-center gap-2">
              <span className="truncate font-semibold text-ink">{chat.user.name}</span>
              {chat.priority && <Badge tone="sun">{t("conversations.support.priority")}</Badge>}
            </p>
            <LocalTime iso={chat.lastMessageAt} className="shrink-0 text-xs text-subtle" />
          </div>
          <p className="truncate text-sm text-muted">{chat.user.email}</p>
          <div className="mt-0.5 flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 flex-1 truncate text-sm text-subtle">
              {chat.lastMessage?.fromStaff
                ? t("conversations.inbox.you", { text: chat.lastMessage.body })
                : chat.lastMessage?.body}
            </p>
            {chat.waitingMinutes === null ? (
              <Badge tone="success">{t("conversations.support.answered")}</Badge>
            ) : (
              <Badge tone={chat.priority ? "danger" : "warning"}>
                {waitingText(t, chat.waitingMinutes)}
              </Badge>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

export default function SupportInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { inbox, selected } = loaderData;
  const t = useT();
  if (selected) {
    return (
      <section aria-labelledby="support-chat-title" className="mx-auto max-w-3xl">
        <Link
          to={PATH}
          className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
        >
          {t("conversations.support.back")}
        </Link>
        <header className="mt-3 flex items-center gap-3 rounded-xl border border-line bg-surface p-3 sm:p-4">
          <img
            src={selected.user.avatarUrl}
            alt=""
            width={48}
            height={48}
            className="size-10 shrink-0 rounded-full bg-surface-muted object-cover sm:size-12"
          />
          <div className="min-w-0 flex-1">
            <h2
              id="support-chat-title"
              className="flex flex-wrap items-center gap-2 text-lg font-bold text-ink"
            >
              <span className="truncate">{selected.user.name}</span>
              {selected.priority && <Badge tone="sun">{t("conversations.support.priority")}</Badge>}
            </h2>
            <p className="truncate text-sm text-muted">
              {selected.user.email}
              {selected.waitingMinutes !== null && ` · ${waitingText(t, selected.waitingMinutes)}`}
            </p>
          </div>
        </header>
        <SupportMessages messages={selected.messages} otherName={selected.user.name} />
        <SupportForm
          label={t("conversations.support.replyLabel", { name: selected.user.name })}
          placeholder={t("conversations.support.replyPlaceholder")}
          result={actionData as SupportSendResult | undefined}
          action={`${PATH}?id=${selected.id}`}
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="support-inbox-title">
      <div className="mb-4">
        <SectionHeading id="support-inbox-title">
          {t("conversations.support.inboxTitle")}
        </SectionHeading>
        <p className="text-sm text-muted">{t("conversations.support.inboxSubtitle")}</p>
      </div>
      {inbox.chats.length === 0 ? (
        <EmptyState
          title={t("conversations.support.inboxEmpty")}
          body={t("conversations.support.inboxEmptyHint")}
        />
      ) : (
        <>
          <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
            {inbox.chats.map((chat) => (
              <ChatRow key={chat.id} chat={chat} />
            ))}
          </ul>
          {inbox.pageCount > 1 && (
            <div className="mt-6">
              <Pagination
                page={inbox.page}
                pageCount={inbox.pageCount}
                hrefFor={(page) => (page > 1 ? `${PATH}?page=${page}` : PATH)}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
