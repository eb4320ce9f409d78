import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/request-quote";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { SubmitButton } from "../../components/ui/button.tsx";
import { useFormDraft } from "../../hooks/use-form-draft.ts";
import { cardVariants } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FieldErrors } from "../../lib/app-error.ts";
import { authDialogUrl } from "../../lib/auth-dialog-url.ts";
import { isoDay } from "../../lib/booking-values.ts";
import { MAX_NEED, MAX_PLACE } from "../../lib/schemas/quotes.ts";
import { quoteTarget, requestQuote } from "../../services/quotes/quote-requests.server.ts";
import {
  answerAction,
  errorPage,
  loadOrErrorPage,
  refusalText,
} from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/**
 * "Request a Quote" on a professional's service: what, where and when. A visitor may fill it in
 * first: the sign-in dialog opens when they send it, and what they wrote waits in the browser
 * (useFormDraft). Any other listing has no such form (404).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const target = await loadOrErrorPage(() => quoteTarget(params.listingId));
  return {
    ...target,
    signedIn: Boolean(viewer),
    own: viewer?.id === target.professional.id,
    /** The first day the date field offers, as the service counts days. */
    today: isoDay(new Date()),
    messages: pickMessages(["quotes.request", "quotes.errors"]),
  };
}

export interface QuoteRequestFormResult {
  fieldErrors: FieldErrors;
  values: { need: string; place: string; neededBy: string };
  error?: string;
}

type FormAnswer = ReturnType<typeof data<QuoteRequestFormResult>>;

function text(value: FormDataEntryValue | undefined): string {
  return typeof value === "string" ? value : "";
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = context.get(viewerContext);
  const form = Object.fromEntries(await readForm(request));
  const values = {
    need: text(form.need),
    place: text(form.place),
    neededBy: text(form.neededBy),
  };
  return answerAction(() => requestQuote(viewer, { ...values, listingId: params.listingId }), {
    success: ({ conversationId, request: asked }) =>
      redirectWithToast(`/dashboard/inbox/${conversationId}`, {
        title: "quotes.toasts.requestedTitle",
        description: "quotes.toasts.requestedDescription",
        params: { name: asked.professional.name },
      }),
    fieldErrors: (fieldErrors) =>
      data({ fieldErrors, values } satisfies QuoteRequestFormResult, { status: 400 }),
    refused: async (error): Promise<Response | FormAnswer> => {
      if (error.code === "UNAUTHENTICATED") {
        // The page's path from its parameter: a submission from the page posts to its `.data`.
        return redirectWithToast(authDialogUrl(`/listing/${params.listingId}/quote`, "login"), {
          title: "auth.toasts.authRequired",
          description: "quotes.request.signInFirst",
        });
      }
      // A listing that is gone or takes no quote requests: the same 404 page as its form.
      if (error.status === 404) throw errorPage(error);
      return data(
        { fieldErrors: {}, values, error: refusalText(error) } satisfies QuoteRequestFormResult,
        { status: error.status },
      );
    },
  });
}

export default function RequestQuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, professional, signedIn, own, today } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const result = actionData as QuoteRequestFormResult | undefined;
  const errors = result?.fieldErrors ?? {};
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const needError = error("need");
  const draft = useFormDraft(`quote:${listing.id}`, signedIn);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to={`/listing/${listing.id}`}
        className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
      >
        {t("quotes.request.back")}
      </Link>
      <div className={cardVariants({ className: "mt-4 p-5 sm:p-6" })}>
        <div className="flex items-center gap-3">
          <img
            src={professional.avatarUrl}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full bg-surface-muted object-cover"
          />
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-ink">{t("quotes.request.pageTitle")}</h1>
            <p className="text-sm wrap-break-word text-muted">
              {t("quotes.request.about", { name: professional.name, title: listing.title })}
            </p>
          </div>
        </div>
        {own ? (
          <p
            className="mt-5 rounded-lg bg-warning-tint p-4 text-sm text-warning-deep"
            role="status"
          >
            {t("quotes.request.ownListing")}
          </p>
        ) : (
          <Form method="post" className="mt-5 space-y-4" noValidate ref={draft}>
            {result?.error && (
              <p role="alert" className="rounded-lg bg-danger-tint p-3 text-sm text-danger-strong">
                {result.error}
              </p>
            )}
            <div>
              <Label htmlFor="quote-need">{t("quotes.request.need")}</Label>
              <Textarea
                id="quote-need"
                name="need"
                rows={5}
                required
                maxLength={MAX_NEED}
                defaultValue={result?.values.need}
                aria-invalid={needError ? true : undefined}
                aria-describedby={needError ? "quote-need-error" : "quote-need-hint"}
              />
              {needError ? (
                <p id="quote-need-error" className="mt-1 text-sm text-danger">
                  {needError}
                </p>
              ) : (
                <p id="quote-need-hint" className="mt-1 text-xs text-subtle">
                  {t("quotes.request.needHint")}
                </p>
              )}
            </div>
            <Field
              label={t("quotes.request.place")}
              name="place"
              required
              maxLength={MAX_PLACE}
              autoComplete="address-level2"
              defaultValue={result?.values.place}
              hint={error("place") ? undefined : t("quotes.request.placeHint")}
              error={error("place")}
            />
            <Field
              label={t("quotes.request.neededBy")}
              name="neededBy"
              type="date"
              required
              min={today}
              defaultValue={result?.values.neededBy}
              hint={error("neededBy") ? undefined : t("quotes.request.neededByHint")}
              error={error("neededBy")}
              className="sm:max-w-xs"
            />
            <p className="text-xs text-muted">{t("quotes.request.privacy")}</p>
            {!signedIn && (
              <p className="text-sm text-secondary">{t("quotes.request.visitorNote")}</p>
            )}
            <SubmitButton
              pending={navigation.state === "submitting"}
              label={t("quotes.request.submit")}
              pendingLabel={t("quotes.request.submitting")}
            />
          </Form>
        )}
      </div>
    </div>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? `${t("quotes.request.pageTitle")}: ${loaderData.listing.title}`
        : t("quotes.errors.listing"),
    },
    { name: "robots", content: "noindex" },
  ];
}
