import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/support";
import { requirePermission } from "../../auth/guards.server.ts";
import {
  SupportForm,
  SupportMessages,
  type SupportSendResult,
} from "../../components/conversations/support-thread.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  readOwnSupportChat,
  sendSupportMessage,
} from "../../services/conversations/support-chat.server.ts";
import { answerAction, refusalText } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/** "Chat with support": the account's conversation with the site's team (a plan's perk). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "support:chat");
  return {
    chat: await readOwnSupportChat(viewer),
    messages: pickMessages(["conversations.support", "conversations.conversation"]),
  };
}

/** Sends a message to the team; a refusal keeps what was typed and says why. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "support:chat");
  const form = await readForm(request);
  const body = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  return answerAction(() => sendSupportMessage(viewer, { body }), {
    success: () => redirect("/dashboard/support"),
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

export default function SupportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chat } = loaderData;
  const t = useT();
  return (
    <section aria-labelledby="support-title" className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center gap-2">
        <SectionHeading id="support-title">{t("conversations.support.title")}</SectionHeading>
        {chat.priority && <Badge tone="sun">{t("conversations.support.priority")}</Badge>}
      </div>
      <p className="mt-1 text-sm text-muted">{t("conversations.support.subtitle")}</p>
      {chat.priority && (
        <p className="mt-2 text-sm text-secondary">{t("conversations.support.priorityNote")}</p>
      )}
      {(chat.messages.length > 0 || chat.maySend) && (
        <SupportMessages messages={chat.messages} otherName={t("conversations.support.team")} />
      )}
      {chat.maySend ? (
        <SupportForm
          label={t("conversations.support.label")}
          placeholder={t("conversations.support.placeholder")}
          result={actionData as SupportSendResult | undefined}
        />
      ) : (
        <Card className="mt-4 space-y-3 p-6" data-testid="support-locked">
          <h3 className="text-lg font-bold text-ink">{t("conversations.support.lockedTitle")}</h3>
          <p className="text-secondary">{chat.locked}</p>
          <p className="text-sm text-muted">{t("conversations.support.lockedContact")}</p>
          <div className="flex flex-wrap gap-2">
            <Link
              to="/dashboard/premium-plans"
              className={buttonVariants({ variant: "primary", size: "md" })}
            >
              {t("conversations.support.lockedLink")}
            </Link>
            <Link to="/contact" className={buttonVariants({ variant: "outline", size: "md" })}>
              {t("conversations.support.contactLink")}
            </Link>
          </div>
        </Card>
      )}
    </section>
  );
}
