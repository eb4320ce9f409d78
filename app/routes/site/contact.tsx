import { ChevronDown, Clock, ExternalLink, Mail, MapPin, Phone, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/contact";
import { OfficeMap, openStreetMapUrl } from "../../components/contact/office-map.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { PageHero } from "../../components/site/page-hero.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages, type Translate } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useIsMessageKey, useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatUsd } from "../../lib/money.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { CONTACT_REASONS, type ContactReason } from "../../lib/listing-values.ts";
import { contactMessageSchema } from "../../lib/schemas/contact.ts";
import type { Toast } from "../../lib/toast.ts";
import { issueMessages } from "../../lib/validation.ts";
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
import { buttonVariants } from "../../components/ui/button.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { inputClass } from "../../components/ui/input.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const FIELDS = ["name", "email", "reason", "subject", "message"] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<string, string>>;

const MISSING_FIELDS_TOAST: Toast = {
  title: "contact.errors.missingFieldsTitle",
  description: "contact.errors.missingFields",
  variant: "destructive",
};

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

type RequestedPlan = Route.ComponentProps["loaderData"]["plan"];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const values: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
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
  const { settings } = useRootData();

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
          <ContactForm actionData={actionData} plan={loaderData.plan} />
        </section>

        <aside className="space-y-6 lg:col-span-2">
          <section
            aria-labelledby="contact-info-title"
            className={cn(cardVariants(), "p-5 sm:p-6")}
          >
            <SectionHeading id="contact-info-title" size="sm">
              {t("contact.info.title")}
            </SectionHeading>
            <ul className="mt-4 space-y-4">
              <InfoRow Icon={Mail} label={t("contact.info.email")}>
                <a
                  href={`mailto:${settings.supportEmail}`}
                  className="break-all text-primary hover:underline"
                >
                  {settings.supportEmail}
                </a>
              </InfoRow>
              <InfoRow Icon={Phone} label={t("contact.info.phone")}>
                <a
                  href={`tel:${settings.supportPhone.replace(/[^\d+]/g, "")}`}
                  className="text-primary tabular-nums hover:underline"
                >
                  {settings.supportPhone}
                </a>
              </InfoRow>
              <InfoRow Icon={MapPin} label={t("contact.info.office")}>
                <address className="text-secondary not-italic">
                  {t("contact.info.officeName")}
                  <br />
                  {t("contact.info.officeStreet")}
                  <br />
                  {t("contact.info.officeCity")}
                </address>
              </InfoRow>
            </ul>
          </section>

          <section
            aria-labelledby="contact-hours-title"
            className={cn(cardVariants(), "p-5 sm:p-6")}
          >
            <h2
              id="contact-hours-title"
              className="flex items-center gap-2 text-lg font-bold text-ink"
            >
              <Clock aria-hidden className="size-5 text-primary" />
              {t("contact.hours.title")}
            </h2>
            <dl className="mt-4 divide-y divide-line-soft text-sm">
              <HoursRow day={t("contact.hours.weekdays")} time={t("contact.hours.weekdaysTime")} />
              <HoursRow day={t("contact.hours.saturday")} time={t("contact.hours.saturdayTime")} />
              <HoursRow day={t("contact.hours.sunday")} time={t("contact.hours.closed")} closed />
            </dl>
            <p className="mt-3 text-xs text-subtle">{t("contact.hours.note")}</p>
          </section>
        </aside>
      </div>

      <section
        aria-labelledby="contact-map-title"
        className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 sm:pt-12"
      >
        <div className="grid gap-4 lg:grid-cols-3 lg:gap-8">
          <div className={cn(cardVariants(), "flex flex-col p-5 sm:p-6")}>
            <SectionHeading id="contact-map-title" size="sm">
              {t("contact.map.title")}
            </SectionHeading>
            <address className="mt-3 flex gap-2.5 text-secondary not-italic">
              <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-mid" />
              <span>
                <span className="block font-semibold text-ink">{t("contact.info.officeName")}</span>
                {t("contact.info.officeStreet")}, {t("contact.info.officeCity")}
              </span>
            </address>
            <p className="mt-3 text-sm leading-relaxed text-muted">{t("contact.map.directions")}</p>
            <a
              href={openStreetMapUrl()}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "mt-5 px-4 text-sm lg:mt-auto",
              )}
            >
              {t("contact.map.open")}
              <ExternalLink aria-hidden className="size-4" />
            </a>
          </div>
          <div className="lg:col-span-2">
            <OfficeMap />
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * The form posts to this route's action, so it works before JavaScript loads. With JavaScript the
 * same zod schema runs first and a failed check never leaves the browser.
 */
function ContactForm({
  actionData,
  plan,
}: {
  actionData: Route.ComponentProps["actionData"];
  plan: RequestedPlan;
}) {
  const t = useT();
  const showToast = useToast();
  const { viewer } = useRootData();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  const sending = navigation.formData?.has("message") ?? false;
  const [privacyBefore, privacyAfter] = t("contact.form.privacy").split("{link}");
  const errors: FieldErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? suggestedValues(t, viewer, plan);
  const requestedReason = searchParams.get("reason");
  const defaultReason: ContactReason =
    values.reason && isReason(values.reason)
      ? values.reason
      : requestedReason && isReason(requestedReason)
        ? requestedReason
        : "general";

  // The server found problems (no JavaScript yet, or a rule only it checks): say so and focus.
  useEffect(() => {
    if (!actionData) return;
    showToast(MISSING_FIELDS_TOAST);
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [actionData, showToast]);

  function validate(form: HTMLFormElement): FieldErrors {
    const result = contactMessageSchema.safeParse(Object.fromEntries(new FormData(form)));
    return result.success ? {} : issueMessages(result.error);
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    const found = validate(event.currentTarget);
    if (Object.keys(found).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(found);
    showToast(MISSING_FIELDS_TOAST);
    const first = FIELDS.find((field) => found[field]);
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  // Once errors are showing, they follow the visitor's corrections.
  function handleChange(event: React.FormEvent<HTMLFormElement>) {
    if (Object.keys(errors).length > 0) setClientErrors(validate(event.currentTarget));
  }

  return (
    <Form
      ref={formRef}
      method="post"
      // A successful send redirects here with a new location: the fresh form starts empty.
      key={location.key}
      noValidate={hydrated}
      onSubmit={handleSubmit}
      onChange={handleChange}
      className="mt-6 grid gap-5 sm:grid-cols-2"
    >
      <TextField
        name="name"
        label={t("contact.form.name")}
        placeholder={t("contact.form.namePlaceholder")}
        autoComplete="name"
        maxLength={120}
        defaultValue={values.name}
        error={errors.name}
        t={t}
      />
      <TextField
        name="email"
        type="email"
        label={t("contact.form.email")}
        placeholder={t("contact.form.emailPlaceholder")}
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        defaultValue={values.email}
        error={errors.email}
        t={t}
      />
      <FieldShell
        name="reason"
        label={t("contact.form.reason")}
        error={errors.reason}
        t={t}
        className="sm:col-span-2"
      >
        {(props) => (
          <div className="relative">
            <select
              {...props}
              defaultValue={defaultReason}
              className={cn(fieldClass(Boolean(errors.reason)), "appearance-none pr-10")}
            >
              {CONTACT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`contact.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-subtle"
            />
          </div>
        )}
      </FieldShell>
      <TextField
        name="subject"
        label={t("contact.form.subject")}
        placeholder={t("contact.form.subjectPlaceholder")}
        maxLength={200}
        defaultValue={values.subject}
        error={errors.subject}
        className="sm:col-span-2"
        t={t}
      />
      <FieldShell
        name="message"
        label={t("contact.form.message")}
        error={errors.message}
        required
        t={t}
        className="sm:col-span-2"
      >
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={5000}
            placeholder={t("contact.form.messagePlaceholder")}
            defaultValue={values.message}
            className={cn(fieldClass(Boolean(errors.message)), "min-h-28 resize-y py-2.5")}
          />
        )}
      </FieldShell>

      <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-subtle">
          {privacyBefore}
          <Link
            to="/privacy"
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {t("contact.form.privacyLink")}
          </Link>
          {privacyAfter}
        </p>
        <button
          type="submit"
          disabled={sending}
          className={cn(
            buttonVariants(),
            "shrink-0 px-6 shadow-sm disabled:cursor-wait disabled:opacity-80",
          )}
        >
          <Send aria-hidden className="size-4" />
          {sending ? t("contact.form.submitting") : t("contact.form.submit")}
        </button>
      </div>
    </Form>
  );
}

interface ControlProps {
  id: string;
  name: Field;
  required: boolean;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

/** Label, control and error message, wired together for assistive technology. */
function FieldShell({
  name,
  label,
  error,
  required = false,
  className,
  t,
  children,
}: {
  name: Field;
  label: string;
  error: string | undefined;
  required?: boolean;
  className?: string;
  t: Translate;
  children: (props: ControlProps) => React.ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const isMessageKey = useIsMessageKey();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-soft">
        {label}
        {required && (
          <span aria-hidden className="text-danger">
            {" *"}
          </span>
        )}
      </label>
      <div className="mt-1.5">
        {children({
          id,
          name,
          required,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {t(isMessageKey(error) ? error : "contact.errors.invalid")}
        </p>
      )}
    </div>
  );
}

function TextField({
  name,
  label,
  error,
  className,
  t,
  type = "text",
  ...input
}: {
  name: Field;
  label: string;
  error: string | undefined;
  className?: string;
  t: Translate;
  type?: "text" | "email";
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "email" | "text";
  maxLength?: number;
  defaultValue?: string;
}) {
  return (
    <FieldShell name={name} label={label} error={error} required t={t} className={className}>
      {(props) => (
        <input {...props} {...input} type={type} className={fieldClass(Boolean(error))} />
      )}
    </FieldShell>
  );
}

/** The site's input, a little larger on phones (no zoom on focus), red while invalid. */
function fieldClass(invalid: boolean): string {
  return cn(
    inputClass,
    "block text-base shadow-xs sm:text-sm",
    invalid && "border-danger-vivid focus:border-danger-vivid focus:ring-danger-vivid/20",
  );
}

function InfoRow({
  Icon,
  label,
  children,
}: {
  Icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-tint text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-subtle">{label}</p>
        <div className="mt-0.5 text-base">{children}</div>
      </div>
    </li>
  );
}

function HoursRow({ day, time, closed = false }: { day: string; time: string; closed?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-secondary">{day}</dt>
      <dd className={cn("font-medium tabular-nums", closed ? "text-faint" : "text-ink")}>{time}</dd>
    </div>
  );
}

/**
 * What the form starts with: the signed-in person's name and address and, when they came from a
 * premium plan's "Request" button, a request for that plan, so the team knows which one.
 */
function suggestedValues(
  t: Translate,
  viewer: { name: string; email: string } | null,
  plan: RequestedPlan,
): Partial<Record<Field, string>> {
  return { name: viewer?.name, email: viewer?.email, ...planRequest(t, plan) };
}

function planRequest(t: Translate, plan: RequestedPlan): Partial<Record<Field, string>> {
  if (!plan) return {};
  return {
    subject: t("contact.prefill.planSubject", { plan: plan.name }),
    message: t("contact.prefill.planMessage", {
      plan: plan.name,
      price: formatUsd(plan.priceUsd),
      months: t("dashboard.premium.months", { count: plan.months }),
    }),
  };
}

function isReason(value: string): value is ContactReason {
  return (CONTACT_REASONS as readonly string[]).includes(value);
}

/** False during the server render and hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

function subscribeNever(): () => void {
  return () => {};
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
