import { Icon } from "../ui/icon.tsx";
import { useId } from "react";
import { Form, Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import {
  GENDER_PREFERENCES,
  ROOM_TYPES,
  SERVICE_CATEGORIES,
  TOUR_TYPES,
} from "../../lib/listing-values.ts";
import { defaultSort, filtersFor, type BrowseParams } from "../../lib/schemas/browse.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { isTypingField, type BrowseNavigation } from "../../hooks/use-browse-navigation.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { inputClass } from "../ui/input.tsx";

const ROOM_COUNTS = [1, 2, 3, 4, 5] as const;

/** The filters' controls: the site's inputs, a little lower to fit the side panel. */
export const fieldClass = cn(inputClass, "h-10 disabled:cursor-not-allowed disabled:text-faint");
const labelClass = "mb-1 block text-sm font-medium text-ink-soft";

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

function Choice({
  id,
  name,
  label,
  any,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  any: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""} className={fieldClass}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The section's filters as one GET form: it works before JavaScript loads (Apply Filters
 * submits it), and with JavaScript every change updates the URL at once (text after a pause).
 */
export function FilterPanel({
  params,
  includeCategory,
  countries,
  currencySymbol,
  resetHref,
  nav,
  showKeyword = true,
  onDone,
}: {
  params: BrowseParams;
  includeCategory: boolean;
  /** Country names; the value sent is the lower-cased name. */
  countries: string[];
  currencySymbol: string;
  resetHref: string;
  nav: BrowseNavigation;
  /** The drawer leaves the keyword to the page's own search box. */
  showKeyword?: boolean;
  onDone?: () => void;
}) {
  const t = useT();
  const showToast = useToast();
  const id = useId();
  const set = filtersFor(params.category);
  const location = params.location ?? "";
  const knownLocation = location === "" || countries.some((c) => c.toLowerCase() === location);

  const options = <T extends string>(values: readonly T[], label: (v: T) => MessageKey) =>
    values.map((value) => ({ value, label: t(label(value)) }));

  return (
    <Form
      method="get"
      key={nav.formKey}
      aria-label={t("browse.filters.title")}
      onChange={(event) =>
        nav.submitForm(event.currentTarget, { debounce: isTypingField(event.target) })
      }
      onSubmit={(event) => {
        event.preventDefault();
        nav.submitForm(event.currentTarget);
        onDone?.();
      }}
      className="space-y-3.5"
    >
      {includeCategory && params.category !== "all" && (
        <input type="hidden" name="category" value={params.category} />
      )}
      {params.sort !== defaultSort(params) && (
        <input type="hidden" name="sort" value={params.sort} />
      )}
      {showKeyword ? (
        <Field id={`${id}-q`} label={t("browse.filters.keyword")}>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={params.q ?? ""}
            placeholder={t("browse.filters.keywordPlaceholder")}
            maxLength={100}
            enterKeyHint="search"
            className={fieldClass}
          />
        </Field>
      ) : (
        params.q && <input type="hidden" name="q" value={params.q} />
      )}

      <Field id={`${id}-location`} label={t("browse.filters.location")}>
        <select
          id={`${id}-location`}
          name="location"
          defaultValue={location}
          className={fieldClass}
        >
          <option value="">{t("browse.filters.allAfrica")}</option>
          {!knownLocation && <option value={location}>{location}</option>}
          {countries.map((name) => (
            <option key={name} value={name.toLowerCase()}>
              {name}
            </option>
          ))}
        </select>
      </Field>

      {set.price && (
        <fieldset>
          <legend className={labelClass}>
            {t("browse.filters.priceRange", { symbol: currencySymbol })}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {(["minPrice", "maxPrice"] as const).map((name) => (
              <div key={name}>
                <label htmlFor={`${id}-${name}`} className="sr-only">
                  {t(name === "minPrice" ? "browse.filters.minPrice" : "browse.filters.maxPrice")}
                </label>
                <input
                  id={`${id}-${name}`}
                  type="number"
                  name={name}
                  inputMode="decimal"
                  min={0}
                  step="any"
                  defaultValue={params[name] ?? ""}
                  placeholder={t(name === "minPrice" ? "browse.filters.min" : "browse.filters.max")}
                  className={fieldClass}
                />
              </div>
            ))}
          </div>
        </fieldset>
      )}

      {set.propertyTypes.length > 0 && (
        <Choice
          id={`${id}-propertyType`}
          name="propertyType"
          label={t("browse.filters.propertyType")}
          any={t("browse.filters.allTypes")}
          value={params.propertyType}
          options={options(set.propertyTypes, (v) => `values.propertyType.${v}`)}
        />
      )}

      {set.listingTypes.length > 0 && (
        <Choice
          id={`${id}-listingType`}
          name="listingType"
          label={t("browse.filters.listingType")}
          any={t("browse.filters.any")}
          value={params.listingType}
          options={options(set.listingTypes, (v) => `values.listingType.${v}`)}
        />
      )}

      {set.completion && (
        <Choice
          id={`${id}-completion`}
          name="completion"
          label={t("browse.filters.completion")}
          any={t("browse.filters.completionAll")}
          value={params.completion}
          options={options(["ready", "off-plan"] as const, (v) => `values.completionStatus.${v}`)}
        />
      )}

      {set.rooms && (
        <div className="grid grid-cols-2 gap-2">
          <Choice
            id={`${id}-bedrooms`}
            name="bedrooms"
            label={t("browse.filters.bedrooms")}
            any={t("browse.filters.any")}
            value={params.bedrooms?.toString()}
            options={ROOM_COUNTS.map((n) => ({
              value: String(n),
              label: t("browse.filters.beds", { count: n }),
            }))}
          />
          <Choice
            id={`${id}-bathrooms`}
            name="bathrooms"
            label={t("browse.filters.bathrooms")}
            any={t("browse.filters.any")}
            value={params.bathrooms?.toString()}
            options={ROOM_COUNTS.map((n) => ({
              value: String(n),
              label: t("browse.filters.baths", { count: n }),
            }))}
          />
        </div>
      )}

      {set.serviceCategory && (
        <Choice
          id={`${id}-serviceCategory`}
          name="serviceCategory"
          label={t("browse.filters.serviceCategory")}
          any={t("browse.filters.allServiceCategories")}
          value={params.serviceCategory}
          options={options(SERVICE_CATEGORIES, (v) => `values.serviceCategory.${v}`)}
        />
      )}

      {set.tourType && (
        <Choice
          id={`${id}-tourType`}
          name="tourType"
          label={t("browse.filters.tourType")}
          any={t("browse.filters.allTourTypes")}
          value={params.tourType}
          options={options(TOUR_TYPES, (v) => `values.tourType.${v}`)}
        />
      )}

      {set.roomType && (
        <Choice
          id={`${id}-roomType`}
          name="roomType"
          label={t("browse.filters.roomType")}
          any={t("browse.filters.allRoomTypes")}
          value={params.roomType}
          options={options(ROOM_TYPES, (v) => `values.roomType.${v}`)}
        />
      )}

      {set.genderPreference && (
        <Choice
          id={`${id}-genderPreference`}
          name="genderPreference"
          label={t("browse.filters.genderPreference")}
          any={t("browse.filters.any")}
          value={params.genderPreference}
          options={options(GENDER_PREFERENCES, (v) => `values.genderPreference.${v}`)}
        />
      )}

      {set.availability && (
        <fieldset className="grid gap-3">
          <legend className="mb-1.5 text-sm font-medium text-ink-soft">
            {t("browse.filters.availability")}
          </legend>
          <Field id={`${id}-checkIn`} label={t(`bookings.units.${set.availability}.start`)}>
            <input
              id={`${id}-checkIn`}
              name="checkIn"
              type="date"
              defaultValue={params.checkIn}
              className={fieldClass}
            />
          </Field>
          <Field id={`${id}-checkOut`} label={t(`bookings.units.${set.availability}.end`)}>
            <input
              id={`${id}-checkOut`}
              name="checkOut"
              type="date"
              defaultValue={params.checkOut}
              className={fieldClass}
            />
          </Field>
          <Field id={`${id}-guests`} label={t(`bookings.units.${set.availability}.people`)}>
            <input
              id={`${id}-guests`}
              name="guests"
              type="number"
              inputMode="numeric"
              min={1}
              max={50}
              defaultValue={params.guests}
              className={fieldClass}
            />
          </Field>
          <p className="text-xs text-subtle">{t("browse.filters.availabilityNote")}</p>
        </fieldset>
      )}

      <div className="flex items-start gap-2">
        <input
          id={`${id}-verified`}
          type="checkbox"
          name="verified"
          value="1"
          defaultChecked={params.verified === true}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <label htmlFor={`${id}-verified`} className="text-sm font-medium text-ink-soft">
          {t("browse.filters.verifiedHosts")}
          <span className="block text-xs font-normal text-subtle">
            {t("browse.filters.verifiedHostsNote")}
          </span>
        </label>
      </div>

      <div className="flex flex-col gap-2 border-t border-line-soft pt-4">
        <button type="submit" className={buttonVariants({ variant: "primary", size: "md" })}>
          <Icon name="sliders-horizontal" className="size-4" />
          {t("browse.filters.apply")}
        </button>
        <Link
          to={resetHref}
          preventScrollReset
          onClick={() => {
            showToast({
              title: "browse.filters.resetTitle",
              description: "browse.filters.resetDescription",
            });
            onDone?.();
          }}
          className={buttonVariants({ variant: "outline", size: "md" })}
        >
          <Icon name="rotate-ccw" className="size-4" />
          {t("browse.filters.reset")}
        </Link>
      </div>
    </Form>
  );
}
