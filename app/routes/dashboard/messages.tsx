import { ArrowLeft, Mail, MailOpen, Reply } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/messages";
import { requirePermission } from "../../auth/guards.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { Pagination } from "../../components/browse/pagination.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, SubmitButton } from "../../components/ui/button.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { pickMessages, type MessageKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FieldErrors } from "../../lib/app-error.ts";
import { cn } from "../../lib/cn.ts";
import { CONTACT_REASONS, type ContactReason } from "../../lib/listing-values.ts";
import {
  INBOX_FILTERS,
  MAX_REPLY_BODY_LENGTH,
  MAX_REPLY_SUBJECT_LENGTH,
  inboxPageQuerySchema,
  replySubject,
  type InboxFilter,
  type InboxMessage,
} from "../../lib/schemas/platform-settings.ts";
import type { Toast } from "../../lib/toast.ts";
import {
  listMessages,
  openMessage,
  replyToMessage,
  setMessageRead,
} from "../../services/contact/inbox.server.ts";
import { answerAction, loadOrErrorPage } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/messages";

/** The inbox's address for a filter, page and open message (the defaults left out). */
function inboxHref(options: { filter: InboxFilter; page?: number; id?: number | null }): string {
  const params = new URLSearchParams();
  if (options.filter !== "all") params.set("filter", options.filter);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  if (options.id) params.set("id", String(options.id));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

function query(url: URL) {
  const { filter, page } = inboxPageQuerySchema.parse(Object.fromEntries(url.searchParams));
  return { filter, page };
}

/** The list, and the message `?id=` names, opened (which marks it read). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "contact:manage");
  const url = new URL(request.url);
  const { filter, page } = query(url);
  const id = url.searchParams.get("id");
  const selected = id
    ? await loadOrErrorPage(() => openMessage({ actor: viewer, messageId: id }))
    : null;
  const inbox = await listMessages({ actor: viewer, filter, page });
  return { inbox, selected, messages: pickMessages(["contact.reasons"]) };
}

export interface ReplyFormResult {
  fieldErrors: FieldErrors;
  values: { subject: string; body: string };
  toast: Toast;
}

/**
 * Mark read or unread (back to the list, where the message shows as it now is), or reply by
 * e-mail (back to the message, now marked replied). A refused reply keeps what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "contact:manage");
  const { filter, page } = query(new URL(request.url));
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = form.get("id");
  const list = inboxHref({ filter, page });

  if (intent === "mark-read" || intent === "mark-unread") {
    const read = intent === "mark-read";
    return answerAction(() => setMessageRead({ actor: viewer, messageId: id, read }), {
      success: () =>
        redirectWithToast(list, {
          title: read ? "dashboard.messages.markedRead" : "dashboard.messages.markedUnread",
        }),
    });
  }

  if (intent === "reply") {
    const values = {
      subject: typeof form.get("subject") === "string" ? String(form.get("subject")) : "",
      body: typeof form.get("body") === "string" ? String(form.get("body")) : "",
    };
    const refuse = (fieldErrors: FieldErrors, toast: Toast, status: number) =>
      data({ fieldErrors, values, toast } satisfies ReplyFormResult, { status });
    return answerAction(() => replyToMessage({ actor: viewer, messageId: id, input: values }), {
      success: (message) =>
        redirectWithToast(inboxHref({ filter, page, id: message.id }), {
          title: "dashboard.messages.replySent",
          description: "dashboard.messages.replySentDescription",
          params: { email: message.email },
        }),
      fieldErrors: (errors) =>
        refuse(
          errors,
          {
            title: "dashboard.messages.replyInvalid",
            description: "dashboard.messages.replyInvalidDescription",
            variant: "destructive",
          },
          400,
        ),
      refused: async (error) =>
        error.code === "SERVICE_UNAVAILABLE"
          ? refuse(
              {},
              {
                title: "dashboard.messages.replyFailed",
                description: "dashboard.messages.replyFailedDescription",
                variant: "destructive",
              },
              503,
            )
          : redirectWithToast(list, {
              title: "dashboard.messages.notFound",
              description: "dashboard.messages.notFoundDescription",
              variant: "destructive",
            }),
    });
  }

  throw data(null, { status: 400 });
}

const dateTime = new Intl.DateTimeFormat("en", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
function when(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

function reasonKey(reason: string): MessageKey {
  return (CONTACT_REASONS as readonly string[]).includes(reason)
    ? `contact.reasons.${reason as ContactReason}`
    : "contact.reasons.general";
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { inbox, selected } = loaderData;
  const { filter, page, pageCount, messages, unread, total } = inbox;
  return (
    <div>
      <SectionHeading>{t("dashboard.messages.title")}</SectionHeading>
      <p className="mt-1 mb-4 text-muted">{t("dashboard.messages.subtitle")}</p>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {selected && (
          <div className="lg:order-2">
            <MessageView
              key={selected.id}
              message={selected}
              filter={filter}
              page={page}
              result={actionData ?? null}
            />
          </div>
        )}
        <section aria-label={t("dashboard.messages.listLabel")} className="min-w-0 lg:order-1">
          <nav
            aria-label={t("dashboard.messages.filterLabel")}
            className="mb-3 flex flex-wrap items-center gap-2"
          >
            {INBOX_FILTERS.map((option) => (
              <Link
                key={option}
                to={inboxHref({ filter: option })}
                aria-current={option === filter ? "page" : undefined}
                className={cn(
                  "rounded-full px-3 py-1.5 text-sm font-semibold",
                  option === filter
                    ? "bg-primary text-white"
                    : "bg-surface-muted text-secondary hover:bg-surface-strong",
                )}
              >
                {option === "all" ? t("dashboard.messages.all") : t("dashboard.messages.unread")}
                {option === "unread" && unread > 0 && ` (${unread})`}
              </Link>
            ))}
            <span className="ml-auto text-sm text-muted">
              {t("dashboard.messages.total", { count: total })} ·{" "}
              {t("dashboard.messages.unreadCount", { count: unread })}
            </span>
          </nav>
          {messages.length === 0 ? (
            <p className={cn(cardVariants({ elevated: false }), "p-6 text-center text-muted")}>
              {filter === "unread"
                ? t("dashboard.messages.emptyUnread")
                : t("dashboard.messages.empty")}
            </p>
          ) : (
            <ul
              className={cn(cardVariants({ elevated: false }), "divide-y divide-line-soft")}
              aria-label={t("dashboard.messages.listLabel")}
            >
              {messages.map((message) => (
                <MessageRow
                  key={message.id}
                  message={message}
                  href={inboxHref({ filter, page, id: message.id })}
                  current={selected?.id === message.id}
                />
              ))}
            </ul>
          )}
          <div className="mt-4">
            <Pagination
              page={page}
              pageCount={pageCount}
              hrefFor={(target) => inboxHref({ filter, page: target })}
            />
          </div>
        </section>
      </div>
    </div>
  );
}

function MessageRow({
  message,
  href,
  current,
}: {
  message: InboxMessage;
  href: string;
  current: boolean;
}) {
  const t = useT();
  const unread = message.readAt === null;
  return (
    <li data-unread={unread ? "true" : undefined}>
      <Link
        to={href}
        preventScrollReset
        aria-current={current ? "true" : undefined}
        aria-label={t("dashboard.messages.open", { name: message.name, subject: message.subject })}
        className={cn(
          "block px-4 py-3 hover:bg-canvas",
          current && "bg-primary-tint hover:bg-primary-tint",
        )}
      >
        <span className="flex items-center gap-2">
          {unread ? (
            <Mail aria-hidden className="size-4 shrink-0 text-primary" />
          ) : (
            <MailOpen aria-hidden className="size-4 shrink-0 text-faint" />
          )}
          <span
            className={cn(
              "min-w-0 flex-1 truncate",
              unread ? "font-bold text-ink" : "text-secondary",
            )}
          >
            {message.name}
          </span>
          {unread && <Badge tone="brand">{t("dashboard.messages.new")}</Badge>}
          {message.repliedAt && (
            <Badge tone="success">{t("dashboard.messages.repliedBadge")}</Badge>
          )}
        </span>
        <span
          className={cn(
            "mt-1 block truncate text-sm",
            unread ? "font-semibold text-ink" : "text-secondary",
          )}
        >
          {message.subject}
        </span>
        <span className="mt-0.5 block truncate text-xs text-subtle">
          {when(message.createdAt)} · {message.message}
        </span>
      </Link>
    </li>
  );
}

function MessageView({
  message,
  filter,
  page,
  result,
}: {
  message: InboxMessage;
  filter: InboxFilter;
  page: number;
  result: ReplyFormResult | null;
}) {
  const t = useT();
  const showToast = useToast();
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const bodyId = useId();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reply";
  const values = result?.values ?? { subject: replySubject(message.subject), body: "" };
  const errors = result?.fieldErrors ?? {};
  const action = `${inboxHref({ filter, page })}`;

  useEffect(() => {
    if (!result) return;
    showToast(result.toast);
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [result, showToast]);

  return (
    <article
      aria-labelledby="message-subject"
      className={cn(cardVariants({ elevated: false }), "space-y-5 p-4 sm:p-6")}
    >
      <Link
        to={inboxHref({ filter, page })}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-strong hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("dashboard.messages.back")}
      </Link>
      <header>
        <h3 id="message-subject" className="text-lg font-bold wrap-break-word text-ink">
          {message.subject}
        </h3>
        <p className="mt-1 text-sm wrap-anywhere text-secondary">
          <span className="font-semibold">{message.name}</span> &lt;{message.email}&gt;
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-subtle">
          <span>{t("dashboard.messages.received", { date: when(message.createdAt) })}</span>
          <span>{t("dashboard.messages.reason", { reason: t(reasonKey(message.reason)) })}</span>
          {message.userId && <span>{t("dashboard.messages.signedIn")}</span>}
          {message.repliedAt && (
            <span className="font-semibold text-success-strong">
              {t("dashboard.messages.repliedOn", { date: when(message.repliedAt) })}
            </span>
          )}
        </p>
      </header>
      <p className="rounded-lg bg-canvas p-4 text-sm leading-relaxed wrap-break-word whitespace-pre-wrap text-ink-soft">
        {message.message}
      </p>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="id" value={message.id} />
        <input type="hidden" name="intent" value="mark-unread" />
        <Button type="submit" variant="outline" size="sm" className="gap-1.5">
          <Mail aria-hidden className="size-4" />
          {t("dashboard.messages.markUnread")}
        </Button>
      </Form>

      <Form
        ref={formRef}
        method="post"
        action={`${inboxHref({ filter, page, id: message.id })}`}
        key={location.key}
        className="space-y-4 border-t border-line-soft pt-5"
        aria-labelledby="reply-heading"
      >
        <h4 id="reply-heading" className="flex items-center gap-2 font-semibold text-ink">
          <Reply aria-hidden className="size-4" />
          {t("dashboard.messages.replyTitle")}
        </h4>
        <p className="text-sm wrap-anywhere text-muted">
          {t("dashboard.messages.replyTo", { name: message.name, email: message.email })}
        </p>
        <input type="hidden" name="id" value={message.id} />
        <input type="hidden" name="intent" value="reply" />
        <Field
          name="subject"
          label={t("dashboard.messages.replySubject")}
          defaultValue={values.subject}
          maxLength={MAX_REPLY_SUBJECT_LENGTH}
          required
          error={errors.subject ? t(errors.subject) : undefined}
        />
        <div>
          <Label htmlFor={bodyId}>{t("dashboard.messages.replyBody")}</Label>
          <Textarea
            id={bodyId}
            name="body"
            rows={6}
            defaultValue={values.body}
            maxLength={MAX_REPLY_BODY_LENGTH}
            required
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${bodyId}-hint${errors.body ? ` ${bodyId}-error` : ""}`}
          />
          <p id={`${bodyId}-hint`} className="mt-1 text-xs text-subtle">
            {t("dashboard.messages.replyHint")}
          </p>
          {errors.body && (
            <p id={`${bodyId}-error`} className="mt-1 text-sm text-danger">
              {t(errors.body)}
            </p>
          )}
        </div>
        {result && Object.keys(errors).length === 0 && (
          <p role="alert" className="text-sm text-danger">
            {t(result.toast.description ?? result.toast.title)}
          </p>
        )}
        <SubmitButton
          pending={sending}
          label={t("dashboard.messages.send")}
          pendingLabel={t("dashboard.messages.sending")}
          className="sm:w-auto"
        />
      </Form>
    </article>
  );
}
