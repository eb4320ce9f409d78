import {
  Building2,
  Eye,
  FileText,
  ImageIcon,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  Sparkles,
  Tag,
} from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useRootData } from "../../hooks/use-root-data.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  AMENITIES,
  COMPLETION_STATUSES,
  GENDER_PREFERENCES,
  ROOM_TYPES,
  SERVICE_CATEGORIES,
  SERVICE_HIGHLIGHTS,
  TOUR_TYPES,
  type Category,
  type ListingStatus,
} from "../../lib/listing-values.ts";
import type { Role } from "../../lib/roles.ts";
import {
  CATEGORY_RULES,
  DESCRIPTION_MAX,
  listingFieldErrors,
  listingFieldMessages,
  listingSchema,
  submissionFailedToast,
  TITLE_MAX,
  type ListingFormResult,
  type ListingFormValues,
} from "../../lib/schemas/listing.ts";
import { BackButton } from "../listing-detail/back-button.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { Field } from "../ui/field.tsx";
import { SubmitButton } from "../ui/button.tsx";
import {
  CheckboxPills,
  ChoicePills,
  FormSection,
  SelectField,
  TextAreaField,
  type Option,
} from "./form-controls.tsx";
import {
  ImageUploader,
  PlainImageInput,
  storedItem,
  useImageUploads,
  type ImageItem,
  type StoredImageRef,
} from "./image-uploader.tsx";
import { clearDraft, readDraft, writeDraft } from "./listing-draft.ts";
import { ListingPreviewDialog, previewDetail } from "./listing-preview.tsx";
import { MultiSelect } from "./multi-select.tsx";

export interface ListingFormProps {
  role: Role;
  categories: readonly Category[];
  countries: { code: string; name: string }[];
  profile: { id: string; name: string; email: string; phone: string | null; avatar: string };
  editing: {
    id: number;
    status: ListingStatus;
    rejectionReason: string | null;
    ownerPhone: string | null;
    images: StoredImageRef[];
  } | null;
  initial: ListingFormValues;
  pendingUploads: StoredImageRef[];
  result: ListingFormResult | undefined;
}

/** A change to the category keeps what still fits and picks the new category's defaults. */
function withCategory(values: ListingFormValues, category: string): ListingFormValues {
  const rules = category ? CATEGORY_RULES[category as Category] : null;
  if (!rules) return { ...values, category };
  const listingType = rules.listingTypes.includes(values.listingType as never)
    ? values.listingType
    : (rules.listingTypes[0] ?? "");
  const priceType = rules.priceTypes.includes(values.priceType as never)
    ? values.priceType
    : rules.priceTypeRequired && category !== "professionals"
      ? (rules.priceTypes[0] ?? "")
      : "";
  return { ...values, category, listingType, priceType };
}

const secondaryButton =
  "inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-50 sm:px-5";

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
  result,
}: ListingFormProps) {
  const t = useT();
  const showToast = useToast();
  const hydrated = useHydrated();
  const { currency } = useRootData();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<ListingFormValues>(() => result?.values ?? initial);
  const [clientErrors, setClientErrors] = useState<Record<string, MessageKey> | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [draftState, setDraftState] = useState<"pending" | "none" | "restored">(
    editing || result ? "none" : "pending",
  );

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

  // The draft: restored once after hydration (new listings only), dropped when an edit starts.
  // Session storage exists only in the browser, so this cannot happen during the first render.
  /* eslint-disable react-hooks/set-state-in-effect -- state from browser storage, after hydration */
  useEffect(() => {
    if (editing) {
      clearDraft(profile.id);
      return;
    }
    if (draftState !== "pending") return;
    const draft = readDraft(profile.id);
    const images = (draft?.images ?? []).filter((i) => known.has(i.key));
    const restorable =
      draft &&
      (images.length > 0 ||
        Object.entries(draft.values).some(
          ([field, value]) =>
            !["category", "listingType", "priceType", "contactMethod"].includes(field) &&
            (Array.isArray(value) ? value.length > 0 : value !== ""),
        ));
    if (restorable) {
      const category =
        categories.length === 1
          ? categories[0]!
          : categories.includes(draft.values.category as Category)
            ? draft.values.category
            : "";
      setValues(withCategory({ ...draft.values, images: [] }, category));
      uploads.reset(images.map((image) => storedItem(image, false)));
    }
    setDraftState(restorable ? "restored" : "none");
    // Runs once: the draft belongs to the page as it first loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /* eslint-enable react-hooks/set-state-in-effect */

  const draftKeys = doneImages.map((i) => `${i.key}:${i.width}:${i.height}`).join(",");
  useEffect(() => {
    if (editing || draftState === "pending") return;
    writeDraft(profile.id, {
      values,
      images: doneImages.map(({ key, width, height }) => ({ key, width, height })),
    });
    // doneImages is summarised by draftKeys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, draftKeys, draftState, editing, profile.id]);

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

  const rules = values.category ? CATEGORY_RULES[values.category as Category] : null;
  const professional = values.category === "professionals";
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
  const set = <K extends keyof ListingFormValues>(field: K, value: ListingFormValues[K]) =>
    change({ ...values, [field]: value });
  const text = (field: keyof ListingFormValues) => ({
    name: field,
    value: values[field] as string,
    onChange: (
      event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
    ) => set(field, event.currentTarget.value as never),
    error: err(field),
  });

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
    clearDraft(profile.id);
  }

  function discardDraft() {
    for (const item of uploads.items) uploads.remove(item.id);
    clearDraft(profile.id);
    setValues(initial);
    setClientErrors(null);
    setDraftState("none");
  }

  const options = {
    categories: categories.map((c) => ({ value: c, label: t(`publish.categoryOptions.${c}`) })),
    listingTypes: (rules?.listingTypes ?? []).map((v) => ({
      value: v,
      label: t(`values.listingType.${v}`),
    })),
    priceTypes: (rules?.priceTypes ?? []).map((v) => ({
      value: v,
      label: t(`publish.priceTypes.${v}`),
    })),
    countries: countries.map((c) => ({ value: c.code, label: c.name })),
    serviceCategories: SERVICE_CATEGORIES.map((v) => ({
      value: v,
      label: t(`values.serviceCategory.${v}`),
    })),
    propertyTypes: (rules?.propertyTypes ?? []).map((v) => ({
      value: v,
      label: t(`values.propertyType.${v}`),
    })),
    completion: COMPLETION_STATUSES.map((v) => ({
      value: v,
      label: t(`values.completionStatus.${v}`),
    })),
    roomTypes: ROOM_TYPES.map((v) => ({ value: v, label: t(`values.roomType.${v}`) })),
    genders: GENDER_PREFERENCES.map((v) => ({
      value: v,
      label: t(`values.genderPreference.${v}`),
    })),
    tours: TOUR_TYPES.map((v) => ({ value: v, label: t(`values.tourType.${v}`) })),
    amenities: AMENITIES.map((v) => ({ value: v, label: t(`values.amenity.${v}`) })),
    highlights: SERVICE_HIGHLIGHTS.map((v) => ({
      value: v,
      label: t(`values.serviceHighlight.${v}`),
    })),
  } satisfies Record<string, Option[]>;

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
  const detailsTitle =
    values.category === "hospitality"
      ? t("publish.sections.stayDetails")
      : values.category === "student-housing"
        ? t("publish.sections.studentDetails")
        : values.category === "travel-agencies"
          ? t("publish.sections.tourDetails")
          : t("publish.sections.details");
  const hasDetails =
    !!rules &&
    (rules.propertyTypes.length > 0 ||
      rules.rooms ||
      rules.area ||
      rules.completion ||
      rules.studentHousing ||
      rules.tours);
  const countryName = countries.find((c) => c.code === values.countryCode)?.name ?? "";
  const action = editing ? `/add-listing?edit=${editing.id}` : "/add-listing";

  return (
    <div className="mx-auto max-w-4xl px-4 pt-4 pb-10 sm:px-6 sm:pt-6">
      <BackButton fallback="/dashboard/my-listings" label={t("publish.goBack")} className="-ml-3" />
      <header className="mt-3 mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{heading}</h1>
        <p className="mt-2 max-w-2xl text-stone-600">{intro}</p>
        {!hydrated && (
          <p role="status" className="js-only mt-3 flex items-center gap-2 text-sm text-stone-500">
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-brand-700"
            />
            {t("publish.loadingProfile")}
          </p>
        )}
        <noscript>
          <style>{".js-only{display:none!important}"}</style>
        </noscript>
        {editing && (
          <p
            className={
              editing.status === "approved"
                ? "mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900"
                : editing.status === "rejected"
                  ? "mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900"
                  : "mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
            }
          >
            {t(`publish.status.${editing.status}`)}
            {editing.status === "rejected" && editing.rejectionReason && (
              <> {t("publish.status.rejectedReason", { reason: editing.rejectionReason })}</>
            )}
          </p>
        )}
        {draftState === "restored" && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-sun-50 px-4 py-2.5 text-sm text-stone-800 ring-1 ring-sun-200">
            <p>{t("publish.draft.restored")}</p>
            <button
              type="button"
              onClick={discardDraft}
              className="h-9 rounded-md px-3 font-semibold text-brand-800 hover:bg-white"
            >
              {t("publish.draft.discard")}
            </button>
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
        <FormSection
          title={professional ? t("publish.sections.service") : t("publish.sections.basics")}
          icon={<Tag aria-hidden className="size-5" />}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={professional ? t("publish.fields.serviceTitle") : t("publish.fields.title")}
              placeholder={
                professional
                  ? t("publish.fields.serviceTitlePlaceholder")
                  : t("publish.fields.titlePlaceholder")
              }
              required
              maxLength={TITLE_MAX}
              className="sm:col-span-2"
              {...text("title")}
            />
            {categories.length === 1 ? (
              <div>
                <p className="mb-1.5 block text-sm font-medium text-stone-800">
                  {t("publish.fields.category")}
                </p>
                <p className="flex h-11 items-center rounded-lg border border-stone-200 bg-stone-50 px-3 text-[15px] font-medium text-stone-800">
                  {professional
                    ? t("publish.fields.professionalCategory")
                    : t(`publish.categoryOptions.${categories[0]!}`)}
                </p>
                <input type="hidden" name="category" value={categories[0]} />
              </div>
            ) : (
              <SelectField
                label={t("publish.fields.category")}
                placeholder={t("publish.fields.categoryPlaceholder")}
                options={options.categories}
                required
                name="category"
                value={values.category}
                onChange={(event) => change(withCategory(values, event.currentTarget.value))}
                error={err("category")}
              />
            )}
            {professional ? (
              <>
                <SelectField
                  label={t("publish.fields.serviceCategory")}
                  placeholder={t("publish.fields.serviceCategoryPlaceholder")}
                  options={options.serviceCategories}
                  required
                  {...text("serviceCategory")}
                />
                <Field
                  label={t("publish.fields.specialty")}
                  placeholder={t("publish.fields.specialtyPlaceholder")}
                  hint={t("publish.fields.specialtyHint")}
                  maxLength={120}
                  className="sm:col-span-2"
                  {...text("specialty")}
                />
              </>
            ) : (
              rules && (
                <SelectField
                  label={t("publish.fields.listingType")}
                  options={options.listingTypes}
                  required
                  {...text("listingType")}
                />
              )
            )}
          </div>
        </FormSection>

        <FormSection
          title={t("publish.sections.priceLocation")}
          icon={<MapPin aria-hidden className="size-5" />}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("publish.fields.price")}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              required
              hint={t("publish.fields.priceHint")}
              {...text("price")}
            />
            {rules &&
              (professional ? (
                <SelectField
                  label={t("publish.fields.priceStructure")}
                  placeholder={t("publish.fields.priceStructurePlaceholder")}
                  options={options.priceTypes}
                  required
                  {...text("priceType")}
                />
              ) : (
                <SelectField
                  label={t("publish.fields.priceType")}
                  placeholder={
                    rules.priceTypeRequired ? undefined : t("publish.fields.priceTypeNone")
                  }
                  options={options.priceTypes}
                  {...text("priceType")}
                />
              ))}
            <SelectField
              label={t("publish.fields.country")}
              placeholder={t("publish.fields.countryPlaceholder")}
              options={options.countries}
              required
              autoComplete="country"
              {...text("countryCode")}
            />
            <Field
              label={t("publish.fields.city")}
              placeholder={t("publish.fields.cityPlaceholder")}
              required
              maxLength={120}
              autoComplete="address-level2"
              {...text("city")}
            />
            <Field
              label={t("publish.fields.address")}
              placeholder={t("publish.fields.addressPlaceholder")}
              required
              maxLength={200}
              autoComplete="street-address"
              className="sm:col-span-2"
              {...text("address")}
            />
          </div>
        </FormSection>

        {hasDetails && rules && (
          <FormSection title={detailsTitle} icon={<Building2 aria-hidden className="size-5" />}>
            <div className="grid gap-4 sm:grid-cols-2">
              {rules.propertyTypes.length > 0 && (
                <SelectField
                  label={t("publish.fields.propertyType")}
                  placeholder={t("publish.fields.propertyTypePlaceholder")}
                  options={options.propertyTypes}
                  {...text("propertyType")}
                />
              )}
              {rules.completion && (
                <SelectField
                  label={t("publish.fields.completionStatus")}
                  placeholder={t("publish.fields.completionPlaceholder")}
                  options={options.completion}
                  {...text("completionStatus")}
                />
              )}
              {rules.studentHousing && (
                <>
                  <SelectField
                    label={t("publish.fields.roomType")}
                    placeholder={t("publish.fields.roomTypePlaceholder")}
                    options={options.roomTypes}
                    {...text("roomType")}
                  />
                  <SelectField
                    label={t("publish.fields.genderPreference")}
                    placeholder={t("publish.fields.genderPlaceholder")}
                    options={options.genders}
                    {...text("genderPreference")}
                  />
                </>
              )}
              {rules.rooms && (
                <div className="grid grid-cols-2 gap-4 sm:col-span-2 sm:grid-cols-3">
                  <Field
                    label={t("publish.fields.bedrooms")}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={100}
                    {...text("bedrooms")}
                  />
                  <Field
                    label={t("publish.fields.bathrooms")}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={100}
                    {...text("bathrooms")}
                  />
                  {rules.area && (
                    <Field
                      label={t("publish.fields.area")}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      className="col-span-2 sm:col-span-1"
                      {...text("areaM2")}
                    />
                  )}
                </div>
              )}
              {rules.tours && (
                <CheckboxPills
                  legend={t("publish.fields.tourTypes")}
                  name="tourTypes"
                  values={values.tourTypes}
                  options={options.tours}
                  onChange={(next) => set("tourTypes", next)}
                  error={err("tourTypes")}
                  className="sm:col-span-2"
                />
              )}
            </div>
          </FormSection>
        )}

        <FormSection
          title={
            professional
              ? t("publish.sections.descriptionService")
              : t("publish.sections.description")
          }
          icon={<FileText aria-hidden className="size-5" />}
        >
          <TextAreaField
            label={t("publish.fields.description")}
            placeholder={
              professional
                ? t("publish.fields.descriptionServicePlaceholder")
                : t("publish.fields.descriptionPlaceholder")
            }
            required
            rows={7}
            maxLength={DESCRIPTION_MAX}
            hint={t("publish.fields.descriptionHint", {
              count: values.description.length,
              max: DESCRIPTION_MAX,
            })}
            {...text("description")}
          />
        </FormSection>

        {rules && (
          <FormSection
            title={
              rules.features === "highlights"
                ? t("publish.sections.highlights")
                : t("publish.sections.features")
            }
            icon={<Sparkles aria-hidden className="size-5" />}
          >
            {rules.features === "highlights" ? (
              <MultiSelect
                legend={t("publish.fields.highlights")}
                searchLabel={t("publish.fields.highlightsSearch")}
                name="serviceHighlights"
                options={options.highlights}
                values={values.serviceHighlights}
                onChange={(next) => set("serviceHighlights", next)}
                error={err("serviceHighlights")}
              />
            ) : (
              <MultiSelect
                legend={t("publish.fields.amenities")}
                searchLabel={t("publish.fields.amenitiesSearch")}
                name="amenities"
                options={options.amenities}
                values={values.amenities}
                onChange={(next) => set("amenities", next)}
                error={err("amenities")}
              />
            )}
          </FormSection>
        )}

        <FormSection
          title={t("publish.sections.media")}
          icon={<ImageIcon aria-hidden className="size-5" />}
        >
          <div className="space-y-5">
            {hydrated ? (
              <ImageUploader uploads={uploads} error={err("images")} />
            ) : (
              <PlainImageInput error={err("images")} />
            )}
            {doneImages.map((image) => (
              <input key={image.id} type="hidden" name="images" value={image.key} />
            ))}
            <Field
              label={t("publish.fields.videoUrl")}
              type="url"
              inputMode="url"
              placeholder={t("publish.fields.videoPlaceholder")}
              hint={t("publish.fields.videoHint")}
              maxLength={500}
              {...text("videoUrl")}
            />
          </div>
        </FormSection>

        <FormSection
          title={t("publish.sections.contact")}
          icon={<Phone aria-hidden className="size-5" />}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoicePills
              legend={t("publish.fields.contactMethod")}
              name="contactMethod"
              value={values.contactMethod || "email"}
              onChange={(value) => set("contactMethod", value)}
              error={err("contactMethod")}
              className="sm:col-span-2"
              options={[
                {
                  value: "email",
                  label: t("publish.fields.contactMethods.email"),
                  icon: <Mail aria-hidden className="size-4" />,
                },
                {
                  value: "phone",
                  label: t("publish.fields.contactMethods.phone"),
                  icon: <Phone aria-hidden className="size-4" />,
                },
                {
                  value: "whatsapp",
                  label: t("publish.fields.contactMethods.whatsapp"),
                  icon: <MessageCircle aria-hidden className="size-4" />,
                },
              ]}
            />
            <Field
              label={t("publish.fields.contactPhone")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              placeholder={t("publish.fields.contactPhonePlaceholder")}
              hint={
                profilePhone
                  ? t("publish.fields.contactPhoneHintProfile", { phone: profilePhone })
                  : t("publish.fields.contactPhoneHintNone")
              }
              {...text("contactPhone")}
            />
          </div>
        </FormSection>

        <div className="sticky bottom-0 z-20 -mx-4 flex gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:justify-end sm:rounded-2xl sm:border sm:px-6 sm:py-4">
          {hydrated && (
            <button type="button" onClick={() => setPreviewOpen(true)} className={secondaryButton}>
              <Eye aria-hidden className="size-4" />
              {t("publish.actions.preview")}
            </button>
          )}
          <SubmitButton
            pending={pending}
            label={editing ? t("publish.actions.update") : t("publish.actions.publish")}
            pendingLabel={editing ? t("publish.actions.updating") : t("publish.actions.publishing")}
            className="flex-1 sm:w-auto sm:flex-none"
          />
        </div>
      </Form>

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
                  },
                  categories[0] ?? "real-estate",
                )
              : null
          }
        />
      )}
    </div>
  );
}
