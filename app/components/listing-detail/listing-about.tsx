import { Icon } from "../ui/icon.tsx";
import { useT } from "../../i18n/use-t.ts";
import { isServiceSection } from "../../lib/listing-values.ts";
import type { ListingDetail } from "../../lib/schemas/listing-view.ts";

const cardClass = "rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6";

/** 'About this Property/Service': the key facts by category, then the description. */
export function ListingAbout({ listing }: { listing: ListingDetail }) {
  const t = useT();
  const isService = listing.listingType === "service" || isServiceSection(listing.category);
  const number = new Intl.NumberFormat("en");

  const rooms: { icon: React.ReactNode; label: string; value: string }[] = [];
  if (listing.bedrooms !== null) {
    rooms.push({
      icon: <Icon name="bed-double" className="size-5" />,
      label: t("detail.about.bedrooms"),
      value: String(listing.bedrooms),
    });
  }
  if (listing.bathrooms !== null) {
    rooms.push({
      icon: <Icon name="bath" className="size-5" />,
      label: t("detail.about.bathrooms"),
      value: String(listing.bathrooms),
    });
  }
  if (listing.areaM2 !== null) {
    rooms.push({
      icon: <Icon name="ruler" className="size-5" />,
      label: t("detail.about.area"),
      value: t("detail.about.areaValue", { area: number.format(listing.areaM2) }),
    });
  }

  const facts: { label: string; value: string }[] = [];
  if (listing.propertyType) {
    facts.push({
      label: t("detail.about.propertyType"),
      value: t(`values.propertyType.${listing.propertyType}`),
    });
  }
  if (listing.listingType !== "service") {
    facts.push({
      label: t("detail.about.listingType"),
      value: t(`values.listingType.${listing.listingType}`),
    });
  }
  if (listing.completionStatus) {
    facts.push({
      label: t("detail.about.completion"),
      value: t(`values.completionStatus.${listing.completionStatus}`),
    });
  }
  if (listing.roomType) {
    facts.push({
      label: t("detail.about.roomType"),
      value: t(`values.roomType.${listing.roomType}`),
    });
  }
  if (listing.genderPreference) {
    facts.push({
      label: t("detail.about.genderPreference"),
      value: t(`values.genderPreference.${listing.genderPreference}`),
    });
  }
  if (listing.serviceCategory) {
    facts.push({
      label: t("detail.about.serviceCategory"),
      value: t(`values.serviceCategory.${listing.serviceCategory}`),
    });
  }
  if (listing.specialty)
    facts.push({ label: t("detail.about.specialty"), value: listing.specialty });
  if (listing.tourTypes.length > 0) {
    facts.push({
      label: t("detail.about.tourTypes"),
      value: listing.tourTypes.map((tour) => t(`values.tourType.${tour}`)).join(", "),
    });
  }

  const paragraphs = listing.description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

  return (
    <section aria-labelledby="about-title" className={cardClass}>
      <h2 id="about-title" className="text-xl font-semibold text-ink">
        {isService ? t("detail.about.service") : t("detail.about.property")}
      </h2>
      {rooms.length > 0 && (
        <dl className="mt-4 grid grid-cols-3 gap-3">
          {rooms.map((room) => (
            <div key={room.label} className="rounded-xl bg-canvas px-3 py-3 text-center">
              <dt className="flex flex-col items-center gap-1 text-xs font-medium text-subtle">
                <span className="text-primary">{room.icon}</span>
                {room.label}
              </dt>
              <dd className="mt-0.5 text-lg font-bold text-ink">{room.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {facts.length > 0 && (
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map((fact) => (
            <div
              key={fact.label}
              className="flex justify-between gap-3 border-b border-line-soft py-1.5"
            >
              <dt className="text-subtle">{fact.label}</dt>
              <dd className="text-right font-medium text-ink">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-5 space-y-3 leading-relaxed text-secondary">
        {paragraphs.map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
      </div>
    </section>
  );
}

/** Amenities, or Service Highlights for a service listing. */
export function ListingFeatures({ listing }: { listing: ListingDetail }) {
  const t = useT();
  const isService = listing.listingType === "service";
  const items = isService
    ? listing.serviceHighlights.map((h) => t(`values.serviceHighlight.${h}`))
    : listing.amenities.map((a) => t(`values.amenity.${a}`));
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="features-title" className={cardClass}>
      <h2 id="features-title" className="text-xl font-semibold text-ink">
        {isService ? t("detail.serviceHighlights") : t("detail.amenities")}
      </h2>
      <ul className="mt-4 grid gap-x-6 gap-y-2.5 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2.5 text-secondary">
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-tint text-primary">
              <Icon name="check" className="size-3.5" />
            </span>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
