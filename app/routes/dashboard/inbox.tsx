import { data, Link, redirect } from "react-router";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import type { Route } from "./+types/inbox";
import { requirePermission } from "../../auth/guards.server.ts";
import { Pagination } from "../../components/browse/pagination.tsx";
import { ConversationList } from "../../components/conversations/conversation-list.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { can, dashboardRole } from "../../lib/permissions.ts";
import { inboxQuerySchema } from "../../lib/schemas/conversations.ts";
import { parseId } from "../../lib/id.ts";
import { listConversations } from "../../services/conversations/inbox.server.ts";
import { supportUnread } from "../../services/conversations/support-chat.server.ts";
import { listReceivedWhatsappCallbacks } from "../../services/analytics/whatsapp-callbacks.server.ts";
import { LocalTime } from "../../components/conversations/local-time.tsx";
import { openBookingConversation } from "../../services/conversations/conversation-start.server.ts";
import { answerAction, refusalText } from "../../services/session/action-answer.server.ts";
import { assignLead } from "../../services/teams/team-assign.server.ts";
import { teamListScope, teamMates } from "../../services/teams/team-rights.server.ts";
import { AssignLead, type AssignRefusal } from "../../components/teams/assign-control.tsx";
import { readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

/** The newest call-back requests the tab lists; the lead download has them all. */
const CALLBACKS_SHOWN = 10;
const INBOX = "/dashboard/inbox";

/** The viewer's conversations: Messages for everyone, Inquiries for agents, Client Inquiries for professionals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "conversation:list-own");
  const { page } = inboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [inbox, teamAgencyId] = await Promise.all([
    listConversations(viewer, { page }),
    teamListScope(viewer, "conversation:answer-team"),
  ]);
  return {
    inbox,
    /** The agency's people, for the owner to assign the team's leads to. */
    mates: teamAgencyId === null ? [] : await teamMates(teamAgencyId),
    role: dashboardRole(viewer.role),
    // The support chat's replies are read in its own tab: its card here says when there are some.
    support: can(viewer, "support:chat") ? { unread: await supportUnread(viewer.id) } : null,
    // WhatsApp call-back requests left on the viewer's listings (kept after a plan ends).
    callbacks: can(viewer, "lead:list-own")
      ? await listReceivedWhatsappCallbacks(viewer, { limit: CALLBACKS_SHOWN })
      : [],
    messages: pickMessages([
      "conversations.inbox",
      "conversations.support",
      "conversations.callbacks",
      "teams.assign",
    ]),
  };
}

/**
 * "Message host" / "Message guest" on a booking: its conversation, made on first use. An agency's
 * owner assigns a lead to a member (`intent=assign`): a toast, or the reason under its choice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "conversation:list-own");
  const form = await readForm(request);
  if (form.get("intent") === "assign") {
    const id = parseId(form.get("conversationId")) ?? 0;
    return answerAction(
      () => assignLead(viewer, id, { memberId: form.get("memberId") ?? undefined }),
      {
        success: () =>
          redirectWithToast(INBOX, {
            title: "teams.toasts.leadAssigned",
            description: "teams.toasts.leadAssignedDescription",
          }),
        refused: (error) =>
          data<AssignRefusal>(
            { assignRefusal: { id, message: refusalText(error) } },
            { status: error.status },
          ),
      },
    );
  }
  return answerAction(() => openBookingConversation(viewer, parseId(form.get("bookingId")) ?? 0), {
    success: (conversationId) => redirect(`/dashboard/inbox/${conversationId}`),
    refused: (error) =>
      redirectWithToast("/dashboard/bookings", {
        title: "conversations.toasts.failedTitle",
        description: error.message,
        variant: "destructive",
      }),
  });
}

export default function InboxTab({ loaderData }: Route.ComponentProps) {
  const { inbox, role, support, callbacks, mates } = loaderData;
  const t = useT();
  const lister = role === "agent" || role === "professional";
  const title =
    role === "agent"
      ? t("conversations.inbox.titleAgent")
      : role === "professional"
        ? t("conversations.inbox.titleProfessional")
        : role === "admin"
          ? t("conversations.inbox.titleAdmin")
          : t("conversations.inbox.title");
  return (
    <section aria-labelledby="inbox-title">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <SectionHeading id="inbox-title">{title}</SectionHeading>
          <p className="text-sm text-muted">
            {lister ? t("conversations.inbox.subtitleLister") : t("conversations.inbox.subtitle")}
          </p>
        </div>
        {inbox.totalUnread > 0 && (
          <p className="text-sm font-semibold text-primary-strong">
            {t("conversations.inbox.unread", { count: inbox.totalUnread })}
          </p>
        )}
      </div>
      {support && (
        <Link
          to="/dashboard/support"
          className="mb-4 flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 hover:bg-canvas"
        >
          <span className="min-w-0">
            <span className="block font-semibold text-ink">
              {t("conversations.support.inboxCard")}
            </span>
            <span className="block text-sm text-muted">
              {t("conversations.support.inboxCardHint")}
            </span>
          </span>
          {support.unread > 0 && (
            <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-white">
              {t("conversations.inbox.unreadBadge", { count: support.unread })}
            </span>
          )}
        </Link>
      )}
      {callbacks.length > 0 && (
        <section aria-labelledby="callbacks-title" className="mb-6">
          <h3 id="callbacks-title" className="text-lg font-bold text-ink">
            {t("conversations.callbacks.title")}
          </h3>
          <p className="mb-3 text-sm text-muted">{t("conversations.callbacks.subtitle")}</p>
          <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
            {callbacks.map((callback) => (
              <li
                key={callback.id}
                className="flex flex-wrap items-center justify-between gap-3 p-4"
                data-testid="whatsapp-callback"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    {callback.name} · <span className="font-normal">{callback.phone}</span>
                  </p>
                  <p className="truncate text-sm text-muted">
                    <Link
                      to={`/listing/${callback.listingId}`}
                      className="underline-offset-4 hover:underline"
                    >
                      {t("conversations.callbacks.about", { title: callback.listingTitle })}
                    </Link>
                    {" · "}
                    <LocalTime iso={callback.createdAt} />
                    {callback.member && (
                      <> · {t("conversations.inbox.answeredBy", { name: callback.member })}</>
                    )}
                  </p>
                </div>
                <a
                  href={callback.chatUrl}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t("conversations.callbacks.chatWith", { name: callback.name })}
                  className={buttonVariants({ variant: "primary", size: "md" })}
                >
                  {t("conversations.callbacks.chat")}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {inbox.conversations.length === 0 ? (
        <EmptyState
          title={t("conversations.inbox.empty")}
          body={t("conversations.inbox.emptyHint")}
          action={
            <Link to="/listings" className={buttonVariants({ size: "md" })}>
              {t("conversations.inbox.browse")}
            </Link>
          }
        />
      ) : (
        <>
          <ConversationList
            conversations={inbox.conversations}
            controls={(c) =>
              mates.length > 1 && <AssignLead action={INBOX} conversation={c} mates={mates} />
            }
          />
          {inbox.pageCount > 1 && (
            <div className="mt-6">
              <Pagination
                page={inbox.page}
                pageCount={inbox.pageCount}
                hrefFor={(page) =>
                  page > 1 ? `/dashboard/inbox?page=${page}` : "/dashboard/inbox"
                }
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
