import { Copy, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { Form, useLocation } from "react-router";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import type { CalendarFormResult } from "../../lib/booking-calendar.ts";
import { MAX_IMPORTED_EVENTS, type FeedFailure } from "../../lib/booking-values.ts";
import { Button, buttonVariants, SubmitButton } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input, Label } from "../ui/input.tsx";
import { PanelCard, RefusalNote, useFormResult, useSending } from "./calendar-form-parts.tsx";

export interface ImportedFeed {
  id: number;
  url: string;
  lastSyncedAt: string | null;
  lastError: FeedFailure | null;
}

const dateTime = new Intl.DateTimeFormat("en", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * The export address in a read-only field (selectable without JavaScript; a Copy button once it
 * runs) with "Get a new link"; then the calendars imported from other sites, and a form to add
 * one (the server reads it at once and refuses one it cannot read).
 */
export function IcalPanel({
  action,
  exportUrl,
  feeds,
  result,
}: {
  action: string;
  exportUrl: string | null;
  feeds: ImportedFeed[];
  result: CalendarFormResult | null;
}) {
  const t = useT();
  const location = useLocation();
  const hydrated = useHydrated();
  const exportId = useId();
  const [copied, setCopied] = useState(false);
  const exportResult = useFormResult(result, ["renew-link"]);
  const { error, refusal, value } = useFormResult(result, ["add-feed", "remove-feed"]);
  const adding = useSending("add-feed");
  const renewing = useSending("renew-link");

  async function copy(input: HTMLInputElement | null) {
    if (!input) return;
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand("copy");
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  }

  return (
    <PanelCard
      id="ical-title"
      title={t("bookingManage.ical.title")}
      description={t("bookingManage.ical.description")}
    >
      <div className="space-y-3">
        <h4 className="font-semibold text-ink">{t("bookingManage.ical.exportTitle")}</h4>
        <RefusalNote text={exportResult.refusal} />
        {exportUrl ? (
          <>
            <div>
              <Label htmlFor={exportId}>{t("bookingManage.ical.exportUrl")}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id={exportId}
                  readOnly
                  value={exportUrl}
                  aria-describedby={`${exportId}-hint`}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-sm"
                />
                {hydrated && (
                  <Button
                    type="button"
                    variant="outline"
                    size="lg"
                    className="shrink-0"
                    onClick={(event) =>
                      copy(event.currentTarget.parentElement?.querySelector("input") ?? null)
                    }
                  >
                    <Copy aria-hidden className="size-4" />
                    {copied ? t("bookingManage.ical.copied") : t("bookingManage.ical.copy")}
                  </Button>
                )}
              </div>
              <p id={`${exportId}-hint`} className="mt-1 text-xs text-subtle">
                {t("bookingManage.ical.exportHint")}
              </p>
              <span aria-live="polite" className="sr-only">
                {copied ? t("bookingManage.ical.copied") : ""}
              </span>
            </div>
            <Form
              method="post"
              action={action}
              preventScrollReset
              className="flex flex-col gap-2 sm:flex-row sm:items-center"
            >
              <input type="hidden" name="intent" value="renew-link" />
              <button
                type="submit"
                disabled={renewing}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                <RefreshCw aria-hidden className="size-4" />
                {t("bookingManage.ical.renew")}
              </button>
              <p className="text-xs text-muted">{t("bookingManage.ical.renewHint")}</p>
            </Form>
          </>
        ) : (
          <p className="text-sm text-muted">{t("bookingManage.ical.exportOff")}</p>
        )}
      </div>

      <div className="space-y-3 border-t border-line-soft pt-4">
        <h4 className="font-semibold text-ink">{t("bookingManage.ical.importTitle")}</h4>
        <p className="text-sm text-muted">{t("bookingManage.ical.importHint")}</p>
        <RefusalNote text={refusal} />
        {feeds.length === 0 ? (
          <p className="text-sm text-muted">{t("bookingManage.ical.none")}</p>
        ) : (
          <ul
            aria-label={t("bookingManage.ical.feedsLabel")}
            className="divide-y divide-line-soft rounded-lg border border-line"
          >
            {feeds.map((feed) => (
              <li
                key={feed.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-mono text-ink wrap-anywhere">{feed.url}</p>
                  <p className="mt-0.5 text-muted">
                    {feed.lastSyncedAt
                      ? t("bookingManage.ical.lastSync", {
                          date: `${dateTime.format(new Date(feed.lastSyncedAt))} UTC`,
                        })
                      : t("bookingManage.ical.neverSynced")}
                  </p>
                  {feed.lastError && (
                    <p className="mt-0.5 text-danger wrap-anywhere">
                      {t("bookingManage.ical.lastError", {
                        error: t(feed.lastError, { max: MAX_IMPORTED_EVENTS }),
                      })}
                    </p>
                  )}
                </div>
                <Form method="post" action={action} preventScrollReset className="shrink-0">
                  <input type="hidden" name="intent" value="remove-feed" />
                  <input type="hidden" name="feedId" value={feed.id} />
                  <button
                    type="submit"
                    aria-label={t("bookingManage.ical.removeLabel", { url: feed.url })}
                    className={buttonVariants({ variant: "dangerOutline", size: "sm" })}
                  >
                    {t("bookingManage.ical.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          action={action}
          key={location.key}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="add-feed" />
          <Field
            name="url"
            type="url"
            inputMode="url"
            required
            maxLength={2000}
            autoComplete="off"
            label={t("bookingManage.ical.feedUrl")}
            hint={t("bookingManage.ical.feedUrlHint")}
            defaultValue={value("url", "")}
            error={error("url")}
            className="min-w-0 flex-1"
          />
          <SubmitButton
            pending={adding}
            label={t("bookingManage.ical.add")}
            pendingLabel={t("bookingManage.ical.adding")}
            className="sm:mt-6.5 sm:w-auto"
          />
        </Form>
      </div>
    </PanelCard>
  );
}
