import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import type { ListingDetail } from "../../lib/schemas/listing-view.ts";

/** The card data of a listing shown in full (what favourites and cards work with). */
export function detailSummary(listing: ListingDetail): ListingSummary {
  return {
    id: listing.id,
    title: listing.title,
    category: listing.category,
    listingType: listing.listingType,
    propertyType: listing.propertyType,
    serviceCategory: listing.serviceCategory,
    specialty: listing.specialty,
    priceUsdCents: listing.priceUsdCents,
    priceType: listing.priceType,
    city: listing.city,
    countryName: listing.countryName,
    featured: listing.featured,
    agentType: listing.agentType,
    amenities: listing.amenities,
    serviceHighlights: listing.serviceHighlights,
    tourTypes: listing.tourTypes,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    areaM2: listing.areaM2,
    roomType: listing.roomType,
    genderPreference: listing.genderPreference,
    rating: listing.rating,
    ratingCount: listing.ratingCount,
    cover: listing.images[0] ?? null,
  };
}
