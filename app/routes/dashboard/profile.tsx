import { BadgeCheck } from "lucide-react";
import { useEffect } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/profile";
import { authErrorToast, callAuth, type AuthCallResult } from "../../auth/auth-client.server.ts";
import { requireViewer } from "../../auth/guards.server.ts";
import { avatarSrc } from "../../auth/viewer.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { AccountTypeForm } from "../../components/profile/account-type-form.tsx";
import { BlockedPeople } from "../../components/profile/blocked-people.tsx";
import { LanguagesForm } from "../../components/profile/languages-form.tsx";
import { NotificationsForm } from "../../components/profile/notifications-form.tsx";
import { ChangePasswordForm } from "../../components/profile/change-password-form.tsx";
import { DeleteAccountSection } from "../../components/profile/delete-account-section.tsx";
import { ProfileDetailsForm } from "../../components/profile/profile-details-form.tsx";
import { pickMessages, type MessageKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { can } from "../../lib/permissions.ts";
import {
  MAX_AVATAR_BYTES,
  accountTypeSchema,
  changePasswordSchema,
  profileErrorToast,
  profileFieldErrors,
  profileFieldMessage,
  profileFieldMessages,
  profileIntentSchema,
  profileRefusalToast,
  type ProfileErrorCode,
  type ProfileFormResult,
  type ProfileIntent,
} from "../../lib/schemas/profile.ts";
import type { Toast } from "../../lib/toast.ts";
import {
  deleteAccount,
  getProfile,
  updateNotificationSettings,
  updateProfile,
} from "../../services/accounts/profile.server.ts";
import { listBlocked } from "../../services/safety/blocks.server.ts";
import { changeAccountType } from "../../services/accounts/roles.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { answerAction, failureStatus } from "../../services/session/action-answer.server.ts";
import { formFields, readForm } from "../../services/session/read-form.server.ts";
import { languagesFormSchema } from "../../lib/schemas/public-profile.ts";
import { getLanguages, saveLanguages } from "../../services/profiles/page-settings.server.ts";
import { logger } from "../../lib/logger.server.ts";

const PROFILE_PATH = "/dashboard/profile";
/**
 * Only the details form carries a file; a request far above the avatar limit is refused before
 * its body is read.
 */
const MAX_REQUEST_BYTES = MAX_AVATAR_BYTES * 4;

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const hasPage = can(viewer, "public-page:edit");
  const [profile, blocked, languages] = await Promise.all([
    getProfile(viewer),
    listBlocked(viewer),
    hasPage ? getLanguages(viewer) : null,
  ]);
  return {
    details: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone ?? "",
      avatar: avatarSrc(profile),
    },
    role: profile.role,
    hasPassword: profile.hasPassword,
    messageEmails: profile.messageEmails,
    languages,
    blocked: blocked.map((person) => ({
      id: person.id,
      name: person.name,
      avatar: avatarSrc(person),
      blockedAt: person.blockedAt,
    })),
    messages: pickMessages([
      "safety.profile",
      "safety.block",
      "verification.profileLink",
      ...(hasPage ? (["agents.settings", "agents.errors"] as const) : []),
    ]),
  };
}

function refuse(
  intent: ProfileIntent,
  errors: Record<string, ProfileErrorCode>,
  options: { status?: number; values?: ProfileFormResult["values"] } = {},
) {
  const first = Object.values(errors)[0] ?? "missingFields";
  return answer(
    {
      intent,
      errors: profileFieldMessages(errors),
      toast: profileErrorToast(first),
      values: options.values,
    },
    options.status ?? 400,
  );
}

function answer(result: ProfileFormResult, status: number) {
  return data(result, { status });
}

function cookieHeaders(result: AuthCallResult<unknown>): [string, string][] {
  return result.cookies.map((cookie) => ["Set-Cookie", cookie]);
}

/**
 * One action, four intents. A refusal answers 400 with the field messages and the toast, and
 * changes nothing; a success redirects with a toast in the flash cookie, so both work with and
 * without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(context);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    return refuse("update-profile", { avatar: "fileTooLarge" }, { status: 413 });
  }
  const form = await readForm(request, MAX_REQUEST_BYTES);
  const parsedIntent = profileIntentSchema.safeParse({ intent: form.get("intent") });
  if (!parsedIntent.success) throw data(null, { status: 400 });

  switch (parsedIntent.data.intent) {
    case "update-profile": {
      const intent = "update-profile";
      const values = { name: text(form.get("name")), phone: text(form.get("phone")) };
      const file = form.get("avatar");
      // A form sent without a chosen file still carries an empty, nameless part.
      const chosen = file instanceof File && (file.size > 0 || file.name !== "") ? file : null;
      if (chosen && chosen.size > MAX_AVATAR_BYTES) {
        return refuse(intent, { avatar: "fileTooLarge" }, { values });
      }
      const avatar = chosen ? Buffer.from(await chosen.arrayBuffer()) : undefined;
      return answerAction(
        () => updateProfile({ viewer, name: values.name, phone: values.phone, avatar }),
        {
          success: async (result) =>
            result.changed
              ? redirectWithToast(PROFILE_PATH, {
                  title: "profile.updated",
                  description: "profile.updatedDescription",
                })
              : answer({ intent, errors: {}, toast: profileErrorToast("noChanges"), values }, 200),
          fieldErrors: (errors, error) =>
            answer({ intent, errors, toast: profileRefusalToast(error.message), values }, 400),
          // Too many changes: said in the form, which keeps what was typed.
          refused: (error) =>
            answer(
              {
                intent,
                errors: {},
                toast: {
                  title: "limits.notSaved",
                  description: error.message,
                  variant: "destructive",
                },
                values,
              },
              error.status,
            ),
        },
      );
    }

    case "change-password": {
      const intent = "change-password";
      const parsed = changePasswordSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return refuse(intent, profileFieldErrors(parsed.error));
      const { currentPassword, newPassword } = parsed.data;
      const result = await callAuth(request, "/change-password", {
        body: { currentPassword, newPassword, revokeOtherSessions: true },
      });
      if (!result.ok) {
        return answer(passwordRefusal(result), result.status >= 400 ? result.status : 400);
      }
      // Other sessions are signed out; this browser gets the new session's cookie.
      return redirectWithToast(
        PROFILE_PATH,
        { title: "profile.password.updated", description: "profile.password.updatedDescription" },
        { headers: cookieHeaders(result) },
      );
    }

    case "change-account-type": {
      const intent = "change-account-type";
      const failed: Toast = {
        title: "profile.accountType.error",
        description: "profile.accountType.errorDescription",
        variant: "destructive",
      };
      if (!can(viewer, "account:change-type")) {
        return answer(
          {
            intent,
            errors: {},
            toast: { ...failed, description: "auth.toasts.accessDeniedDescription" },
          },
          403,
        );
      }
      const parsed = accountTypeSchema.safeParse({ role: form.get("role") });
      if (!parsed.success) return answer({ intent, errors: {}, toast: failed }, 400);
      if (parsed.data.role === viewer.role) {
        return answer({ intent, errors: {}, toast: profileErrorToast("noChanges") }, 200);
      }
      return answerAction(() => changeAccountType(viewer, parsed.data.role), {
        success: (role) =>
          redirectWithToast(PROFILE_PATH, {
            title: "profile.accountType.updated",
            description: `profile.accountType.updatedAs.${role === "admin" ? "user" : role}`,
          }),
        refused: (error) => answer({ intent, errors: {}, toast: failed }, error.status),
      });
    }

    case "save-notifications": {
      const messageEmails = form.get("messageEmails") === "on";
      return answerAction(() => updateNotificationSettings(viewer, { messageEmails }), {
        success: (saved) =>
          redirectWithToast(
            PROFILE_PATH,
            saved.messageEmails
              ? {
                  title: "safety.toasts.notificationsOn",
                  description: "safety.toasts.notificationsOnDescription",
                }
              : {
                  title: "safety.toasts.notificationsOff",
                  description: "safety.toasts.notificationsOffDescription",
                },
          ),
      });
    }

    case "save-languages": {
      const intent = "save-languages";
      const fields = formFields(form, languagesFormSchema);
      const languages = fields.languages ?? "";
      return answerAction(() => saveLanguages(viewer, fields), {
        success: () =>
          redirectWithToast(PROFILE_PATH, {
            title: "agents.settings.saved",
            description: "agents.settings.savedDescription",
          }),
        fieldErrors: (errors) =>
          answer(
            {
              intent,
              errors,
              toast: {
                title: "limits.notSaved",
                description: Object.values(errors)[0] ?? "agents.errors.languagesInvalid",
                variant: "destructive",
              },
              languages,
            },
            400,
          ),
        refused: (error) =>
          answer(
            {
              intent,
              errors: {},
              toast: {
                title: "limits.notSaved",
                description: error.message,
                variant: "destructive",
              },
              languages,
            },
            error.status,
          ),
      });
    }

    case "delete-account": {
      try {
        await deleteAccount({ viewer });
      } catch (error) {
        logger.error({ err: error }, "Account deletion failed");
        return answer(
          {
            intent: "delete-account",
            errors: {},
            toast: {
              title: "profile.danger.error",
              description: "profile.danger.errorDescription",
              variant: "destructive",
            },
          },
          failureStatus(error),
        );
      }
      // The session row went with the account; this clears the browser's cookies.
      const signOut = await callAuth(request, "/sign-out");
      return redirectWithToast(
        "/",
        { title: "profile.danger.deleted", description: "profile.danger.deletedDescription" },
        { headers: cookieHeaders(signOut) },
      );
    }
  }
}

function text(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

/** "Password Update Error" with what went wrong: a wrong current password is said plainly. */
function passwordRefusal(result: AuthCallResult<unknown>): ProfileFormResult {
  const intent = "change-password";
  const title: MessageKey = "profile.password.error";
  switch (result.error?.code) {
    case "INVALID_PASSWORD":
      return {
        intent,
        errors: { currentPassword: "profile.password.wrongCurrent" },
        toast: { title, description: "profile.password.wrongCurrent", variant: "destructive" },
      };
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return {
        intent,
        errors: {},
        toast: { title, description: "profile.password.noPasswordError", variant: "destructive" },
      };
    case "PASSWORD_TOO_SHORT":
      return {
        intent,
        errors: { newPassword: profileFieldMessage("passwordTooShort") },
        toast: profileErrorToast("passwordTooShort"),
      };
  }
  return { intent, errors: {}, toast: authErrorToast(result, title) };
}

export default function ProfileTab({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const showToast = useToast();
  const { details, role, hasPassword, messageEmails, languages, blocked } = loaderData;

  // A refusal or notice from the server shows as a toast too (successes arrive by flash cookie).
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData, showToast]);

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold text-ink sm:text-2xl">{t("profile.heading")}</h2>
          <p className="mt-1 text-sm text-muted">{t("profile.intro")}</p>
        </div>
        <Link
          to="/dashboard/profile/verification"
          className="flex max-w-sm items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 shadow-sm hover:border-primary"
        >
          <BadgeCheck aria-hidden className="size-5 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold text-primary-strong">
              {t("verification.profileLink.label")}
            </span>
            <span className="block text-sm text-muted">
              {t("verification.profileLink.description")}
            </span>
          </span>
        </Link>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ProfileDetailsForm profile={details} result={actionData} />
        </div>
        <div className="lg:col-span-2">
          <ChangePasswordForm email={details.email} hasPassword={hasPassword} result={actionData} />
        </div>
        <div className="lg:col-span-3">
          <AccountTypeForm role={role} result={actionData} />
        </div>
        <div className="lg:col-span-2">
          <NotificationsForm messageEmails={messageEmails} />
        </div>
        {languages && (
          <div className="lg:col-span-3">
            <LanguagesForm languages={languages} result={actionData} />
          </div>
        )}
        <div className="lg:col-span-3">
          <BlockedPeople people={blocked} />
        </div>
        <div className="lg:col-span-2">
          <DeleteAccountSection />
        </div>
      </div>
    </div>
  );
}
