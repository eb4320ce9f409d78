import { useNavigation } from "react-router";
import type { Route } from "./+types/verification-queue";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { LicenceKindsEditor } from "../../components/verification/licence-kinds-editor.tsx";
import { SubmissionItem } from "../../components/verification/submission-item.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import type { AppError } from "../../lib/app-error.ts";
import { cn } from "../../lib/cn.ts";
import { listCountries } from "../../services/reference/reference.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import {
  addLicenceKind,
  listLicenceKinds,
  updateLicenceKind,
} from "../../services/verification/licence-kinds.server.ts";
import {
  approveSubmission,
  listPendingSubmissions,
  rejectSubmission,
} from "../../services/verification/submissions.server.ts";

const PATH = "/dashboard/verification-queue";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "verification:review");
  const [submissions, licenceKinds, countries] = await Promise.all([
    listPendingSubmissions(viewer),
    listLicenceKinds({ includeInactive: true }),
    listCountries(),
  ]);
  return {
    submissions,
    licenceKinds,
    countries: countries.map(({ code, name }) => ({ code, name })),
    messages: pickMessages(["verification"]),
  };
}

/** A refusal as a toast on the tab: the reason in words, nothing changed. */
function refused(error: AppError) {
  return redirectWithToast(PATH, {
    title: "verification.toasts.actionRefused",
    description: error.message,
    params: error.params,
    variant: "destructive",
  });
}

/**
 * Approve (until a date) or reject (with a reason) a submission, or add or edit a licence kind.
 * Every answer is a redirect back to the queue with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "verification:review");
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const intent = field("intent");
  if (intent === "approve" || intent === "reject") {
    const submissionId = field("submissionId");
    return answerAction(
      () =>
        intent === "approve"
          ? approveSubmission(viewer, { submissionId, input: { expiresOn: field("expiresOn") } })
          : rejectSubmission(viewer, { submissionId, input: { reason: field("reason") } }),
      {
        success: (submission) =>
          redirectWithToast(PATH, {
            title:
              intent === "approve"
                ? "verification.toasts.approved"
                : "verification.toasts.rejected",
            description:
              intent === "approve"
                ? "verification.toasts.approvedDescription"
                : "verification.toasts.rejectedDescription",
            params: { id: submission.id },
          }),
        refused,
      },
    );
  }
  const licence = {
    countryCode: field("countryCode"),
    profession: field("profession"),
    name: field("name"),
    active: field("active") ?? "true",
  };
  if (intent === "add-licence" || intent === "edit-licence") {
    return answerAction(
      () =>
        intent === "add-licence"
          ? addLicenceKind(viewer, licence)
          : updateLicenceKind(viewer, { id: field("licenceKindId"), input: licence }),
      {
        success: () =>
          redirectWithToast(PATH, {
            title: "verification.toasts.licenceSaved",
            description: "verification.toasts.licenceSavedDescription",
          }),
        refused,
      },
    );
  }
  return redirectWithToast(PATH, {
    title: "safety.toasts.unknownAction",
    description: "safety.toasts.unknownActionDescription",
    variant: "destructive",
  });
}

export default function VerificationQueue({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { submissions, licenceKinds, countries } = loaderData;
  return (
    <div>
      <SectionHeading>{t("verification.queue.title")}</SectionHeading>
      <p className="mt-1 mb-4 text-muted">{t("verification.queue.subtitle")}</p>
      {submissions.length === 0 ? (
        <p className={cn(cardVariants({ elevated: false }), "p-6 text-center text-muted")}>
          {t("verification.queue.empty")}
        </p>
      ) : (
        <ul aria-label={t("verification.queue.listLabel")} className="space-y-4">
          {submissions.map((submission) => (
            <li key={submission.id}>
              <SubmissionItem submission={submission} busy={busy} />
            </li>
          ))}
        </ul>
      )}
      <LicenceKindsEditor licenceKinds={licenceKinds} countries={countries} busy={busy} />
    </div>
  );
}
