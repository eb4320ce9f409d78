import { values } from "../i18n/en/values.ts";
import type { ServiceCategory, ServiceHighlight } from "./listing-values.ts";

export interface ListingSearchFields {
  title: string;
  city: string;
  countryName: string;
  description: string;
  specialty?: string | null;
  serviceCategory?: ServiceCategory | null;
  serviceHighlights?: readonly ServiceHighlight[] | null;
}

/**
 * The text the keyword filter matches a lower-cased query against as a substring. Fields are
 * joined with a space so that "lagos nigeria" (city then country) also matches. Slug-style
 * values (service category, highlights) appear both as stored and with spaces, so "free
 * consultation" and "free-consultation" both find a listing.
 */
export function listingSearchText(fields: ListingSearchFields): string {
  const parts: string[] = [fields.title, fields.city, fields.countryName, fields.description];
  if (fields.specialty) parts.push(fields.specialty);
  if (fields.serviceCategory) {
    // English labels: the catalogue's source language is what people search listings in.
    parts.push(values.serviceCategory[fields.serviceCategory], fields.serviceCategory);
  }
  for (const highlight of fields.serviceHighlights ?? []) {
    parts.push(values.serviceHighlight[highlight], highlight, highlight.replaceAll("-", " "));
  }
  return parts
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((part) => part !== "")
    .join(" ")
    .toLowerCase();
}
