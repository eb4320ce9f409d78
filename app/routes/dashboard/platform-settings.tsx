import { data } from "react-router";
import type { Route } from "./+types/platform-settings";
import { requirePermission } from "../../auth/guards.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { HeroEditor, type HeroFormResult } from "../../components/admin/hero-editor.tsx";
import { SettingsForm, type SettingsFormResult } from "../../components/admin/settings-form.tsx";
import { useT } from "../../i18n/use-t.ts";
import type { FieldErrors } from "../../lib/app-error.ts";
import { MAX_IMAGE_BYTES } from "../../lib/schemas/image.ts";
import {
  HERO_FAILED_TOAST,
  HERO_SAVED_TOAST,
  MAX_HERO_SLIDES,
  MAX_LOGO_BYTES,
} from "../../lib/schemas/platform-settings.ts";
import type { Toast } from "../../lib/toast.ts";
import { updateHeroContent } from "../../services/content/hero.server.ts";
import {
  getHeroContent,
  getPlatformSettings,
  updatePlatformSettings,
} from "../../services/content/settings.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/platform-settings";
/** The hero form may carry a new picture per slide; anything far above that is refused unread. */
const MAX_REQUEST_BYTES = MAX_HERO_SLIDES * MAX_IMAGE_BYTES + 1024 * 1024;

const INVALID_SETTINGS: Toast = {
  title: "dashboard.settings.invalidTitle",
  description: "dashboard.settings.invalidDescription",
  variant: "destructive",
};
const INVALID_HERO: Toast = {
  title: "dashboard.hero.invalidTitle",
  description: "dashboard.hero.invalidDescription",
  variant: "destructive",
};

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, "settings:manage");
  const [settings, hero] = await Promise.all([getPlatformSettings(), getHeroContent()]);
  return { settings, hero };
}

function text(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

/** A file part the person filled: a form sent without a chosen file still carries an empty one. */
function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

async function bytesOf(file: File | null): Promise<Buffer | null> {
  return file ? Buffer.from(await file.arrayBuffer()) : null;
}

/**
 * Two forms, told apart by `intent`: the settings (with the logo) and the hero (with a picture
 * per slide). A refusal answers 400 with the message under each field and the values as sent,
 * and changes nothing; a save redirects here with its toast, so both work without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "settings:manage");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    throw data(null, { status: 413 });
  }
  const form = await readForm(request, MAX_REQUEST_BYTES);
  const intent = form.get("intent");

  if (intent === "settings") {
    const values = {
      siteName: text(form.get("siteName")),
      tagline: text(form.get("tagline")),
      supportEmail: text(form.get("supportEmail")),
      supportPhone: text(form.get("supportPhone")),
      notificationEmail: text(form.get("notificationEmail")),
      requireManualApproval: form.get("requireManualApproval") === "on",
      serviceFeePercent: text(form.get("serviceFeePercent")),
      reportHideThreshold: text(form.get("reportHideThreshold")),
    };
    const refuse = (fieldErrors: FieldErrors, toast: Toast = INVALID_SETTINGS, status = 400) =>
      data({ intent, fieldErrors, values, toast } satisfies SettingsFormResult, { status });
    const logo = chosenFile(form.get("logo"));
    if (logo && logo.size > MAX_LOGO_BYTES) {
      return refuse({ logo: "dashboard.settings.errors.logoTooLarge" }, INVALID_SETTINGS, 413);
    }
    return answerAction(
      async () =>
        updatePlatformSettings({
          actor: viewer,
          input: values,
          logo: await bytesOf(logo),
          removeLogo: form.get("removeLogo") === "on",
        }),
      {
        success: async ({ changed }) =>
          changed.length > 0
            ? redirectWithToast(PATH, {
                title: "dashboard.settings.saved",
                description: "dashboard.settings.savedDescription",
              })
            : refuse(
                {},
                {
                  title: "dashboard.settings.noChanges",
                  description: "dashboard.settings.noChangesDescription",
                },
                200,
              ),
        fieldErrors: (errors) => refuse(errors),
      },
    );
  }

  if (intent === "hero") {
    const images = form.getAll("slideImage").map(text);
    const alts = form.getAll("slideAlt").map(text);
    const descriptions = form.getAll("slideDescription").map(text);
    const files = form.getAll("slideFile").map(chosenFile);
    if (alts.length !== images.length || descriptions.length !== images.length) {
      throw data(null, { status: 400 });
    }
    const values = {
      title: text(form.get("title")),
      subtitle: text(form.get("subtitle")),
      description: text(form.get("description")),
      slides: images.map((imageUrl, i) => ({
        imageUrl,
        alt: alts[i]!,
        description: descriptions[i]!,
      })),
    };
    const refuse = (fieldErrors: FieldErrors, toast: Toast, status: number) =>
      data({ intent, fieldErrors, values, toast } satisfies HeroFormResult, { status });
    try {
      return await answerAction(
        async () =>
          updateHeroContent({
            actor: viewer,
            input: values,
            files: await Promise.all(images.map((_, i) => bytesOf(files[i] ?? null))),
          }),
        {
          success: () => redirectWithToast(PATH, HERO_SAVED_TOAST),
          fieldErrors: (errors) => refuse(errors, INVALID_HERO, 400),
        },
      );
    } catch (error) {
      if (error instanceof Response || isDataResponse(error)) throw error;
      // The spec's "Failed to save hero content. Please try again.": nothing was saved.
      logger.error({ err: error }, "Saving the hero content failed");
      return refuse({}, HERO_FAILED_TOAST, 500);
    }
  }

  throw data(null, { status: 400 });
}

/** What `data()` throws: an error page's answer, not a failure of the save. */
function isDataResponse(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

export default function PlatformSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { settings, hero } = loaderData;
  return (
    <div className="space-y-10">
      <section aria-labelledby="settings-heading">
        <SectionHeading id="settings-heading">{t("dashboard.settings.title")}</SectionHeading>
        <p className="mt-1 mb-4 text-muted">{t("dashboard.settings.subtitle")}</p>
        <SettingsForm
          settings={settings}
          result={actionData?.intent === "settings" ? (actionData as SettingsFormResult) : null}
        />
      </section>
      <section aria-labelledby="hero-heading" id="hero">
        <SectionHeading id="hero-heading">{t("dashboard.hero.title")}</SectionHeading>
        <p className="mt-1 mb-4 text-muted">{t("dashboard.hero.subtitle")}</p>
        <HeroEditor
          hero={hero}
          result={actionData?.intent === "hero" ? (actionData as HeroFormResult) : null}
        />
      </section>
    </div>
  );
}
