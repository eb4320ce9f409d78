import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import {
  MAX_CANCEL_REASON,
  MAX_COVERS,
  MAX_QUOTE_USD,
  type ConversationQuotes,
  type JobView,
  type QuoteThread,
  type QuoteView,
} from "../../lib/schemas/quotes.ts";
import { cn } from "../../lib/cn.ts";
import { ReviewForm } from "../reviews/review-form.tsx";
import { Button, buttonVariants, SubmitButton } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { CompleteJobButton } from "./complete-job.tsx";
import { JobPaymentLines, PayJobForm } from "./job-payment.tsx";
import { JobStatusBadge, QuoteAmount, QuoteStatusBadge, useAmountText } from "./quote-badges.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/** Where the panel's forms post: the resource route that answers with a redirect back. */
export const QUOTES_ACTION = "/quotes";

type Side = ConversationQuotes["side"];

/** The hidden fields every form of the panel sends: what to do, to what, and where to come back. */
function Hidden({
  intent,
  fields,
  back,
}: {
  intent: string;
  fields: Record<string, number>;
  back: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={back} />
    </>
  );
}

/** Whether a form of the panel with this intent is on its way (its buttons wait). */
function useBusy() {
  const navigation = useNavigation();
  return (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formAction === QUOTES_ACTION &&
    navigation.formData?.get("intent") === intent;
}

/**
 * The quotes of a conversation about a professional's service, shown on the conversation page:
 * each request (what, where, when), its quotes with their status, and the job an accepted quote
 * became, with what the viewer may do next. Every form posts to the quotes resource route, which
 * comes back here with a toast, with or without JavaScript.
 */
export function QuotePanel({
  quotes,
  today,
  back,
}: {
  quotes: ConversationQuotes;
  /** Today as the server counts days, for the date field's first day. */
  today: string;
  /** This page, for the forms to come back to. */
  back: string;
}) {
  const t = useT();
  if (quotes.requests.length === 0) return null;
  return (
    <section
      aria-labelledby="quote-panel-title"
      className="mt-4 space-y-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <SectionHeading as="h3" id="quote-panel-title" size="sm">
        {quotes.requests.length > 1 ? t("quotes.panel.titleMany") : t("quotes.panel.title")}
      </SectionHeading>
      {quotes.requests.map((thread) => (
        <RequestThread
          key={thread.request.id}
          thread={thread}
          side={quotes.side}
          today={today}
          back={back}
        />
      ))}
    </section>
  );
}

function RequestThread({
  thread,
  side,
  today,
  back,
}: {
  thread: QuoteThread;
  side: Side;
  today: string;
  back: string;
}) {
  const t = useT();
  const { request, quotes, job, may } = thread;
  return (
    <article className="border-t border-line pt-4 first-of-type:border-t-0 first-of-type:pt-0">
      <p className="text-sm text-muted">
        {t("quotes.panel.requested", {
          name: request.client.name,
          date: formatDay(request.createdAt.slice(0, 10)),
        })}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[7rem_minmax(0,1fr)]">
        <dt className="font-medium text-secondary">{t("quotes.panel.need")}</dt>
        <dd className="whitespace-pre-line wrap-break-word text-ink">{request.need}</dd>
        <dt className="font-medium text-secondary">{t("quotes.panel.place")}</dt>
        <dd className="wrap-break-word text-ink">{request.place}</dd>
        <dt className="font-medium text-secondary">{t("quotes.panel.neededBy")}</dt>
        <dd className="text-ink">{formatDay(request.neededBy)}</dd>
      </dl>

      {quotes.length === 0 ? (
        <p className="mt-3 rounded-lg bg-canvas p-3 text-sm text-secondary">
          {side === "client"
            ? t("quotes.panel.waiting", { name: request.professional.name })
            : t("quotes.panel.noQuote")}
        </p>
      ) : (
        <ol className="mt-3 space-y-3">
          {quotes.map((quote) => (
            <li key={quote.id}>
              <QuoteCard quote={quote} side={side} back={back} />
            </li>
          ))}
        </ol>
      )}

      {may.quote && (
        <SendQuoteForm requestId={request.id} today={today} back={back} again={quotes.length > 0} />
      )}
      {job && <JobCard job={job} back={back} />}
    </article>
  );
}

function QuoteCard({ quote, side, back }: { quote: QuoteView; side: Side; back: string }) {
  const t = useT();
  const busy = useBusy();
  const amountText = useAmountText()(quote.amountUsdCents);
  const open = quote.status === "sent" && !quote.expired;
  return (
    <div
      data-testid="quote"
      className={cn(
        "rounded-lg border p-3 sm:p-4",
        open ? "border-accent-light bg-accent-tint/60" : "border-line bg-canvas",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p>
          <span className="sr-only">{t("quotes.panel.amount")}: </span>
          <QuoteAmount usdCents={quote.amountUsdCents} className="text-lg" />
        </p>
        <QuoteStatusBadge status={quote.status} expired={quote.expired} />
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[7rem_minmax(0,1fr)]">
        <dt className="font-medium text-secondary">{t("quotes.panel.covers")}</dt>
        <dd className="whitespace-pre-line wrap-break-word text-ink">{quote.covers}</dd>
        <dt className="font-medium text-secondary">{t("quotes.panel.validUntil")}</dt>
        <dd className="text-ink">{formatDay(quote.validUntil)}</dd>
      </dl>
      <p className="mt-1 text-xs text-subtle">
        {t("quotes.panel.sentOn", { date: formatDay(quote.createdAt.slice(0, 10)) })}
      </p>
      {quote.expired && (
        <p className="mt-2 text-sm text-secondary">
          {t(
            side === "client" ? "quotes.panel.expiredNote" : "quotes.panel.expiredNoteProfessional",
            { date: formatDay(quote.validUntil) },
          )}
        </p>
      )}
      {open && side === "client" && (
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex">
          <Form method="post" action={QUOTES_ACTION}>
            <Hidden intent="accept-quote" fields={{ quoteId: quote.id }} back={back} />
            <Button
              type="submit"
              size="md"
              disabled={busy("accept-quote")}
              aria-label={t("quotes.panel.acceptLabel", { amount: amountText })}
              className="w-full sm:w-auto"
            >
              {t("quotes.panel.accept")}
            </Button>
          </Form>
          <Form method="post" action={QUOTES_ACTION}>
            <Hidden intent="decline-quote" fields={{ quoteId: quote.id }} back={back} />
            <Button
              type="submit"
              size="md"
              variant="outline"
              disabled={busy("decline-quote")}
              aria-label={t("quotes.panel.declineLabel", { amount: amountText })}
              className="w-full sm:w-auto"
            >
              {t("quotes.panel.decline")}
            </Button>
          </Form>
        </div>
      )}
      {quote.status === "sent" && side === "professional" && (
        <Form method="post" action={QUOTES_ACTION} className="mt-3">
          <Hidden intent="withdraw-quote" fields={{ quoteId: quote.id }} back={back} />
          <Button
            type="submit"
            size="sm"
            variant="dangerOutline"
            disabled={busy("withdraw-quote")}
            aria-label={t("quotes.panel.withdrawLabel", { amount: amountText })}
          >
            {t("quotes.panel.withdraw")}
          </Button>
        </Form>
      )}
      {quote.status === "accepted" && (
        <p className="mt-2 text-sm font-medium text-success-strong">
          {t("quotes.panel.acceptedNote")}
        </p>
      )}
    </div>
  );
}

/**
 * The professional's quote form: open at once for a request without quotes, folded behind
 * "Send a new quote" after one was declined, withdrawn or expired (a disclosure: no JavaScript
 * needed).
 */
function SendQuoteForm({
  requestId,
  today,
  back,
  again,
}: {
  requestId: number;
  today: string;
  back: string;
  again: boolean;
}) {
  const t = useT();
  const id = useId();
  const busy = useBusy();
  const form = (
    <Form method="post" action={QUOTES_ACTION} className="space-y-3">
      <Hidden intent="send-quote" fields={{ requestId }} back={back} />
      <Field
        label={t("quotes.panel.send.amount")}
        name="amount"
        type="number"
        inputMode="decimal"
        min="0.01"
        max={MAX_QUOTE_USD}
        step="0.01"
        required
        hint={t("quotes.panel.send.amountHint")}
        className="sm:max-w-xs"
      />
      <div>
        <Label htmlFor={`${id}-covers`}>{t("quotes.panel.send.covers")}</Label>
        <Textarea
          id={`${id}-covers`}
          name="covers"
          rows={3}
          required
          maxLength={MAX_COVERS}
          aria-describedby={`${id}-covers-hint`}
        />
        <p id={`${id}-covers-hint`} className="mt-1 text-xs text-subtle">
          {t("quotes.panel.send.coversHint")}
        </p>
      </div>
      <Field
        label={t("quotes.panel.send.validUntil")}
        name="validUntil"
        type="date"
        min={today}
        required
        hint={t("quotes.panel.send.validUntilHint")}
        className="sm:max-w-xs"
      />
      <SubmitButton
        pending={busy("send-quote")}
        label={t("quotes.panel.send.submit")}
        pendingLabel={t("quotes.panel.send.submitting")}
        className="sm:w-auto"
      />
    </Form>
  );
  if (!again) {
    return (
      <div className="mt-4 rounded-lg border border-line p-3 sm:p-4">
        <h4 className="mb-3 font-semibold text-ink">{t("quotes.panel.send.title")}</h4>
        {form}
      </div>
    );
  }
  return (
    <details className="group mt-4 rounded-lg border border-line p-3 sm:p-4">
      <summary className="cursor-pointer font-semibold text-ink group-open:mb-3">
        {t("quotes.panel.send.again")}
      </summary>
      {form}
    </details>
  );
}

function JobCard({ job, back }: { job: JobView; back: string }) {
  const t = useT();
  const id = useId();
  const busy = useBusy();
  return (
    <div
      data-testid="job"
      className="mt-4 rounded-lg border border-primary-pale bg-primary-tint/50 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-ink">{t("quotes.panel.job.title")}</h4>
        <p className="flex items-center gap-2 text-sm">
          <span className="text-secondary">{t("quotes.panel.job.status")}:</span>
          <JobStatusBadge status={job.status} />
        </p>
      </div>
      {job.completedAt && (
        <p className="mt-1 text-sm text-secondary">
          {t("quotes.panel.job.completedOn", { date: formatDay(job.completedAt.slice(0, 10)) })}
        </p>
      )}
      {job.cancelledAt && (
        <p className="mt-1 text-sm text-secondary">
          {t("quotes.panel.job.cancelledOn", { date: formatDay(job.cancelledAt.slice(0, 10)) })}
        </p>
      )}
      <JobPaymentLines job={job} />
      {job.status === "accepted" && (
        <>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <PayJobForm job={job} back={back} />
            <CompleteJobButton job={job} back={back} />
            <details className="group sm:flex-1">
              <summary
                className={cn(
                  buttonVariants({ variant: "dangerOutline", size: "md" }),
                  "w-full cursor-pointer list-none group-open:mb-3 sm:w-fit [&::-webkit-details-marker]:hidden",
                )}
              >
                {t("quotes.panel.job.cancel")}
              </summary>
              <Form
                method="post"
                action={QUOTES_ACTION}
                aria-label={t("quotes.panel.job.cancelTitle")}
                className="space-y-3 rounded-lg border border-danger-pale bg-surface p-3"
              >
                <Hidden intent="cancel-job" fields={{ jobId: job.id }} back={back} />
                <div>
                  <Label htmlFor={`${id}-reason`}>{t("quotes.panel.job.reason")}</Label>
                  <Textarea
                    id={`${id}-reason`}
                    name="reason"
                    rows={2}
                    maxLength={MAX_CANCEL_REASON}
                    aria-describedby={`${id}-reason-hint`}
                  />
                  <p id={`${id}-reason-hint`} className="mt-1 text-xs text-subtle">
                    {t("quotes.panel.job.reasonHint")}
                  </p>
                </div>
                <Button
                  type="submit"
                  size="md"
                  variant="danger"
                  disabled={busy("cancel-job")}
                  className="w-full sm:w-auto"
                >
                  {t("quotes.panel.job.confirmCancel")}
                </Button>
              </Form>
            </details>
          </div>
        </>
      )}
      {job.status === "completed" && job.side === "client" && (
        <div className="mt-3">
          {job.reviewed ? (
            <p className="text-sm text-success-strong">{t("quotes.panel.job.reviewed")}</p>
          ) : (
            <>
              <h5 className="mb-2 font-semibold text-ink">{t("quotes.panel.job.review")}</h5>
              <ReviewForm jobId={job.id} redirectTo={back} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
