import { ChevronDown, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useToast } from "../../hooks/use-toast.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useIsMessageKey, useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { CONTACT_REASONS, type ContactReason } from "../../lib/listing-values.ts";
import { formatUsd } from "../../lib/money.ts";
import type { PremiumPlan } from "../../lib/schemas/premium-plans.ts";
import type { Toast } from "../../lib/toast.ts";
import { buttonVariants } from "../ui/button.tsx";
import { FieldFrame } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** The form's fields, in the order a failed check focuses them. */
export const CONTACT_FIELDS = ["name", "email", "reason", "subject", "message"] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Partial<Record<ContactField, string>>;
type FieldErrors = Partial<Record<string, string>>;

let check: ((form: HTMLFormElement) => FieldErrors) | undefined;
let loading: Promise<void> | undefined;

/**
 * The check (zod and the schema, 20 KB) loads once someone starts on the form, not with the page.
 * Should it fail to load, the form is sent unchecked and the server's refusal shows the messages.
 */
function loadCheck(): Promise<void> {
  loading ??= import("./contact-check.ts").then(
    (module) => void (check = module.checkContact),
    () => void (check = () => ({})),
  );
  return loading;
}

/** The plan a premium plan's "Request" link asks about (`?plan=`), as last saved. */
export type RequestedPlan = Pick<PremiumPlan, "name" | "priceUsd" | "months"> | null;

const MISSING_FIELDS_TOAST: Toast = {
  title: "contact.errors.missingFieldsTitle",
  description: "contact.errors.missingFields",
  variant: "destructive",
};

/**
 * The form posts to the route's action, so it works before JavaScript loads. With JavaScript the
 * same zod schema runs first and a failed check never leaves the browser.
 */
export function ContactForm({
  refusal,
  plan,
}: {
  /** What the action answered when it refused the message. */
  refusal: { fieldErrors: FieldErrors; values: ContactValues } | undefined;
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
  const errors: FieldErrors = clientErrors ?? refusal?.fieldErrors ?? {};
  const values = refusal?.values ?? suggestedValues(t, viewer, plan);
  const requestedReason = searchParams.get("reason");
  const defaultReason: ContactReason =
    values.reason && isReason(values.reason)
      ? values.reason
      : requestedReason && isReason(requestedReason)
        ? requestedReason
        : "general";

  // The server found problems (no JavaScript yet, or a rule only it checks): say so and focus.
  useEffect(() => {
    if (!refusal) return;
    showToast(MISSING_FIELDS_TOAST);
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [refusal, showToast]);

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!check) {
      // Sent before the check arrived: held until it has, then sent again through it.
      event.preventDefault();
      const form = event.currentTarget;
      const { submitter } = event.nativeEvent as SubmitEvent;
      void loadCheck().then(() => form.requestSubmit(submitter));
      return;
    }
    const found = check(event.currentTarget);
    if (Object.keys(found).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(found);
    showToast(MISSING_FIELDS_TOAST);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  // Once errors are showing, they follow the visitor's corrections.
  function handleChange(event: React.FormEvent<HTMLFormElement>) {
    if (check && Object.keys(errors).length > 0) setClientErrors(check(event.currentTarget));
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
      onFocus={() => void loadCheck()}
      onPointerDown={() => void loadCheck()}
      className="mt-6 grid gap-5 sm:grid-cols-2"
    >
      <ContactField label={t("contact.form.name")} error={errors.name} required>
        {(control) => (
          <Input
            {...control}
            name="name"
            type="text"
            required
            placeholder={t("contact.form.namePlaceholder")}
            autoComplete="name"
            maxLength={120}
            defaultValue={values.name}
            className={contactControlClass(errors.name)}
          />
        )}
      </ContactField>
      <ContactField label={t("contact.form.email")} error={errors.email} required>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            required
            placeholder={t("contact.form.emailPlaceholder")}
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            defaultValue={values.email}
            className={contactControlClass(errors.email)}
          />
        )}
      </ContactField>
      <ContactField
        label={t("contact.form.reason")}
        error={errors.reason}
        className="sm:col-span-2"
      >
        {(control) => (
          <div className="relative">
            <Select
              {...control}
              name="reason"
              defaultValue={defaultReason}
              className={cn(contactControlClass(errors.reason), "appearance-none pr-10")}
            >
              {CONTACT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`contact.reasons.${reason}`)}
                </option>
              ))}
            </Select>
            <ChevronDown
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-subtle"
            />
          </div>
        )}
      </ContactField>
      <ContactField
        label={t("contact.form.subject")}
        error={errors.subject}
        required
        className="sm:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            name="subject"
            type="text"
            required
            placeholder={t("contact.form.subjectPlaceholder")}
            maxLength={200}
            defaultValue={values.subject}
            className={contactControlClass(errors.subject)}
          />
        )}
      </ContactField>
      <ContactField
        label={t("contact.form.message")}
        error={errors.message}
        required
        className="sm:col-span-2"
      >
        {(control) => (
          <Textarea
            {...control}
            name="message"
            required
            rows={4}
            maxLength={5000}
            placeholder={t("contact.form.messagePlaceholder")}
            defaultValue={values.message}
            // A starting height the visitor may stretch but not shrink.
            className={cn(contactControlClass(errors.message), "h-28 min-h-28 resize-y py-2.5")}
          />
        )}
      </ContactField>

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

/**
 * The shared field frame with a required field's asterisk (hidden from assistive technology,
 * which hears the control's `required`) and the error's key in the site's words.
 */
function ContactField({
  label,
  error,
  required = false,
  className,
  children,
}: {
  label: string;
  error: string | undefined;
  required?: boolean;
  className?: string;
  children: React.ComponentProps<typeof FieldFrame>["children"];
}) {
  const t = useT();
  const isMessageKey = useIsMessageKey();
  return (
    <FieldFrame
      label={
        <>
          {label}
          {required && (
            <span aria-hidden className="text-danger">
              {" *"}
            </span>
          )}
        </>
      }
      error={error && t(isMessageKey(error) ? error : "contact.errors.invalid")}
      className={className}
    >
      {children}
    </FieldFrame>
  );
}

/** The site's control, a little larger on phones (no zoom on focus), red while invalid. */
function contactControlClass(error: string | undefined): string {
  return cn(
    "block text-base shadow-xs sm:text-sm",
    error && "border-danger-vivid focus:border-danger-vivid focus:ring-danger-vivid/20",
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
): ContactValues {
  return { name: viewer?.name, email: viewer?.email, ...planRequest(t, plan) };
}

function planRequest(t: Translate, plan: RequestedPlan): ContactValues {
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
