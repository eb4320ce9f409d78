import { Briefcase, Building2, User, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import {
  authDialogUrl,
  isAuthView,
  withoutAuthDialog,
  type AuthView,
} from "../../lib/auth-dialog-url.ts";
import { auth } from "../../i18n/en/auth.ts";
import { MessagesProvider } from "../../i18n/messages-context.tsx";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { cn } from "../../lib/cn.ts";
import { DEMO_PERSON_KEYS } from "../../lib/demo-people.ts";
import { SELECTABLE_ROLES } from "../../lib/roles.ts";
import { DemoAccounts } from "./demo-accounts.tsx";
import { Field, PasswordField } from "../ui/field.tsx";
import { SubmitButton } from "../ui/button.tsx";
import { buttonVariants } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../ui/dialog.tsx";

type AccountType = (typeof SELECTABLE_ROLES)[number];

const ACCOUNT_TYPES: Record<
  AccountType,
  { title: MessageKey; body: MessageKey; Icon: typeof User }
> = {
  user: { title: "auth.accountTypes.user.title", body: "auth.accountTypes.user.body", Icon: User },
  agent: {
    title: "auth.accountTypes.agent.title",
    body: "auth.accountTypes.agent.body",
    Icon: Building2,
  },
  professional: {
    title: "auth.accountTypes.professional.title",
    body: "auth.accountTypes.professional.body",
    Icon: Briefcase,
  },
};

/** Its texts come with the dialog's own chunk (see lazy-auth-dialog.tsx), not with every page. */
const AUTH_MESSAGES = { auth };

/**
 * The Sign In / Sign Up / forgot-password dialog. Its view lives in the URL (?auth=login|register|
 * forgot), so the server renders it open and every form works before JavaScript loads.
 */
export function AuthDialog({ googleEnabled, demoSignIn }: AuthDialogProps) {
  return (
    <MessagesProvider messages={AUTH_MESSAGES}>
      <AuthDialogContent googleEnabled={googleEnabled} demoSignIn={demoSignIn} />
    </MessagesProvider>
  );
}

export interface AuthDialogProps {
  googleEnabled: boolean;
  /** The demo accounts panel under the sign-in form (a development start with demo data). */
  demoSignIn: boolean;
}

function AuthDialogContent({ googleEnabled, demoSignIn }: AuthDialogProps) {
  const t = useT();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const view = params.get("auth");
  if (!isAuthView(view)) return null;
  const here = location.pathname + location.search;
  const redirectTo = withoutAuthDialog(here);
  const email = params.get("email") ?? "";

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) navigate(redirectTo, { replace: true, preventScrollReset: true });
      }}
    >
      <DialogContent portal={false} className="max-h-[92svh] overflow-y-auto sm:p-7">
        <div className="mb-5 flex items-start justify-between gap-4">
          <div>
            <DialogTitle className="text-xl">
              {view === "forgot" ? t("auth.dialog.forgotTitle") : t("auth.dialog.title")}
            </DialogTitle>
            <DialogDescription>
              {view === "forgot"
                ? t("auth.dialog.forgotDescription")
                : t("auth.dialog.description")}
            </DialogDescription>
          </div>
          <DialogClose asChild>
            <Link
              to={redirectTo}
              replace
              preventScrollReset
              aria-label={t("auth.dialog.close")}
              className="-m-1 rounded-md p-1.5 text-subtle hover:bg-surface-muted hover:text-ink-soft"
            >
              <X aria-hidden className="size-5" />
            </Link>
          </DialogClose>
        </div>

        {view !== "forgot" && <ViewTabs view={view} here={here} email={email} />}
        <div
          role="tabpanel"
          id={`auth-panel-${view}`}
          aria-labelledby={view === "forgot" ? undefined : `auth-tab-${view}`}
        >
          {view === "login" && (
            <SignInForm
              redirectTo={redirectTo}
              email={email}
              here={here}
              googleEnabled={googleEnabled}
            />
          )}
          {view === "login" && demoSignIn && <DemoAccounts people={DEMO_PERSON_KEYS} />}
          {view === "register" && (
            <SignUpForm redirectTo={redirectTo} email={email} googleEnabled={googleEnabled} />
          )}
          {view === "forgot" && <ForgotForm redirectTo={redirectTo} email={email} here={here} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ViewTabs({ view, here, email }: { view: AuthView; here: string; email: string }) {
  const t = useT();
  const tabs: [AuthView, MessageKey][] = [
    ["login", "auth.dialog.signInTab"],
    ["register", "auth.dialog.signUpTab"],
  ];
  return (
    <div
      role="tablist"
      aria-label={t("auth.dialog.tabs")}
      className="mb-5 grid grid-cols-2 rounded-lg bg-surface-muted p-1"
    >
      {tabs.map(([key, label]) => (
        <Link
          key={key}
          id={`auth-tab-${key}`}
          role="tab"
          aria-selected={view === key}
          aria-controls={`auth-panel-${key}`}
          to={authDialogUrl(here, key, email)}
          replace
          preventScrollReset
          className={cn(
            "rounded-md py-2 text-center text-sm font-semibold",
            view === key ? "bg-surface text-primary-strong shadow-sm" : "text-muted hover:text-ink",
          )}
        >
          {t(label)}
        </Link>
      ))}
    </div>
  );
}

function usePending(action: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formAction === action;
}

function SignInForm({
  redirectTo,
  email,
  here,
  googleEnabled,
}: {
  redirectTo: string;
  email: string;
  here: string;
  googleEnabled: boolean;
}) {
  const t = useT();
  const pending = usePending("/auth/sign-in");
  return (
    <>
      <Form method="post" action="/auth/sign-in" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField label={t("auth.fields.email")} email={email} />
        <div>
          <PasswordField
            label={t("auth.fields.password")}
            name="password"
            autoComplete="current-password"
            showLabel={t("auth.fields.showPassword")}
            hideLabel={t("auth.fields.hidePassword")}
          />
          <Link
            to={authDialogUrl(here, "forgot", email)}
            replace
            preventScrollReset
            className="mt-2 inline-block text-sm font-medium text-primary hover:underline"
          >
            {t("auth.actions.forgotPassword")}
          </Link>
        </div>
        <SubmitButton
          pending={pending}
          label={t("auth.actions.signIn")}
          pendingLabel={t("auth.actions.signingIn")}
        />
      </Form>
      {googleEnabled && <GoogleButton redirectTo={redirectTo} view="login" />}
    </>
  );
}

function SignUpForm({
  redirectTo,
  email,
  googleEnabled,
}: {
  redirectTo: string;
  email: string;
  googleEnabled: boolean;
}) {
  const t = useT();
  const pending = usePending("/auth/sign-up");
  const [accountType, setAccountType] = useState<AccountType>("user");
  return (
    <>
      <Form method="post" action="/auth/sign-up" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-ink-soft">
            {t("auth.fields.accountType")}
          </legend>
          <div className="grid grid-cols-3 gap-2">
            {SELECTABLE_ROLES.map((type) => {
              const { title, Icon } = ACCOUNT_TYPES[type];
              const selected = accountType === type;
              return (
                <label
                  key={type}
                  className={cn(
                    "flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 px-1 py-2.5 text-center text-xs font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-vivid",
                    selected
                      ? "border-primary-vivid bg-primary-tint text-primary-strong"
                      : "border-line text-muted hover:border-line-strong",
                  )}
                >
                  <input
                    type="radio"
                    name="accountType"
                    value={type}
                    checked={selected}
                    onChange={() => setAccountType(type)}
                    className="sr-only"
                  />
                  <Icon aria-hidden className="size-5" />
                  {t(title)}
                </label>
              );
            })}
          </div>
          <p className="mt-1.5 text-xs text-subtle">{t("auth.fields.accountTypeHint")}</p>
        </fieldset>
        <Field label={t("auth.fields.fullName")} name="name" autoComplete="name" />
        <EmailField label={t("auth.fields.emailAddress")} email={email} />
        <PasswordField
          label={t("auth.fields.password")}
          name="password"
          autoComplete="new-password"
          showLabel={t("auth.fields.showPassword")}
          hideLabel={t("auth.fields.hidePassword")}
        />
        <SubmitButton
          pending={pending}
          label={t("auth.actions.createAccount")}
          pendingLabel={t("auth.actions.creatingAccount")}
        />
      </Form>
      {googleEnabled && (
        <GoogleButton redirectTo={redirectTo} view="register" accountType={accountType} />
      )}
    </>
  );
}

function ForgotForm({
  redirectTo,
  email,
  here,
}: {
  redirectTo: string;
  email: string;
  here: string;
}) {
  const t = useT();
  const pending = usePending("/auth/forgot-password");
  return (
    <Form method="post" action="/auth/forgot-password" className="space-y-4" noValidate>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <EmailField label={t("auth.fields.email")} email={email} />
      <SubmitButton
        pending={pending}
        label={t("auth.actions.sendResetLink")}
        pendingLabel={t("auth.actions.sending")}
      />
      <Link
        to={authDialogUrl(here, "login", email)}
        replace
        preventScrollReset
        className="block text-center text-sm font-medium text-primary hover:underline"
      >
        {t("auth.actions.backToSignIn")}
      </Link>
    </Form>
  );
}

function GoogleButton({
  redirectTo,
  view,
  accountType,
}: {
  redirectTo: string;
  view: "login" | "register";
  accountType?: AccountType;
}) {
  const t = useT();
  return (
    <Form method="post" action="/auth/google" reloadDocument className="mt-4">
      <div className="mb-4 flex items-center gap-3 text-xs text-subtle uppercase">
        <span className="h-px flex-1 bg-surface-strong" />
        {t("auth.actions.or")}
        <span className="h-px flex-1 bg-surface-strong" />
      </div>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="view" value={view} />
      {accountType && <input type="hidden" name="accountType" value={accountType} />}
      <button
        type="submit"
        className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full gap-2.5")}
      >
        <svg viewBox="0 0 24 24" aria-hidden className="size-5">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8.1z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path
            fill="#FBBC05"
            d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z"
          />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {t("auth.actions.continueWithGoogle")}
      </button>
    </Form>
  );
}

/** The e-mail input of every auth form, keeping what the person typed across a failed attempt. */
function EmailField({ label, email }: { label: string; email: string }) {
  return (
    <Field
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      defaultValue={email}
    />
  );
}
