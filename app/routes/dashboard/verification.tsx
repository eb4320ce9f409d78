import { ArrowLeft, BadgeCheck } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/verification";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { BusinessStep } from "../../components/verification/business-step.tsx";
import { EmailStep } from "../../components/verification/email-step.tsx";
import { IdentityStep } from "../../components/verification/identity-step.tsx";
import {
  CONFIRM_CODE_INTENT,
  PhoneStep,
  SEND_CODE_INTENT,
  type PhoneFormResult,
} from "../../components/verification/phone-step.tsx";
import type { StepFormAnswer } from "../../components/verification/step-state.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import type { AppError } from "../../lib/app-error.ts";
import { listCountries } from "../../services/reference/reference.server.ts";
import { answerAction, loadOrErrorPage } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import {
  confirmPhoneCode,
  knownCountry,
  sendPhoneCode,
} from "../../services/verification/phone.server.ts";
import { listLicenceKinds } from "../../services/verification/licence-kinds.server.ts";
import { getVerificationStatus } from "../../services/verification/status.server.ts";
import {
  MAX_SUBMISSION_FORM_BYTES,
  sentValues,
  submitBusinessForm,
  submitIdentityForm,
} from "../../services/verification/submission-form.server.ts";

/**
 * Profile → Verification: each step of verification with its state, the phone step's forms and
 * the identity and business documents' forms. Under the Profile tab (the dashboard keeps it active); every role with that tab has the page.
 */

const PATH = "/dashboard/profile/verification";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "verification:view-own");
  const [status, countries, country] = await Promise.all([
    loadOrErrorPage(() => getVerificationStatus(viewer)),
    listCountries(),
    knownCountry(viewer.id),
  ]);
  return {
    status,
    profilePhone: viewer.phone ?? "",
    countries: countries.map(({ code, name }) => ({ code, name })),
    knownCountry: country,
    licenceKinds: status.business ? await listLicenceKinds() : [],
    messages: pickMessages(["verification", "limits"]),
  };
}

function text(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

/** A refused form: its messages, a toast saying why, and what was typed, with the refusal's status. */
function refused(
  intent: PhoneFormResult["intent"],
  error: AppError,
  values?: PhoneFormResult["values"],
) {
  const result: PhoneFormResult = {
    intent,
    errors: error.fieldErrors ?? {},
    params: error.params,
    toast: {
      title:
        intent === SEND_CODE_INTENT ? "verification.toasts.notSent" : "verification.toasts.failed",
      description: error.message,
      params: error.params,
      variant: "destructive",
    },
    values,
  };
  return data(result, { status: error.status });
}

/**
 * Sends a phone code or checks it, or sends the identity or the business step's documents. A
 * refused document form shows again with the reason under the field (or above the form) and
 * what was typed; nothing is stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, MAX_SUBMISSION_FORM_BYTES);
  const intent = form.get("intent");
  if (intent === SEND_CODE_INTENT) {
    const viewer = await requirePermission(context, "verification:phone");
    const values = { phone: text(form.get("phone")), country: text(form.get("country")) };
    return answerAction(() => sendPhoneCode(viewer, values), {
      success: () =>
        redirectWithToast(PATH, {
          title: "verification.toasts.sent",
          description: "verification.toasts.sentDescription",
        }),
      fieldErrors: (_errors, error) => refused(SEND_CODE_INTENT, error, values),
      refused: (error) => refused(SEND_CODE_INTENT, error, values),
    });
  }
  if (intent === CONFIRM_CODE_INTENT) {
    const viewer = await requirePermission(context, "verification:phone");
    return answerAction(() => confirmPhoneCode(viewer, { code: text(form.get("code")) }), {
      success: () =>
        redirectWithToast(PATH, {
          title: "verification.toasts.verified",
          description: "verification.toasts.verifiedDescription",
        }),
      fieldErrors: (_errors, error) => refused(CONFIRM_CODE_INTENT, error),
      refused: (error) => refused(CONFIRM_CODE_INTENT, error),
    });
  }
  if (intent !== "identity" && intent !== "business") {
    await requirePermission(context, "verification:view-own");
    throw data(null, { status: 400 });
  }
  const viewer = await requirePermission(context, "verification:submit");
  const step = intent;
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
  const showToast = useToast();
  const busy = useNavigation().state === "submitting";
  const { status, profilePhone, countries, knownCountry: country, licenceKinds } = loaderData;
  const phoneResult = actionData && "intent" in actionData ? actionData : undefined;
  const documentAnswer = actionData && "step" in actionData ? actionData : undefined;

  // A refused phone form shows as a toast too (successes arrive by the flash cookie).
  useEffect(() => {
    if (phoneResult?.toast) showToast(phoneResult.toast);
  }, [phoneResult, showToast]);

  return (
    <div className="space-y-6">
      <div>
        <Link
          to="/dashboard/profile"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-strong hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("verification.backToProfile")}
        </Link>
        <SectionHeading className="mt-2 flex items-center gap-2">
          <BadgeCheck aria-hidden className="size-5 shrink-0 text-primary" />
          {t("verification.heading")}
        </SectionHeading>
        <p className="mt-1 text-sm text-muted">{t("verification.intro")}</p>
        <p className="mt-1 text-sm text-muted">{t("verification.page.privacy")}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <EmailStep email={status.email.email} verified={status.email.verified} />
        <PhoneStep
          step={status.phone}
          profilePhone={profilePhone}
          countries={countries}
          knownCountry={country}
          result={phoneResult}
        />
      </div>
      <IdentityStep
        status={status.identity}
        countries={countries}
        answer={documentAnswer?.step === "identity" ? documentAnswer : undefined}
        busy={busy}
      />
      {status.business && (
        <BusinessStep
          status={status.business}
          licenceKinds={licenceKinds}
          countries={countries}
          answer={documentAnswer?.step === "business" ? documentAnswer : undefined}
          busy={busy}
        />
      )}
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: t("verification.metaTitle") }];
}
