import { data, useNavigation } from "react-router";
import type { Route } from "./+types/verification";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { BusinessStep } from "../../components/verification/business-step.tsx";
import { IdentityStep } from "../../components/verification/identity-step.tsx";
import type { StepFormAnswer } from "../../components/verification/step-state.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { listCountries } from "../../services/reference/reference.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { listLicenceKinds } from "../../services/verification/licence-kinds.server.ts";
import {
  MAX_SUBMISSION_FORM_BYTES,
  sentValues,
  submitBusinessForm,
  submitIdentityForm,
} from "../../services/verification/submission-form.server.ts";
import { verificationStatus } from "../../services/verification/submissions.server.ts";

const PATH = "/dashboard/profile/verification";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "verification:view-own");
  const [status, countries] = await Promise.all([verificationStatus(viewer), listCountries()]);
  return {
    status,
    countries: countries.map(({ code, name }) => ({ code, name })),
    licenceKinds: status.business ? await listLicenceKinds() : [],
    messages: pickMessages(["verification"]),
  };
}

/**
 * Sends the identity or the business step's documents. A refusal shows the form again with the
 * reason under the field (or above the form) and what was typed; nothing is stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "verification:submit");
  const form = await readForm(request, MAX_SUBMISSION_FORM_BYTES);
  const step = form.get("intent") === "business" ? "business" : "identity";
  return answerAction(
    () =>
      step === "business" ? submitBusinessForm(viewer, form) : submitIdentityForm(viewer, form),
    {
      success: () =>
        redirectWithToast(PATH, {
          title: "verification.toasts.submitted",
          description: "verification.toasts.submittedDescription",
        }),
      refused: (error) => {
        const answer: StepFormAnswer & { step: typeof step } = {
          step,
          values: sentValues(form),
          ...(error.fieldErrors
            ? { fieldErrors: error.fieldErrors }
            : { formError: error.message }),
        };
        return data(answer, { status: error.status });
      },
    },
  );
}

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { status, countries, licenceKinds } = loaderData;
  return (
    <div>
      <SectionHeading>{t("verification.page.title")}</SectionHeading>
      <p className="mt-1 text-muted">{t("verification.page.subtitle")}</p>
      <p className="mt-1 mb-4 text-sm text-muted">{t("verification.page.privacy")}</p>
      <div className="space-y-4">
        <IdentityStep
          status={status.identity}
          countries={countries}
          answer={actionData?.step === "identity" ? actionData : undefined}
          busy={busy}
        />
        {status.business && (
          <BusinessStep
            status={status.business}
            licenceKinds={licenceKinds}
            countries={countries}
            answer={actionData?.step === "business" ? actionData : undefined}
            busy={busy}
          />
        )}
      </div>
    </div>
  );
}
