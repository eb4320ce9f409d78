import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/conversation";
import { HostBadges } from "../../components/listings/host-badges.tsx";
import { requirePermission } from "../../auth/guards.server.ts";
import { MessageBubble } from "../../components/conversations/message-bubble.tsx";
import { QuotePanel } from "../../components/quotes/quote-panel.tsx";
import { BlockButton } from "../../components/safety/block-button.tsx";
import { ReportDialog } from "../../components/safety/report-dialog.tsx";
import { SAFETY_MESSAGES } from "../../lib/safety-values.ts";
import { SubmitButton } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useNewMessages } from "../../hooks/use-new-messages.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FieldErrors } from "../../lib/app-error.ts";
import { MAX_MESSAGE_BODY } from "../../lib/conversation-values.ts";
import { MAX_IMAGE_BYTES } from "../../lib/schemas/image.ts";
import { parseId } from "../../lib/id.ts";
import { readConversation } from "../../services/conversations/inbox.server.ts";
import { sendMessage } from "../../services/conversations/messages.server.ts";
import {
  answerAction,
  loadOrErrorPage,
  refusalText,
} from "../../services/session/action-answer.server.ts";
import { MAX_FORM_BYTES, readForm } from "../../services/session/read-form.server.ts";
import { conversationQuotePanel } from "../../services/quotes/quote-requests.server.ts";
import { AppError } from "../../lib/app-error.ts";

function conversationId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new AppError("NOT_FOUND", "conversations.errors.notFound");
  return id;
}

/** One conversation, its latest messages read by opening it (`?before=` pages back). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "conversation:list-own");
  const before = parseId(new URL(request.url).searchParams.get("before")) ?? undefined;
  const conversation = await loadOrErrorPage(async () =>
    readConversation(viewer, conversationId(params.conversationId), { before }),
  );
  // A conversation about a professional's service may hold quote requests: their panel.
  const { scopes, ...quotePanel } = await conversationQuotePanel(viewer, conversation.id);
  return {
    conversation,
    quotePanel,
    earlierPage: before !== undefined,
    messages: pickMessages([
      "conversations.conversation",
      "suspensions.conversation",
      ...SAFETY_MESSAGES,
      ...scopes,
    ]),
  };
}

export interface SendResult {
  fieldErrors: FieldErrors;
  values: { body: string };
  error?: string;
}

/** Sends a message (text, an image, or both); a refusal keeps what was typed and says why. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "conversation:list-own");
  // A message carries at most one image of a listing image's size.
  const form = await readForm(request, MAX_IMAGE_BYTES + MAX_FORM_BYTES);
  const body = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  const file = form.get("image");
  const image =
    file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null;
  return answerAction(
    async () => {
      const id = conversationId(params.conversationId);
      await sendMessage(viewer, id, { body }, image);
      return id;
    },
    {
      // The message shows in the list: no toast for each one sent. The path is built from the
      // id: a client submission's request is for the page's `.data`.
      success: (id) => redirect(`/dashboard/inbox/${id}`),
      fieldErrors: (fieldErrors) =>
        data({ fieldErrors, values: { body } } satisfies SendResult, { status: 400 }),
      refused: (error) =>
        data(
          { fieldErrors: {}, values: { body }, error: refusalText(error) } satisfies SendResult,
          { status: error.status },
        ),
    },
  );
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, earlierPage } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const result = actionData as SendResult | undefined;
  const sending = navigation.state === "submitting";
  const shown = conversation.messages;
  const lastId = shown.at(-1)?.id ?? 0;
  const arrived = useNewMessages(conversation.id, earlierPage ? Number.MAX_SAFE_INTEGER : lastId);
  const all = earlierPage ? shown : [...shown, ...arrived];
  const formRef = useRef<HTMLFormElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const bodyError = result?.fieldErrors.body ?? result?.fieldErrors.image;
  const blocked = conversation.blockedByMe || conversation.blockedMe || conversation.otherSuspended;

  // Something arrived: the page's data is read again, so the quote panel shows the same news.
  const revalidator = useRevalidator();

  // The header's unread count is read beside this page's loader, which marks the conversation
  // read, so it may still count this conversation's messages: once open, it is read again.
  const unreadShown = useRootData().viewer?.unreadMessages ?? 0;
  useEffect(() => {
    if (unreadShown > 0 && !earlierPage) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per conversation opened
  }, [conversation.id]);
  const arrivedCount = arrived.length;
  useEffect(() => {
    if (arrivedCount > 0) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when more have arrived
  }, [arrivedCount]);

  // A sent message clears the form; the newest message stays in view as messages arrive, with
  // the message box and Send under it: the page's end is brought into view, not the list's.
  useEffect(() => {
    if (navigation.state === "idle" && !result) formRef.current?.reset();
  }, [navigation.state, result]);
  useEffect(() => {
    if (!earlierPage) endRef.current?.scrollIntoView({ block: "nearest" });
  }, [all.length, earlierPage]);

  return (
    <section aria-labelledby="conversation-title" className="mx-auto max-w-3xl">
      <Link
        to="/dashboard/inbox"
        className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
      >
        {t("conversations.conversation.back")}
      </Link>
      <header className="mt-3 flex items-center gap-3 rounded-xl border border-line bg-surface p-3 sm:p-4">
        <img
          src={conversation.other.avatarUrl}
          alt=""
          width={48}
          height={48}
          className="size-10 shrink-0 rounded-full bg-surface-muted object-cover sm:size-12"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 id="conversation-title" className="truncate text-lg font-bold text-ink">
              {conversation.other.name}
            </h2>
            <HostBadges
              verified={conversation.other.verified}
              businessVerified={conversation.other.businessVerified}
            />
          </div>
          <p className="truncate text-sm text-muted">
            <Link
              to={`/listing/${conversation.listing.id}`}
              className="underline-offset-4 hover:underline"
            >
              {t("conversations.conversation.about", { title: conversation.listing.title })}
            </Link>
            {conversation.bookingId !== null &&
              ` · ${t("conversations.conversation.booking", { id: conversation.bookingId })}`}
          </p>
        </div>
      </header>
      {/* Narrow paddings, so on a 390 px phone both Report buttons share the first row. */}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <ReportDialog
          target="conversation"
          id={conversation.id}
          redirectTo={`/dashboard/inbox/${conversation.id}`}
          className="px-2"
        />
        <ReportDialog
          target="user"
          id={conversation.other.id}
          redirectTo={`/dashboard/inbox/${conversation.id}`}
          className="px-2"
        />
        <BlockButton
          userId={conversation.other.id}
          name={conversation.other.name}
          blocked={conversation.blockedByMe}
          redirectTo={`/dashboard/inbox/${conversation.id}`}
        />
      </div>
      <QuotePanel {...loaderData.quotePanel} back={`/dashboard/inbox/${conversation.id}`} />

      <div className="mt-4 rounded-xl border border-line bg-canvas p-3 sm:p-4">
        {conversation.hasEarlier && (
          <p className="mb-3 text-center">
            <Link
              to={`?before=${shown[0]?.id ?? 0}`}
              className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
            >
              {t("conversations.conversation.earlier")}
            </Link>
          </p>
        )}
        {all.length === 0 ? (
          <p className="py-8 text-center text-muted">{t("conversations.conversation.empty")}</p>
        ) : (
          <ol className="space-y-3" aria-label={t("conversations.conversation.live")}>
            {all.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                otherName={conversation.other.name}
              />
            ))}
          </ol>
        )}
        <p aria-live="polite" className="sr-only">
          {arrived.length > 0
            ? t("conversations.conversation.newMessages", { count: arrived.length })
            : ""}
        </p>
      </div>

      {blocked ? (
        <p role="status" className="mt-4 rounded-lg bg-surface-muted p-4 text-sm text-secondary">
          {conversation.otherSuspended
            ? t("suspensions.conversation.note")
            : conversation.blockedByMe
              ? t("conversations.conversation.blockedByMe", { name: conversation.other.name })
              : t("conversations.conversation.blockedMe", { name: conversation.other.name })}
        </p>
      ) : (
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="mt-4 space-y-3 rounded-xl border border-line bg-surface p-4"
        >
          {result?.error && (
            <p role="alert" className="rounded-lg bg-danger-tint p-3 text-sm text-danger-strong">
              {result.error}
            </p>
          )}
          <div>
            <Label htmlFor="reply-body">{t("conversations.conversation.label")}</Label>
            <Textarea
              id="reply-body"
              name="body"
              rows={3}
              maxLength={MAX_MESSAGE_BODY}
              defaultValue={result?.values.body}
              placeholder={t("conversations.conversation.placeholder")}
              aria-invalid={bodyError ? true : undefined}
              aria-describedby={bodyError ? "reply-error" : undefined}
              className="w-full"
            />
            {bodyError && (
              <p id="reply-error" className="mt-1 text-sm text-danger">
                {t(bodyError)}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <Label htmlFor="reply-image">{t("conversations.conversation.attach")}</Label>
              <input
                id="reply-image"
                name="image"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-describedby="reply-image-hint"
                className="block w-full text-sm text-secondary file:mr-3 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold"
              />
              <p id="reply-image-hint" className="mt-1 text-xs text-subtle">
                {t("conversations.conversation.attachHint")}
              </p>
            </div>
            <SubmitButton
              pending={sending}
              label={t("conversations.conversation.send")}
              pendingLabel={t("conversations.conversation.sending")}
              className="sm:w-40"
            />
          </div>
        </Form>
      )}
      <div ref={endRef} />
    </section>
  );
}
