import { isServiceSection } from "../../lib/listing-values.ts";
import type { ListingDetail } from "../../lib/schemas/listing-view.ts";

/** "A sentence or two" for meta descriptions: whole words, at most `max` characters. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const end = cut.lastIndexOf(" ");
  return `${(end > max / 2 ? cut.slice(0, end) : cut).replace(/[,.;:–-]+$/, "")}…`;
}

export function listingImageUrls(listing: ListingDetail, appUrl: string): string[] {
  return listing.images.map((image) => `${appUrl}/media/${image.storageKey}-gallery.webp`);
}

/**
 * schema.org data for a listing: a Service (professionals, travel, concierge services) or a
 * Product with an Offer (property, stays, student rooms, tour packages). Prices are in US
 * dollars, the currency they are stored in.
 */
export function listingJsonLd(listing: ListingDetail, appUrl: string): Record<string, unknown> {
  const url = `${appUrl}/listing/${listing.id}`;
  const images = listingImageUrls(listing, appUrl);
  const address = {
    "@type": "PostalAddress",
    streetAddress: listing.address,
    addressLocality: listing.city,
    addressCountry: listing.countryName,
  };
  const offer =
    listing.priceUsdCents === null
      ? undefined
      : {
          "@type": "Offer",
          url,
          price: (listing.priceUsdCents / 100).toFixed(2),
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
          ...(listing.listingType === "rent" || listing.listingType === "lease"
            ? { businessFunction: "http://purl.org/goodrelations/v1#LeaseOut" }
            : {}),
        };
  const rating =
    listing.rating !== null && listing.ratingCount > 0
      ? {
          "@type": "AggregateRating",
          ratingValue: listing.rating,
          bestRating: "5",
          ratingCount: listing.ratingCount,
        }
      : undefined;

  const isService =
    listing.listingType === "service" ||
    (isServiceSection(listing.category) && listing.category !== "travel-agencies");
  const common = {
    "@context": "https://schema.org",
    "@id": url,
    name: listing.title,
    description: summarize(listing.description, 500),
    url,
    ...(images.length > 0 ? { image: images } : {}),
    ...(offer ? { offers: offer } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
  };
  if (isService) {
    return {
      ...common,
      "@type": "Service",
      serviceType: listing.specialty ?? listing.serviceCategory ?? listing.category,
      provider: { "@type": "Person", name: listing.agent.name },
      areaServed: { "@type": "Place", name: `${listing.city}, ${listing.countryName}`, address },
    };
  }
  return {
    ...common,
    "@type": "Product",
    category: listing.category,
    ...(listing.propertyType ? { additionalType: listing.propertyType } : {}),
    brand: { "@type": "Brand", name: listing.agent.name },
  };
}
