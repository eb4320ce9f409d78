import { Bot, Flag, Star } from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Translate } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { isPaymentRuleReason } from "../../lib/payment-rule.ts";
import { MAX_RESOLUTION_NOTE } from "../../lib/safety-values.ts";
import { MAX_REASON_LENGTH } from "../../lib/listing-status.ts";
import type {
  ReportContextMessage,
  ReportedListing,
  ReportView,
} from "../../lib/schemas/safety.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

const dateTime = new Intl.DateTimeFormat("en", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
function when(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

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
export function ReportItem({ report, action }: { report: ReportView; action: string }) {
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
          <ListingForms listing={report.listing} action={action} />
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

/** A reported listing: its state, how much its open reports weigh, and its history. */
function ListingContext({ listing }: { listing: ReportedListing }) {
  const t = useT();
  return (
    <section className="space-y-2 text-sm">
      <p className="font-semibold text-ink">
        <Link to={`/listing/${listing.id}`} className="text-primary-strong hover:underline">
          {t("safety.queue.listing", { title: listing.title })}
        </Link>
      </p>
      <p className="flex flex-wrap items-center gap-2 text-muted">
        <span>
          {t("safety.queue.listingStatus", { status: t(`dashboard.status.${listing.status}`) })}
        </span>
        {listing.hiddenByReportsAt && (
          <Badge tone="warning">
            {t("safety.queue.hiddenByReports", { date: when(listing.hiddenByReportsAt) })}
          </Badge>
        )}
      </p>
      <p className="text-ink-soft">
        {t("safety.queue.weight", { weight: listing.openWeight, threshold: listing.threshold })}
      </p>
      <p className="text-xs text-subtle">{t("safety.queue.weightHint")}</p>
      <details className="rounded-lg bg-canvas p-3">
        <summary className="cursor-pointer font-semibold text-ink">
          {t("safety.queue.history", { id: listing.id })}
        </summary>
        <div className="mt-3 space-y-3">
          <p className="text-muted">
            {t("safety.queue.historyDates", {
              created: when(listing.createdAt),
              updated: when(listing.updatedAt),
            })}
          </p>
          <HistoryList title={t("safety.queue.historyReports")}>
            {listing.reports.map((r) => (
              <li key={r.id}>
                {t("safety.queue.historyReport", {
                  id: r.id,
                  reason: t(`safety.reasons.${r.reason}`),
                  status: t(`safety.queue.statuses.${r.status}`),
                  name: r.reporterName ?? t("safety.queue.deletedAccount"),
                  weight: r.weight,
                  date: when(r.createdAt),
                })}
                {r.details && (
                  <span className="block wrap-break-word whitespace-pre-wrap text-ink-soft">
                    {r.details}
                  </span>
                )}
              </li>
            ))}
          </HistoryList>
          <HistoryList title={t("safety.queue.historySignals")}>
            {listing.signals.map((signal) => (
              <li key={signal.id}>
                {t("safety.queue.historySignal", {
                  kind: t(`publish.signals.kinds.${signal.kind}`),
                  date: when(signal.createdAt),
                  dismissed: signal.dismissed ? t("safety.queue.signalDismissed") : "",
                })}
              </li>
            ))}
          </HistoryList>
          <HistoryList title={t("safety.queue.historyAudit")}>
            {listing.audit.map((entry) => (
              <li key={entry.id}>
                {t("safety.queue.historyAuditLine", {
                  action: t(`dashboard.audit.actions.${entry.action}`),
                  email: entry.actorEmail,
                  date: when(entry.createdAt),
                })}
                {typeof entry.detail.reason === "string" && (
                  <span className="block text-ink-soft">
                    {t("safety.queue.note", { note: entry.detail.reason })}
                  </span>
                )}
              </li>
            ))}
          </HistoryList>
        </div>
      </details>
    </section>
  );
}

/** One part of a listing's history, or "None." when it is empty. */
function HistoryList({ title, children }: { title: string; children: React.ReactNode[] }) {
  const t = useT();
  return (
    <div>
      <p className="text-xs font-semibold text-subtle uppercase">{title}</p>
      {children.length === 0 ? (
        <p className="mt-1 text-muted">{t("safety.queue.historyNone")}</p>
      ) : (
        <ul className="mt-1 space-y-1.5 text-secondary">{children}</ul>
      )}
    </div>
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

/**
 * A listing's open reports are decided together: Dismiss reports (with a note; the listing is
 * public again if they hid it) or Take listing down (with the reason its owner reads).
 */
function ListingForms({ listing, action }: { listing: ReportedListing; action: string }) {
  const t = useT();
  const navigation = useNavigation();
  const noteId = useId();
  const reasonId = useId();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("listingId") === String(listing.id);
  return (
    <div
      role="group"
      aria-label={t("safety.queue.listingActionsLabel", { id: listing.id })}
      className="grid gap-4 border-t border-line-soft pt-4 lg:grid-cols-2"
    >
      <Form method="post" action={action} preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value="dismiss-listing" />
        <input type="hidden" name="listingId" value={listing.id} />
        <div>
          <Label htmlFor={noteId}>{t("safety.queue.noteLabel")}</Label>
          <Textarea
            id={noteId}
            name="note"
            rows={2}
            maxLength={MAX_RESOLUTION_NOTE}
            aria-describedby={`${noteId}-hint`}
          />
          <p id={`${noteId}-hint`} className="mt-1 text-xs text-subtle">
            {t("safety.queue.dismissListingHint")}
          </p>
        </div>
        <Button type="submit" variant="outline" size="md" disabled={busy}>
          {t("safety.queue.dismissListing")}
        </Button>
      </Form>
      <Form method="post" action={action} preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value="take-down" />
        <input type="hidden" name="listingId" value={listing.id} />
        <div>
          <Label htmlFor={reasonId}>{t("safety.queue.takeDownReason")}</Label>
          <Textarea
            id={reasonId}
            name="reason"
            rows={2}
            required
            maxLength={MAX_REASON_LENGTH}
            aria-describedby={`${reasonId}-hint`}
          />
          <p id={`${reasonId}-hint`} className="mt-1 text-xs text-subtle">
            {t("safety.queue.takeDownHint")}
          </p>
        </div>
        <Button type="submit" variant="danger" size="md" disabled={busy}>
          {t("safety.queue.takeDown")}
        </Button>
      </Form>
    </div>
  );
}
