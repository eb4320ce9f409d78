import { summarize } from "../listing-detail/structured-data.ts";

/**
 * schema.org for a public page (an agent's, a professional's, an agency's): who, where, their
 * picture, logo, about text and the reviews' average; `extra` adds the page's own properties.
 */
export function pageJsonLd(input: {
  type: "RealEstateAgent" | "LocalBusiness";
  appUrl: string;
  path: string;
  name: string;
  image: string;
  logoUrl: string | null | undefined;
  about: string | null | undefined;
  rating: string | null;
  ratingCount: number;
  extra?: Record<string, unknown>;
}): Record<string, unknown> {
  const url = `${input.appUrl}${input.path}`;
  const absolute = (path: string) => (path.startsWith("/") ? `${input.appUrl}${path}` : path);
  return {
    "@context": "https://schema.org",
    "@type": input.type,
    "@id": url,
    name: input.name,
    url,
    image: absolute(input.image),
    ...(input.logoUrl ? { logo: absolute(input.logoUrl) } : {}),
    ...(input.about ? { description: summarize(input.about, 300) } : {}),
    ...input.extra,
    ...(input.rating !== null && input.ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: input.rating,
            reviewCount: input.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
