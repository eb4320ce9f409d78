import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/listing-report";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { buttonVariants, SubmitButton } from "../../components/ui/button.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FieldErrors } from "../../lib/app-error.ts";
import { authDialogUrl } from "../../lib/auth-dialog-url.ts";
import { cn } from "../../lib/cn.ts";
import { LISTING_REPORT_REASONS } from "../../lib/report-reasons.ts";
import { MAX_REPORT_DETAILS } from "../../lib/safety-values.ts";
import { listingReportTarget } from "../../services/safety/listing-reports.server.ts";
import { fileListingReport } from "../../services/safety/reports.server.ts";
import {
  answerAction,
  loadOrErrorPage,
  refusalText,
} from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

/**
 * "Report listing": its own page rather than a dialog on the listing's page, whose scripts are at
 * their budget (docs/decisions/004-first-load.md). A plain form that works without JavaScript;
 * a visitor is asked to sign in first, the owner is told it is their own listing.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const target = await loadOrErrorPage(() => listingReportTarget(viewer, params.listingId));
  return {
    ...target,
    signedIn: Boolean(viewer),
    messages: pickMessages(["safety.listingReport", "safety.reasons", "safety.errors"]),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? `${t("safety.listingReport.pageTitle")} · ${loaderData.listing.title}`
        : t("safety.errors.listingNotFound"),
    },
    { name: "robots", content: "noindex" },
  ];
}

interface ReportFormResult {
  fieldErrors: FieldErrors;
  values: { reason: string; details: string };
  error?: string;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = context.get(viewerContext);
  const form = Object.fromEntries(await readForm(request));
  const values = {
    reason: typeof form.reason === "string" ? form.reason : "",
    details: typeof form.details === "string" ? form.details : "",
  };
  const page = `/listing/${params.listingId}/report`;
  return answerAction(
    () =>
      fileListingReport(viewer, {
        listingId: params.listingId,
        reason: values.reason,
        details: values.details,
      }),
    {
      success: () =>
        redirectWithToast(`/listing/${params.listingId}`, {
          title: "safety.toasts.reported",
          description: "safety.toasts.reportedDescription",
        }),
      fieldErrors: (fieldErrors) =>
        data({ fieldErrors, values } satisfies ReportFormResult, { status: 400 }),
      refused: async (error) =>
        error.code === "UNAUTHENTICATED"
          ? await redirectWithToast(authDialogUrl(page, "login"), {
              title: "auth.toasts.authRequired",
              description: "safety.listingReport.signInFirst",
            })
          : data(
              { fieldErrors: {}, values, error: refusalText(error) } satisfies ReportFormResult,
              {
                status: error.status,
              },
            ),
    },
  );
}

export default function ListingReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, own, alreadyReported, signedIn } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const result = actionData as ReportFormResult | undefined;
  const reasonError = result?.fieldErrors.reason;
  const detailsError = result?.fieldErrors.details;
  const back = `/listing/${listing.id}`;
  const notice = own
    ? t("safety.listingReport.ownListing")
    : alreadyReported
      ? t("safety.listingReport.alreadyReported")
      : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to={back}
        className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline"
      >
        {t("safety.listingReport.about", { title: listing.title })}
      </Link>
      <section
        aria-labelledby="report-title"
        aria-describedby="report-description"
        className={cardVariants({ className: "mt-4 p-5 sm:p-6" })}
      >
        <h1 id="report-title" className="text-xl font-bold text-ink">
          {t("safety.listingReport.pageTitle")}
        </h1>
        <p id="report-description" className="mt-2 text-sm text-secondary">
          {t("safety.listingReport.description")}
        </p>
        {notice ? (
          <p
            role="status"
            className="mt-5 rounded-lg bg-warning-tint p-4 text-sm text-warning-deep"
          >
            {notice}
          </p>
        ) : !signedIn ? (
          <div className="mt-5 space-y-3">
            <p className="text-sm text-secondary">{t("safety.listingReport.signInFirst")}</p>
            <Link
              to={authDialogUrl(`/listing/${listing.id}/report`, "login")}
              className={buttonVariants({ size: "lg" })}
            >
              {t("safety.listingReport.signIn")}
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-5 space-y-5">
            {result?.error && (
              <p role="alert" className="rounded-lg bg-danger-tint p-3 text-sm text-danger-strong">
                {result.error}
              </p>
            )}
            <fieldset aria-describedby={reasonError ? "reason-error" : undefined}>
              <legend className="text-sm font-semibold text-ink">
                {t("safety.listingReport.reason")}
              </legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {LISTING_REPORT_REASONS.map((reason) => (
                  <label
                    key={reason}
                    className={cn(
                      "flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-line px-3 py-2 text-sm text-ink",
                      "has-checked:border-primary has-checked:bg-primary-tint",
                    )}
                  >
                    <input
                      type="radio"
                      name="reason"
                      value={reason}
                      required
                      defaultChecked={result?.values.reason === reason}
                      className="size-4 accent-primary"
                    />
                    {t(`safety.reasons.${reason}`)}
                  </label>
                ))}
              </div>
              {reasonError && (
                <p id="reason-error" className="mt-1 text-sm text-danger">
                  {t(reasonError)}
                </p>
              )}
            </fieldset>
            <div>
              <Label htmlFor="report-details">{t("safety.listingReport.details")}</Label>
              <Textarea
                id="report-details"
                name="details"
                rows={4}
                maxLength={MAX_REPORT_DETAILS}
                defaultValue={result?.values.details}
                aria-invalid={detailsError ? true : undefined}
                aria-describedby={detailsError ? "details-error" : "details-hint"}
                className="w-full"
              />
              {detailsError ? (
                <p id="details-error" className="mt-1 text-sm text-danger">
                  {t(detailsError)}
                </p>
              ) : (
                <p id="details-hint" className="mt-1 text-xs text-muted">
                  {t("safety.listingReport.detailsHint")}
                </p>
              )}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Link to={back} className={buttonVariants({ variant: "outline", size: "lg" })}>
                {t("safety.listingReport.cancel")}
              </Link>
              <SubmitButton
                pending={navigation.state === "submitting"}
                label={t("safety.listingReport.submit")}
                pendingLabel={t("safety.listingReport.submitting")}
                className="sm:w-auto"
              />
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
