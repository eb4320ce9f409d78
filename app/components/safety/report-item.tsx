import { Bot, Flag, Star } from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Translate } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { isPaymentRuleReason } from "../../lib/payment-rule.ts";
import { MAX_RESOLUTION_NOTE } from "../../lib/safety-values.ts";
import type { ReportContextMessage, ReportView } from "../../lib/schemas/safety.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { ListingContext, ListingForms, when } from "./reported-listing.tsx";

const STATUS_TONE = { open: "warning", resolved: "success", dismissed: "neutral" } as const;

/** The payment rule's findings in words ("a bank transfer, mobile money"). */
function ruleText(t: Translate, reasons: string[]): string {
  return reasons
    .filter(isPaymentRuleReason)
    .map((reason) => t(`safety.paymentRule.${reason}`))
    .join(", ");
}

/**
 * One report in the administrators' queue: who filed it and why, what it is about with enough
 * context to decide (the conversation's listing, people and last messages, the message, the
 * review), and, while it is open, Resolve / Dismiss with a note and, for a review, Hide review.
 */
export function ReportItem({
  report,
  action,
  decidedWith,
}: {
  report: ReportView;
  action: string;
  /**
   * A listing's open reports are decided together: on this page, with the report of this number
   * (the listing's newest shown), which carries the forms; absent on that one.
   */
  decidedWith?: number;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className={cn(cardVariants({ elevated: false }), "space-y-4 p-4 sm:p-5")}
    >
      <header className="flex flex-wrap items-center gap-2">
        {report.system ? (
          <Bot aria-hidden className="size-5 text-warning" />
        ) : (
          <Flag aria-hidden className="size-5 text-danger" />
        )}
        <h3 id={headingId} className="font-bold text-ink">
          {t("safety.queue.heading", {
            id: report.id,
            target: t(`safety.targets.${report.target}`),
          })}
        </h3>
        <Badge tone={STATUS_TONE[report.status]}>
          {t(`safety.queue.statuses.${report.status}`)}
        </Badge>
        <Badge tone="danger">{t(`safety.reasons.${report.reason}`)}</Badge>
      </header>

      <Origin report={report} />
      <ReportedPerson report={report} />
      <Context report={report} />

      {report.resolution && (
        <div className="rounded-lg bg-canvas px-3.5 py-2.5 text-sm text-secondary">
          <p>
            {report.resolution.by
              ? t("safety.queue.closedBy", {
                  status: t(`safety.queue.statuses.${report.status}`),
                  name: report.resolution.by,
                  date: when(report.resolution.at),
                })
              : t("safety.queue.closedByDeleted", {
                  status: t(`safety.queue.statuses.${report.status}`),
                  date: when(report.resolution.at),
                })}
          </p>
          {report.resolution.note && (
            <p className="mt-1 wrap-break-word whitespace-pre-wrap">
              {t("safety.queue.note", { note: report.resolution.note })}
            </p>
          )}
        </div>
      )}

      {report.status === "open" &&
        (report.listing ? (
          decidedWith === undefined ? (
            <ListingForms listing={report.listing} action={action} />
          ) : (
            <p className="border-t border-line-soft pt-4 text-sm text-muted">
              {t("safety.queue.decidedWith", { id: decidedWith })}
            </p>
          )
        ) : (
          <CloseForms report={report} action={action} />
        ))}
    </article>
  );
}

/** Who filed the report: a person with what they wrote, or the payment rule with its findings. */
function Origin({ report }: { report: ReportView }) {
  const t = useT();
  if (report.system) {
    return (
      <div className="rounded-lg border border-warning-pale bg-warning-tint px-3.5 py-2.5 text-sm text-warning-deep">
        <p className="font-semibold">{t("safety.queue.flagged")}</p>
        <p className="mt-0.5">
          {t("safety.queue.ruleFound", { reasons: ruleText(t, report.ruleReasons) })}
        </p>
        <p className="mt-0.5 text-xs">
          {t("safety.queue.flaggedOn", { date: when(report.createdAt) })}
        </p>
      </div>
    );
  }
  return (
    <div className="text-sm text-secondary">
      <p className="wrap-anywhere">
        {report.reporter
          ? t("safety.queue.reportedBy", {
              name: report.reporter.name,
              email: report.reporter.email,
              date: when(report.createdAt),
            })
          : t("safety.queue.reportedByDeleted", { date: when(report.createdAt) })}
      </p>
      {report.details && (
        <figure className="mt-2">
          <figcaption className="text-xs font-semibold text-subtle uppercase">
            {t("safety.queue.details")}
          </figcaption>
          <blockquote className="mt-1 rounded-lg bg-canvas p-3 wrap-break-word whitespace-pre-wrap text-ink-soft">
            {report.details}
          </blockquote>
        </figure>
      )}
    </div>
  );
}

function ReportedPerson({ report }: { report: ReportView }) {
  const t = useT();
  const person = report.reportedUser;
  if (!person) return null;
  return (
    <div className="text-sm">
      <p className="text-xs font-semibold text-subtle uppercase">
        {t("safety.queue.reportedUser")}
      </p>
      <p className="mt-0.5 wrap-anywhere text-ink-soft">
        <span className="font-semibold">{person.name}</span> &lt;{person.email}&gt; ·{" "}
        {person.role
          ? t("safety.queue.role", { role: t(`auth.badge.${person.role}`) })
          : t("safety.queue.noRole")}
      </p>
    </div>
  );
}

function MessageLine({ message }: { message: ReportContextMessage }) {
  const t = useT();
  return (
    <li className={cn("rounded-lg p-3", message.flagged ? "bg-warning-tint" : "bg-canvas")}>
      <p className="flex flex-wrap items-center gap-2 text-xs text-subtle">
        <span>
          {t("safety.queue.messageBy", { name: message.senderName, date: when(message.createdAt) })}
        </span>
        {message.flagged && <Badge tone="warning">{t("safety.queue.flaggedBadge")}</Badge>}
      </p>
      <p className="mt-1 text-sm wrap-break-word whitespace-pre-wrap text-ink-soft">
        {message.body || t("safety.queue.imageOnly")}
        {message.body && message.hasImage && ` ${t("safety.queue.imageOnly")}`}
      </p>
    </li>
  );
}

/** What the report is about. */
function Context({ report }: { report: ReportView }) {
  const t = useT();
  const { conversation, message, review } = report;
  return (
    <>
      {report.listing && <ListingContext listing={report.listing} />}
      {conversation && (
        <section className="space-y-2 text-sm">
          <p className="font-semibold text-ink">
            <Link
              to={`/listing/${conversation.listing.id}`}
              className="text-primary-strong hover:underline"
            >
              {t("safety.queue.conversation", { title: conversation.listing.title })}
            </Link>
          </p>
          <p className="text-muted">
            {t("safety.queue.between", {
              guest: conversation.guest.name,
              host: conversation.host.name,
            })}
          </p>
          {report.target === "conversation" && (
            <>
              <p className="text-xs font-semibold text-subtle uppercase">
                {t("safety.queue.lastMessages")}
              </p>
              {conversation.lastMessages.length === 0 ? (
                <p className="text-muted">{t("safety.queue.noMessages")}</p>
              ) : (
                <ul className="space-y-2">
                  {conversation.lastMessages.map((m) => (
                    <MessageLine key={m.id} message={m} />
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      )}
      {message && (
        <section className="space-y-2 text-sm">
          <p className="text-xs font-semibold text-subtle uppercase">
            {report.system ? t("safety.queue.flaggedMessage") : t("safety.queue.reportedMessage")}
          </p>
          <ul>
            <MessageLine message={message} />
          </ul>
        </section>
      )}
      {review && (
        <section className="space-y-1.5 text-sm">
          <p className="font-semibold text-ink">
            <Link
              to={`/listing/${review.listing.id}`}
              className="text-primary-strong hover:underline"
            >
              {t("safety.queue.review", { title: review.listing.title })}
            </Link>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-muted">
            <span>{t("safety.queue.reviewBy", { name: review.authorName })}</span>
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden className="size-4 fill-accent-bright text-accent-mid" />
              {t("safety.queue.rating", { rating: review.rating })}
            </span>
            {review.hidden && <Badge tone="neutral">{t("safety.queue.hiddenBadge")}</Badge>}
          </p>
          <blockquote className="rounded-lg bg-canvas p-3 wrap-break-word whitespace-pre-wrap text-ink-soft">
            {review.body}
          </blockquote>
          {review.hidden && review.hiddenReason && (
            <p className="text-muted">
              {t("safety.queue.hiddenReason", { reason: review.hiddenReason })}
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** Resolve or Dismiss with a note; for a review still shown, Hide review with a reason. */
function CloseForms({ report, action }: { report: ReportView; action: string }) {
  const t = useT();
  const navigation = useNavigation();
  const noteId = useId();
  const reasonId = useId();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("reportId") === String(report.id);
  return (
    <div className="space-y-4 border-t border-line-soft pt-4">
      <Form
        method="post"
        action={action}
        preventScrollReset
        aria-label={t("safety.queue.actionsLabel", { id: report.id })}
        className="space-y-3"
      >
        <input type="hidden" name="reportId" value={report.id} />
        <div>
          <Label htmlFor={noteId}>{t("safety.queue.noteLabel")}</Label>
          <Textarea id={noteId} name="note" rows={2} maxLength={MAX_RESOLUTION_NOTE} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="resolve" size="md" disabled={busy}>
            {t("safety.queue.resolve")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="dismiss"
            variant="outline"
            size="md"
            disabled={busy}
          >
            {t("safety.queue.dismiss")}
          </Button>
        </div>
      </Form>
      {report.review && !report.review.hidden && (
        <Form method="post" action={action} preventScrollReset className="space-y-3">
          <input type="hidden" name="reportId" value={report.id} />
          <input type="hidden" name="intent" value="hide-review" />
          <div>
            <Label htmlFor={reasonId}>{t("safety.queue.hideReason")}</Label>
            <Textarea
              id={reasonId}
              name="reason"
              rows={2}
              required
              maxLength={500}
              aria-describedby={`${reasonId}-hint`}
            />
            <p id={`${reasonId}-hint`} className="mt-1 text-xs text-subtle">
              {t("safety.queue.hideHint")}
            </p>
          </div>
          <Button type="submit" variant="danger" size="md" disabled={busy}>
            {t("safety.queue.hideReview")}
          </Button>
        </Form>
      )}
    </div>
  );
}
