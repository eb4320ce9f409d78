import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/public-page";
import { requirePermission } from "../../auth/guards.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { BrandPreview } from "../../components/agents/brand-preview.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field, FieldFrame } from "../../components/ui/field.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { pickMessages, type MessageKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { AppError } from "../../lib/app-error.ts";
import { MAX_LOGO_BYTES } from "../../lib/schemas/platform-settings.ts";
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "../../lib/schemas/image.ts";
import {
  brandingFormSchema,
  MAX_ABOUT_LENGTH,
  websiteFormSchema,
} from "../../lib/schemas/public-profile.ts";
import { requireEntitlement } from "../../services/premium/entitlements.server.ts";
import {
  getPageSettings,
  saveBranding,
  saveWebsite,
} from "../../services/profiles/page-settings.server.ts";
import { ownedAgencyLink } from "../../services/teams/team-rights.server.ts";
import { answerAction, refusalText } from "../../services/session/action-answer.server.ts";
import { formFields, readForm } from "../../services/session/read-form.server.ts";

const PAGE_PATH = "/dashboard/public-page";
/** A cover (10 MB) or a logo (2 MB) with the form's text around it. */
const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/** The plan's refusal sentence for a perk the viewer lacks, or null when they have it. */
async function lockedText(
  viewer: Parameters<typeof requireEntitlement>[0],
  perk: "propertyWebsite" | "customBranding",
): Promise<string | null> {
  try {
    await requireEntitlement(viewer, perk);
    return null;
  } catch (thrown) {
    if (thrown instanceof AppError && thrown.code === "FORBIDDEN") return refusalText(thrown);
    throw thrown;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "public-page:edit");
  const [settings, websiteLocked, brandingLocked, agency] = await Promise.all([
    getPageSettings(viewer),
    lockedText(viewer, "propertyWebsite"),
    lockedText(viewer, "customBranding"),
    ownedAgencyLink(viewer.id),
  ]);
  return {
    settings,
    agency,
    websiteLocked,
    brandingLocked,
    messages: pickMessages([
      "agents.settings",
      "agents.errors",
      "agents.contact",
      "dashboard.settings",
      "publish.errors",
    ]),
  };
}

type Intent = "website" | "branding";

interface ActionResult {
  intent: Intent;
  /** Field name → message key. */
  errors: Record<string, MessageKey>;
  /** A refusal without a field (the plan, the limiter), in words. */
  refusal: string | null;
  values: Record<string, string | string[]>;
}

function fileOf(form: FormData, name: string): File | null {
  const file = form.get(name);
  // A form sent without a chosen file still carries an empty, nameless part.
  return file instanceof File && (file.size > 0 || file.name !== "") ? file : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "public-page:edit");
  const form = await readForm(request, MAX_REQUEST_BYTES);
  const intent: Intent = form.get("intent") === "branding" ? "branding" : "website";
  const answers = (values: ActionResult["values"]) => ({
    success: () =>
      redirectWithToast(PAGE_PATH, {
        title: "agents.settings.saved",
        description: "agents.settings.savedDescription",
      }),
    fieldErrors: (errors: Record<string, MessageKey>) =>
      data<ActionResult>({ intent, errors, refusal: null, values }, { status: 400 }),
    refused: (error: AppError) =>
      data<ActionResult>(
        { intent, errors: {}, refusal: refusalText(error), values },
        { status: error.status },
      ),
  });
  if (intent === "branding") {
    const fields = formFields(form, brandingFormSchema);
    const logo = fileOf(form, "logo");
    const bytes = logo ? Buffer.from(await logo.arrayBuffer()) : undefined;
    return answerAction(() => saveBranding(viewer, fields, bytes), answers(fields));
  }
  const fields = {
    ...formFields(form, websiteFormSchema),
    featuredListingIds: form.getAll("featuredListingIds").map(String),
  };
  const cover = fileOf(form, "cover");
  const bytes = cover ? Buffer.from(await cover.arrayBuffer()) : undefined;
  return answerAction(() => saveWebsite(viewer, fields, bytes), answers(fields));
}

export default function PublicPageSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { settings, websiteLocked, brandingLocked, agency } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionResult | undefined;
  const websiteResult = result?.intent === "website" ? result : undefined;
  const brandingResult = result?.intent === "branding" ? result : undefined;
  const pageHandle =
    settings.website && settings.websiteHandle ? settings.websiteHandle : settings.handle;
  const text = (value: string | string[] | undefined) =>
    typeof value === "string" ? value : undefined;
  const error = (r: ActionResult | undefined, field: string) =>
    r?.errors[field] ? t(r.errors[field]) : undefined;
  const featured = new Set(
    (websiteResult?.values.featuredListingIds as string[] | undefined) ??
      settings.featuredListingIds.map(String),
  );

  return (
    <div className="space-y-6">
      <div>
        <SectionHeading>{t("agents.settings.title")}</SectionHeading>
        <p className="mt-1 text-sm text-muted">{t("agents.settings.intro")}</p>
        <p className="mt-3 text-sm text-ink-soft">
          {t("agents.settings.address")}:{" "}
          <Link
            to={`/agents/${pageHandle}`}
            className="font-semibold text-primary-strong underline"
            data-testid="public-page-link"
          >
            /agents/{pageHandle}
          </Link>
        </p>
        {agency && (
          <p className="mt-2 text-sm text-ink-soft" data-testid="agency-branding-note">
            {t("agents.settings.agencyNote", { agency: agency.name })}{" "}
            <Link
              to={`/agencies/${agency.handle}`}
              className="font-semibold text-primary-strong underline"
            >
              {t("agents.settings.agencyLink")}
            </Link>
          </p>
        )}
      </div>

      <Card className="space-y-4 p-6" data-testid="website-settings">
        <div>
          <h3 className="text-lg font-bold text-ink">{t("agents.settings.website.title")}</h3>
          <p className="text-sm text-muted">{t("agents.settings.website.intro")}</p>
        </div>
        {websiteLocked ? (
          <Locked text={websiteLocked} />
        ) : (
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="website" />
            {websiteResult?.refusal && <Refusal text={websiteResult.refusal} />}
            <Field
              label={t("agents.settings.website.handle")}
              name="handle"
              required
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={
                text(websiteResult?.values.handle) ?? settings.websiteHandle ?? settings.handle
              }
              hint={t("agents.settings.website.handleHelp")}
              error={error(websiteResult, "handle")}
            />
            <FieldFrame
              label={t("agents.settings.website.about")}
              error={error(websiteResult, "about")}
            >
              {(control) => (
                <Textarea
                  {...control}
                  name="about"
                  rows={6}
                  maxLength={MAX_ABOUT_LENGTH}
                  defaultValue={text(websiteResult?.values.about) ?? settings.about ?? ""}
                />
              )}
            </FieldFrame>
            <Field
              label={t("agents.settings.website.cover")}
              name="cover"
              type="file"
              accept={IMAGE_ACCEPT}
              hint={t("agents.settings.website.coverHelp")}
              error={error(websiteResult, "cover")}
            />
            {settings.coverUrl && (
              <img
                src={settings.coverUrl}
                alt=""
                className="h-32 w-full max-w-md rounded-lg object-cover"
              />
            )}
            <fieldset aria-describedby="featured-help">
              <legend className="mb-1.5 block text-sm font-medium text-ink-soft">
                {t("agents.settings.website.featured")}
              </legend>
              <p id="featured-help" className="mb-2 text-xs text-subtle">
                {t("agents.settings.website.featuredHelp")}
              </p>
              {settings.listings.length === 0 ? (
                <p className="text-sm text-muted">{t("agents.settings.website.noListings")}</p>
              ) : (
                <ul className="space-y-2">
                  {settings.listings.map((listing) => (
                    <li key={listing.id}>
                      <label className="flex items-center gap-2 text-sm text-ink">
                        <input
                          type="checkbox"
                          name="featuredListingIds"
                          value={listing.id}
                          defaultChecked={featured.has(String(listing.id))}
                          className="size-4"
                        />
                        {listing.title}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {error(websiteResult, "featuredListingIds") && (
                <p className="mt-1 text-sm text-danger">
                  {error(websiteResult, "featuredListingIds")}
                </p>
              )}
            </fieldset>
            <Button type="submit" variant="primary" disabled={busy}>
              {t("agents.settings.save")}
            </Button>
          </Form>
        )}
      </Card>

      <Card className="space-y-4 p-6" data-testid="branding-settings">
        <div>
          <h3 className="text-lg font-bold text-ink">{t("agents.settings.branding.title")}</h3>
          <p className="text-sm text-muted">{t("agents.settings.branding.intro")}</p>
        </div>
        {brandingLocked ? (
          <Locked text={brandingLocked} />
        ) : (
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="branding" />
            {brandingResult?.refusal && <Refusal text={brandingResult.refusal} />}
            <Field
              label={t("agents.settings.branding.color")}
              name="brandColor"
              placeholder="#0b5e31"
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={text(brandingResult?.values.brandColor) ?? settings.brandColor ?? ""}
              hint={t("agents.settings.branding.colorHelp")}
              error={error(brandingResult, "brandColor")}
            />
            <Field
              label={t("agents.settings.branding.logo")}
              name="logo"
              type="file"
              accept={IMAGE_ACCEPT}
              data-max-bytes={MAX_LOGO_BYTES}
              hint={t("agents.settings.branding.logoHelp")}
              error={error(brandingResult, "logo")}
            />
            {(settings.logoUrl || settings.brandColor) && (
              <div>
                <p className="mb-1.5 text-sm font-medium text-ink-soft">
                  {t("agents.settings.branding.preview")}
                </p>
                <BrandPreview
                  brand={{
                    logoUrl: settings.logoUrl,
                    logoWidth: null,
                    logoHeight: null,
                    color: settings.brandColor,
                  }}
                  label={t("agents.contact.title")}
                />
              </div>
            )}
            <Button type="submit" variant="primary" disabled={busy}>
              {t("agents.settings.save")}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}

function Locked({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="space-y-3" data-testid="perk-locked">
      <p className="text-secondary">{text}</p>
      <Link
        to="/dashboard/premium-plans"
        className={buttonVariants({ variant: "primary", size: "md" })}
      >
        {t("agents.settings.locked")}
      </Link>
    </div>
  );
}

function Refusal({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg bg-danger-tint p-3 text-sm text-danger">
      {text}
    </p>
  );
}
