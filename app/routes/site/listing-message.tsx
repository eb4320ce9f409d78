import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/listing-message";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { SubmitButton } from "../../components/ui/button.tsx";
import { useFormDraft } from "../../hooks/use-form-draft.ts";
import { cardVariants } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import type { FieldErrors } from "../../lib/app-error.ts";
import { authDialogUrl } from "../../lib/auth-dialog-url.ts";
import { MAX_MESSAGE_BODY } from "../../lib/conversation-values.ts";
import { requireId } from "../../services/core/ids.server.ts";
import {
  contactTarget,
  startConversation,
} from "../../services/conversations/conversation-start.server.ts";
import {
  answerAction,
  loadOrErrorPage,
  refusalText,
} from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/**
 * "Contact Agent": a question to the lister, kept on the site. A visitor may write it first: the
 * sign-in dialog opens when they send it, and what they wrote waits in the browser (useFormDraft)
 * while they sign in, or sign up and confirm their e-mail.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const target = await loadOrErrorPage(() => contactTarget(requireId(params.listingId, "listing")));
  return {
    ...target,
    signedIn: Boolean(viewer),
    own: viewer?.id === target.lister.id,
    messages: pickMessages(["conversations.contact", "conversations.errors"]),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? t("conversations.contact.pageTitle", { name: loaderData.lister.name })
        : t("conversations.errors.listing"),
    },
    { name: "robots", content: "noindex" },
  ];
}

export interface MessageFormResult {
  fieldErrors: FieldErrors;
  values: { body: string };
  error?: string;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = context.get(viewerContext);
  const form = Object.fromEntries(await readForm(request));
  const body = typeof form.body === "string" ? form.body : "";
  return answerAction(() => startConversation(viewer, { listingId: params.listingId, body }), {
    success: ({ conversationId }) =>
      redirectWithToast(`/dashboard/inbox/${conversationId}`, {
        title: "conversations.toasts.sentTitle",
        description: "conversations.toasts.sentDescription",
      }),
    fieldErrors: (fieldErrors) =>
      data({ fieldErrors, values: { body } } satisfies MessageFormResult, { status: 400 }),
    refused: async (error) =>
      error.code === "UNAUTHENTICATED"
        ? await redirectWithToast(authDialogUrl(`/listing/${params.listingId}/message`, "login"), {
            title: "auth.toasts.authRequired",
            description: "conversations.contact.signInFirst",
          })
        : data(
            {
              fieldErrors: {},
              values: { body },
              error: refusalText(error),
            } satisfies MessageFormResult,
            { status: error.status },
          ),
  });
}

export default function ListingMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, lister, signedIn, own } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const result = actionData as MessageFormResult | undefined;
  const bodyError = result?.fieldErrors.body;
  const draft = useFormDraft(`message:${listing.id}`, signedIn);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to={`/listing/${listing.id}`}
        className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
      >
        {t("conversations.contact.about", { title: listing.title })}
      </Link>
      <div className={cardVariants({ className: "mt-4 p-5 sm:p-6" })}>
        <div className="flex items-center gap-3">
          <img
            src={lister.avatarUrl}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full bg-surface-muted object-cover"
          />
          <h1 className="min-w-0 text-xl font-bold text-ink">
            {t("conversations.contact.pageTitle", { name: lister.name })}
          </h1>
        </div>
        {own ? (
          <p
            className="mt-5 rounded-lg bg-warning-tint p-4 text-sm text-warning-deep"
            role="status"
          >
            {t("conversations.contact.ownListing")}
          </p>
        ) : (
          <Form method="post" className="mt-5 space-y-4" ref={draft}>
            {result?.error && (
              <p role="alert" className="rounded-lg bg-danger-tint p-3 text-sm text-danger-strong">
                {result.error}
              </p>
            )}
            <div>
              <Label htmlFor="message-body">{t("conversations.contact.label")}</Label>
              <Textarea
                id="message-body"
                name="body"
                rows={6}
                required
                maxLength={MAX_MESSAGE_BODY}
                defaultValue={result?.values.body}
                placeholder={t("conversations.contact.placeholder")}
                aria-invalid={bodyError ? true : undefined}
                aria-describedby={bodyError ? "message-error" : "message-hint"}
                className="w-full"
              />
              {bodyError ? (
                <p id="message-error" className="mt-1 text-sm text-danger">
                  {t(bodyError)}
                </p>
              ) : (
                <p id="message-hint" className="mt-1 text-xs text-muted">
                  {t("conversations.contact.hint")}
                </p>
              )}
            </div>
            {!signedIn && (
              <p className="text-sm text-secondary">{t("conversations.contact.visitorNote")}</p>
            )}
            <SubmitButton
              pending={navigation.state === "submitting"}
              label={t("conversations.contact.send")}
              pendingLabel={t("conversations.contact.sending")}
            />
          </Form>
        )}
      </div>
    </div>
  );
}
