import { useId } from "react";
import { Form } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { SubmissionView } from "../../lib/schemas/verification.ts";
import { MAX_REJECTION_REASON } from "../../lib/verification-values.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Input, Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

/**
 * One pending submission in the administrator's queue: who sent it, what they declared, the
 * documents (through the private, never-cached route) and the two decisions: approve until a
 * date (the default filled in), or reject with the reason the person reads.
 */
export function SubmissionItem({
  submission,
  busy,
}: {
  submission: SubmissionView;
  busy: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const s = submission;
  const today = new Date().toISOString().slice(0, 10);
  const facts: [string, string][] = [
    ...(s.declaredName
      ? [[t("verification.queue.declaredName"), s.declaredName] as [string, string]]
      : []),
    ...(s.documentKind
      ? [
          [
            t("verification.queue.documentKind"),
            t(`verification.documentKinds.${s.documentKind}`),
          ] as [string, string],
        ]
      : []),
    ...(s.licenceKind
      ? [[t("verification.queue.licenceKind"), s.licenceKind.name] as [string, string]]
      : []),
    [t("verification.queue.documentNumber"), s.documentNumber],
    [t("verification.queue.country"), s.countryCode],
    [
      t("verification.queue.documentExpiresOn"),
      s.documentExpiresOn ? formatDay(s.documentExpiresOn) : t("verification.queue.noExpiry"),
    ],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className={cn(cardVariants({ elevated: false }), "space-y-4 p-4 sm:p-5")}
      data-testid="verification-submission"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-bold text-ink">
          {s.person.name} · {t(`verification.${s.step}.title`)}
        </h3>
        <Badge tone="warning">{t("verification.stepStates.pending")}</Badge>
        <span className="text-sm text-muted">
          {s.person.email} ·{" "}
          {t("verification.queue.submittedAt", { date: formatDay(s.createdAt.slice(0, 10)) })}
        </span>
      </header>

      <section aria-label={t("verification.queue.declared")}>
        <h4 className="text-sm font-semibold text-ink-soft">{t("verification.queue.declared")}</h4>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-label={t("verification.queue.documents")}>
        <h4 className="text-sm font-semibold text-ink-soft">{t("verification.queue.documents")}</h4>
        <ul className="mt-2 flex flex-wrap gap-3">
          {s.documents.map((document) => {
            const slot = t(`verification.slots.${document.slot}`);
            return (
              <li key={document.id}>
                {document.url && (
                  <a
                    href={document.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block text-sm font-medium text-primary hover:underline"
                    aria-label={t("verification.queue.openDocument", { slot })}
                  >
                    {document.contentType.startsWith("image/") ? (
                      <img
                        src={document.url}
                        alt=""
                        className="h-28 w-40 rounded-lg border border-line object-cover"
                      />
                    ) : (
                      <span className="flex h-28 w-40 items-center justify-center rounded-lg border border-line bg-canvas">
                        PDF
                      </span>
                    )}
                    <span className="mt-1 block">{slot}</span>
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <Form method="post" className="space-y-2" aria-label={t("verification.queue.approve")}>
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="submissionId" value={s.id} />
          <Label htmlFor={`${headingId}-expires`}>{t("verification.queue.expiresOn")}</Label>
          <Input
            id={`${headingId}-expires`}
            type="date"
            name="expiresOn"
            defaultValue={s.defaultExpiresOn}
            min={today}
            max={s.documentExpiresOn ?? undefined}
            required
          />
          <Button type="submit" size="md" disabled={busy}>
            {t("verification.queue.approve")}
          </Button>
        </Form>
        <Form method="post" className="space-y-2" aria-label={t("verification.queue.reject")}>
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="submissionId" value={s.id} />
          <Label htmlFor={`${headingId}-reason`}>{t("verification.queue.reason")}</Label>
          <Textarea
            id={`${headingId}-reason`}
            name="reason"
            rows={2}
            maxLength={MAX_REJECTION_REASON}
            required
          />
          <Button type="submit" size="md" variant="dangerOutline" disabled={busy}>
            {t("verification.queue.reject")}
          </Button>
        </Form>
      </div>
    </article>
  );
}
