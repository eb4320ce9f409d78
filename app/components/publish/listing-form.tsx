import { Eye } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useListingDraft } from "../../hooks/use-listing-draft.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { CATEGORIES, type Category, type ListingStatus } from "../../lib/listing-values.ts";
import type { Role } from "../../lib/roles.ts";
import {
  listingFieldErrors,
  listingFieldMessages,
  listingSchema,
  submissionFailedToast,
  type ListingFormResult,
  type ListingFormValues,
} from "../../lib/schemas/listing.ts";
import type { VideoFormState } from "../../lib/schemas/listing-video.ts";
import { categoryFields } from "../../lib/schemas/listing-categories.ts";
import { withCategory, type TextField } from "../../lib/schemas/listing-form-values.ts";
import type { StoredImageRef } from "../../lib/schemas/listing-view.ts";
import { BackButton } from "../listing-detail/back-button.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { cn } from "../../lib/cn.ts";
import { useNonce } from "../../lib/csp-nonce.ts";
import { Button, SubmitButton } from "../ui/button.tsx";
import { storedItem, useImageUploads, type ImageItem } from "./image-uploader.tsx";
import { ListingPreviewDialog, previewDetail } from "./listing-preview.tsx";
import { BasicsSection } from "./sections/basics-section.tsx";
import { ContactSection } from "./sections/contact-section.tsx";
import { DescriptionSection } from "./sections/description-section.tsx";
import { DetailsSection } from "./sections/details-section.tsx";
import { FeaturesSection } from "./sections/features-section.tsx";
import { MediaSection } from "./sections/media-section.tsx";
import { VideoFileForm, VideoFileSection } from "./sections/video-file-section.tsx";
import { PriceLocationSection } from "./sections/price-location-section.tsx";
import type { SectionProps } from "./sections/section-props.ts";

export interface ListingFormProps {
  role: Role;
  categories: readonly Category[];
  countries: { code: string; name: string }[];
  profile: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    avatar: string;
    verified: boolean;
    businessVerified: boolean;
  };
  editing: {
    id: number;
    status: ListingStatus;
    rejectionReason: string | null;
    ownerPhone: string | null;
    images: StoredImageRef[];
  } | null;
  initial: ListingFormValues;
  pendingUploads: StoredImageRef[];
  /** The uploaded video file's section (the `videoListing` perk). */
  video: VideoFormState;
  result: ListingFormResult | undefined;
}

/** The notice above an edited listing's form, coloured by its status. */
const statusNotice: Record<ListingStatus, string> = {
  approved: "bg-primary-tint text-primary-deep",
  rejected: "bg-danger-tint text-danger-deep",
  pending_approval: "bg-warning-tint text-warning-deep",
  paused: "bg-surface-muted text-ink",
};

/**
 * /add-listing: the general form (agents, the admin) or the professional's form, for a new
 * listing or an edit. Fields follow the chosen category; the same schema as the server checks
 * everything before sending; images upload as soon as they are chosen; the draft survives a
 * reload; Preview shows the card and the page as the public will see them.
 */
export function ListingForm({
  role,
  categories,
  countries,
  profile,
  editing,
  initial,
  pendingUploads,
  video,
  result,
}: ListingFormProps) {
  const t = useT();
  const nonce = useNonce();
  const showToast = useToast();
  const hydrated = useHydrated();
  const { currency } = useRootData();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<ListingFormValues>(() => result?.values ?? initial);
  const [clientErrors, setClientErrors] = useState<Record<string, MessageKey> | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [previewOpen, setPreviewOpen] = useState(false);
  const known = useMemo(() => {
    const map = new Map<string, StoredImageRef>();
    for (const image of pendingUploads) map.set(image.key, image);
    for (const image of editing?.images ?? []) map.set(image.key, image);
    return map;
  }, [pendingUploads, editing]);

  const uploads = useImageUploads(
    (result?.values.images ?? editing?.images.map((i) => i.key) ?? [])
      .map((key) => known.get(key))
      .filter((i): i is StoredImageRef => !!i)
      .map((image) => storedItem(image, editing?.images.some((i) => i.key === image.key) ?? false)),
  );
  const doneImages = uploads.items.filter(
    (i): i is ImageItem & { key: string } => i.status === "done" && i.key !== null,
  );

  const draft = useListingDraft({
    userId: profile.id,
    editing: !!editing,
    answered: !!result,
    categories,
    known,
    values,
    images: doneImages,
    onRestore: (restored, images) => {
      setValues(withCategory(restored, restored.category));
      uploads.reset(images.map((image) => storedItem(image, false)));
    },
  });

  // A refusal from the server shows as a toast too (successes arrive by flash cookie).
  useEffect(() => {
    if (result?.toast) showToast(result.toast);
  }, [result, showToast]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches("fieldset, [role=group]")
      ? invalid.querySelector<HTMLElement>("input, button, select, textarea")
      : invalid;
    target?.focus();
  }, [focusRequest]);

  const category = CATEGORIES.find((c) => c === values.category) ?? null;
  const fields = useMemo(
    () => (category ? categoryFields(category) : new Set<string>()),
    [category],
  );
  const profilePhone = editing ? editing.ownerPhone : profile.phone;
  const errors = clientErrors ?? result?.errors ?? {};
  const err = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const pending = navigation.state === "submitting";
  const uploading = uploads.items.some((i) => i.status === "uploading");

  const schema = useMemo(
    () =>
      listingSchema({
        categories,
        profilePhone,
        countryCodes: countries.map((c) => c.code),
      }),
    [categories, profilePhone, countries],
  );

  function validate(next: ListingFormValues): Record<string, MessageKey> {
    const parsed = schema.safeParse({ ...next, images: doneImages.map((i) => i.key) });
    return parsed.success ? {} : listingFieldMessages(listingFieldErrors(parsed.error));
  }

  function change(next: ListingFormValues) {
    setValues(next);
    // Shown errors clear as they are fixed; no new ones appear while typing.
    if (clientErrors && Object.keys(clientErrors).length > 0) {
      const now = validate(next);
      const still: Record<string, MessageKey> = {};
      for (const field of Object.keys(clientErrors)) if (now[field]) still[field] = now[field];
      setClientErrors(still);
    }
  }
  const bind = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: (
      event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
    ) => change({ ...values, [field]: event.currentTarget.value }),
    error: err(field),
  });
  const section: SectionProps = {
    values,
    category,
    fields,
    bind,
    setList: (field, next) => change({ ...values, [field]: next }),
    error: err,
  };

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (uploading) {
      event.preventDefault();
      showToast({
        title: "publish.toasts.uploadsPending",
        description: "publish.toasts.uploadsPendingDescription",
        variant: "destructive",
      });
      return;
    }
    const found = validate(values);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      setFocusRequest((n) => n + 1);
      showToast(submissionFailedToast(Object.values(found)[0]));
      return;
    }
    setClientErrors(null);
    draft.clear();
  }

  function discardDraft() {
    for (const item of uploads.items) uploads.remove(item.id);
    draft.discard();
    setValues(initial);
    setClientErrors(null);
  }

  const heading = editing
    ? t("publish.heading.edit")
    : role === "professional"
      ? t("publish.heading.addProfessional")
      : t("publish.heading.add");
  const intro = editing
    ? t("publish.intro.edit")
    : role === "professional"
      ? t("publish.intro.professional")
      : role === "admin"
        ? t("publish.intro.addAdmin")
        : t("publish.intro.add");
  const countryName = countries.find((c) => c.code === values.countryCode)?.name ?? "";
  const action = editing ? `/add-listing?edit=${editing.id}` : "/add-listing";

  return (
    <div className="mx-auto max-w-4xl px-4 pt-4 pb-10 sm:px-6 sm:pt-6">
      <BackButton fallback="/dashboard/my-listings" label={t("publish.goBack")} className="-ml-3" />
      <header className="mt-3 mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{heading}</h1>
        <p className="mt-2 max-w-2xl text-muted">{intro}</p>
        {!hydrated && (
          <p role="status" className="js-only mt-3 flex items-center gap-2 text-sm text-subtle">
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-line-strong border-t-primary"
            />
            {t("publish.loadingProfile")}
          </p>
        )}
        <noscript>
          <style nonce={nonce}>{".js-only{display:none!important}"}</style>
        </noscript>
        {editing && (
          <p className={cn("mt-4 rounded-lg px-4 py-3 text-sm", statusNotice[editing.status])}>
            {t(`publish.status.${editing.status}`)}
            {editing.status === "rejected" && editing.rejectionReason && (
              <> {t("publish.status.rejectedReason", { reason: editing.rejectionReason })}</>
            )}
          </p>
        )}
        {draft.state === "restored" && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-accent-tint px-4 py-2.5 text-sm text-ink-soft ring-1 ring-accent-pale">
            <p>{t("publish.draft.restored")}</p>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={discardDraft}
              className="rounded-md text-primary-strong hover:bg-surface hover:text-primary-strong"
            >
              {t("publish.draft.discard")}
            </Button>
          </div>
        )}
      </header>

      <Form
        ref={formRef}
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate={hydrated}
        onSubmit={handleSubmit}
        className="space-y-5"
      >
        <BasicsSection
          {...section}
          categories={categories}
          onCategoryChange={(next) => change(withCategory(values, next))}
        />
        <PriceLocationSection {...section} countries={countries} />
        <DetailsSection {...section} />
        <DescriptionSection {...section} />
        <FeaturesSection {...section} />
        <MediaSection {...section} hydrated={hydrated} uploads={uploads} images={doneImages} />
        <VideoFileSection state={video} listingId={editing?.id ?? null} />
        <ContactSection
          {...section}
          profilePhone={profilePhone}
          onContactMethodChange={(value) => change({ ...values, contactMethod: value })}
        />

        <div className="sticky bottom-0 z-20 -mx-4 flex gap-3 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:justify-end sm:rounded-2xl sm:border sm:px-6 sm:py-4">
          {hydrated && (
            <Button
              type="button"
              variant="outline"
              onClick={() => setPreviewOpen(true)}
              className="shrink-0 px-4 sm:px-5"
            >
              <Eye aria-hidden className="size-4" />
              {t("publish.actions.preview")}
            </Button>
          )}
          <SubmitButton
            pending={pending}
            label={editing ? t("publish.actions.update") : t("publish.actions.publish")}
            pendingLabel={editing ? t("publish.actions.updating") : t("publish.actions.publishing")}
            className="flex-1 sm:w-auto sm:flex-none"
          />
        </div>
      </Form>
      {editing && video.allowed && <VideoFileForm listingId={editing.id} />}

      {hydrated && (
        <ListingPreviewDialog
          open={previewOpen}
          onOpenChange={setPreviewOpen}
          currency={currency}
          detail={
            previewOpen
              ? previewDetail(
                  values,
                  doneImages,
                  countryName,
                  {
                    name: profile.name,
                    email: profile.email,
                    phone: profilePhone,
                    avatar: profile.avatar,
                    verified: profile.verified,
                    businessVerified: profile.businessVerified,
                  },
                  categories[0] ?? "real-estate",
                  t,
                )
              : null
          }
        />
      )}
    </div>
  );
}
