import type { Route } from "./+types/contact";
import { ContactDetails } from "../../components/contact/contact-details.tsx";
import {
  CONTACT_FIELDS,
  ContactForm,
  type ContactValues,
} from "../../components/contact/contact-form.tsx";
import { OfficeVisit } from "../../components/contact/office-visit.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Toast } from "../../lib/toast.ts";
import { CLIENT_IP_HEADER } from "../../auth/auth.server.ts";
import { viewerContext } from "../../auth/viewer.ts";
import {
  submitContactMessage,
  type ContactDelivery,
} from "../../services/contact/contact.server.ts";
import { getPublicSettings } from "../../services/content/settings.server.ts";
import { findPremiumPlan } from "../../services/premium/plans.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { answerAction, formRefusal } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { cardVariants } from "../../components/ui/card.tsx";

/**
 * The form's texts and, when a premium plan's "Request" link led here (`?plan=`), that plan's
 * name and terms as the administrator last saved them, to fill in the request.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const plan = await findPremiumPlan(new URL(request.url).searchParams.get("plan"));
  return {
    messages: pickMessages(["contact", "dashboard.premium"]),
    plan: plan ? { name: plan.name, priceUsd: plan.priceUsd, months: plan.months } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const values: ContactValues = {};
  for (const field of CONTACT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return answerAction(
    () =>
      submitContactMessage({
        data: values,
        viewer: context.get(viewerContext),
        clientIp: request.headers.get(CLIENT_IP_HEADER),
      }),
    {
      success: async ({ delivery }) =>
        redirectWithToast("/contact", await sentToast(delivery, values.email ?? "")),
      fieldErrors: (fieldErrors) => formRefusal(fieldErrors, values),
      // The only other refusal: too many messages from this sender or this address.
      refused: () =>
        redirectWithToast("/contact", {
          title: "contact.errors.tooManyTitle",
          description: "contact.errors.tooMany",
          variant: "destructive",
        }),
    },
  );
}

/** Says what happened: the message is always stored, the e-mails about it may have failed. */
async function sentToast(delivery: ContactDelivery, email: string): Promise<Toast> {
  if (!delivery.teamNotified) {
    const { supportPhone } = await getPublicSettings();
    return {
      title: "contact.saved.title",
      description: "contact.saved.description",
      params: { phone: supportPhone },
      duration: 10_000,
    };
  }
  if (!delivery.acknowledged) {
    return {
      title: "contact.sent.title",
      description: "contact.sent.noAcknowledgement",
      params: { email: email.trim().toLowerCase() },
      duration: 8000,
    };
  }
  return { title: "contact.sent.title", description: "contact.sent.description" };
}

export default function ContactPage({ actionData, loaderData }: Route.ComponentProps) {
  const t = useT();

  return (
    <>
      <PageHero
        eyebrow={t("contact.hero.eyebrow")}
        title={t("contact.hero.title")}
        lead={t("contact.hero.lead")}
      />

      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-8 sm:px-6 sm:pt-12 lg:grid-cols-5 lg:gap-8">
        <section
          aria-labelledby="contact-form-title"
          className={cn(cardVariants(), "p-5 sm:p-8 lg:col-span-3")}
        >
          <h2
            id="contact-form-title"
            className="text-xl font-bold tracking-tight text-ink sm:text-2xl"
          >
            {t("contact.form.title")}
          </h2>
          <p className="mt-1 text-sm text-subtle">{t("contact.form.required")}</p>
          <ContactForm refusal={actionData} plan={loaderData.plan} />
        </section>

        <ContactDetails className="space-y-6 lg:col-span-2" />
      </div>

      <OfficeVisit />
    </>
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta({
    appUrl: matches[0].loaderData.appUrl,
    siteName: matches[0].loaderData.settings.siteName,
    path: location.pathname,
    title: t("contact.meta.title"),
    description: t("contact.meta.description"),
  });
}
