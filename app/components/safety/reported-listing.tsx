import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { MAX_REASON_LENGTH } from "../../lib/listing-status.ts";
import { MAX_RESOLUTION_NOTE } from "../../lib/safety-values.ts";
import type { ReportedListing } from "../../lib/schemas/safety.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** A date and time of the queue, in UTC (the administrators may sit anywhere). */
const dateTime = new Intl.DateTimeFormat("en", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
export function when(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** A reported listing: its state, how much its open reports weigh, and its history. */
export function ListingContext({ listing }: { listing: ReportedListing }) {
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

/**
 * A listing's open reports are decided together: Dismiss reports (with a note; the listing is
 * public again if they hid it) or Take listing down (with the reason its owner reads).
 */
export function ListingForms({ listing, action }: { listing: ReportedListing; action: string }) {
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
