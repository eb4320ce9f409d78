import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { MAX_MESSAGE_BODY } from "../../lib/conversation-values.ts";
import type { MessageKey, Translate } from "../../i18n/translate.ts";
import type { MessageView } from "../../lib/schemas/conversations.ts";
import { SubmitButton } from "../ui/button.tsx";
import { Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { MessageBubble } from "./message-bubble.tsx";

/** What a refused support message comes back with: the reason and what was typed. */
export interface SupportSendResult {
  fieldError?: MessageKey;
  error?: string;
  values: { body: string };
}

/** A support chat's messages, as the conversations' bubbles show them. */
export function SupportMessages({
  messages,
  otherName,
}: {
  messages: MessageView[];
  otherName: string;
}) {
  const t = useT();
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "nearest" });
  }, [messages.length]);
  return (
    <div className="mt-4 rounded-xl border border-line bg-canvas p-3 sm:p-4">
      {messages.length === 0 ? (
        <p className="py-8 text-center text-muted">{t("conversations.support.empty")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("conversations.support.title")}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} otherName={otherName} />
          ))}
        </ol>
      )}
      <div ref={endRef} />
    </div>
  );
}

/** The message box under a support chat: text only; a refusal keeps what was typed. */
export function SupportForm({
  label,
  placeholder,
  result,
  action,
}: {
  label: string;
  placeholder: string;
  result: SupportSendResult | undefined;
  /** Where the form posts, when not to the page's own address. */
  action?: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (navigation.state === "idle" && !result) formRef.current?.reset();
  }, [navigation.state, result]);
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      className="mt-4 space-y-3 rounded-xl border border-line bg-surface p-4"
    >
      {result?.error && (
        <p role="alert" className="rounded-lg bg-danger-tint p-3 text-sm text-danger-strong">
          {result.error}
        </p>
      )}
      <div>
        <Label htmlFor="support-body">{label}</Label>
        <Textarea
          id="support-body"
          name="body"
          rows={3}
          required
          maxLength={MAX_MESSAGE_BODY}
          defaultValue={result?.values.body}
          placeholder={placeholder}
          aria-invalid={result?.fieldError ? true : undefined}
          aria-describedby={result?.fieldError ? "support-error" : undefined}
          className="w-full"
        />
        {result?.fieldError && (
          <p id="support-error" className="mt-1 text-sm text-danger">
            {t(result.fieldError)}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <SubmitButton
          pending={navigation.state === "submitting"}
          label={t("conversations.support.send")}
          pendingLabel={t("conversations.support.sending")}
          className="sm:w-40"
        />
      </div>
    </Form>
  );
}

/** "Waiting 3 hours": the time since the account's oldest unanswered message, in one unit. */
export function waitingText(t: Translate, minutes: number): string {
  if (minutes >= 60 * 24) {
    return t("conversations.support.waiting.days", { count: Math.floor(minutes / (60 * 24)) });
  }
  if (minutes >= 60) {
    return t("conversations.support.waiting.hours", { count: Math.floor(minutes / 60) });
  }
  if (minutes < 1) return t("conversations.support.waiting.justNow");
  return t("conversations.support.waiting.minutes", { count: minutes });
}
