import { useId } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { JobView } from "../../lib/schemas/quotes.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { JobPaymentLines, PayJobForm } from "./job-payment.tsx";
import { JobStatusBadge, QuoteAmount } from "./quote-badges.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/**
 * "Jobs": the work agreed through accepted quotes, the viewer's as a client and as a
 * professional, each with the conversation where it is managed.
 */
export function JobList({ jobs }: { jobs: JobView[] }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{t("quotes.jobs.title")}</SectionHeading>
      <p className="mt-1 text-muted">{t("quotes.jobs.subtitle")}</p>
      <ul
        aria-labelledby={headingId}
        className={cn(cardVariants({ elevated: false }), "mt-4 divide-y divide-line-soft")}
      >
        {jobs.map((job) => (
          <li key={job.id} className="p-4" data-job={job.id}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={`/listing/${job.listingId}`}
                  className="font-semibold wrap-break-word text-ink hover:text-primary-strong hover:underline"
                >
                  {job.listingTitle}
                </Link>
                <p className="text-sm text-muted">
                  {job.side === "client"
                    ? t("quotes.jobs.asClient", { name: job.professional.name })
                    : t("quotes.jobs.asProfessional", { name: job.client.name })}
                </p>
              </div>
              <JobStatusBadge status={job.status} />
            </div>
            <p className="mt-1 line-clamp-2 text-sm wrap-break-word text-secondary">{job.covers}</p>
            <div className="mt-2 flex flex-col gap-x-4 gap-y-1 text-sm sm:flex-row sm:flex-wrap sm:items-center">
              <QuoteAmount usdCents={job.amountUsdCents} />
              <span className="text-muted">
                {t("quotes.jobs.neededBy", { date: formatDay(job.neededBy) })}
              </span>
            </div>
            <JobPaymentLines job={job} />
            <div className="mt-3 flex flex-wrap gap-2">
              <PayJobForm job={job} back="/dashboard/bookings" size="sm" />
              <Link
                to={`/dashboard/inbox/${job.conversationId}`}
                aria-label={t("quotes.jobs.openLabel", { title: job.listingTitle })}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {t("quotes.jobs.open")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
