import { values } from "../i18n/en/values.ts";
import type {
  Category,
  CompletionStatus,
  ListingType,
  PropertyType,
  RoomType,
  ServiceCategory,
  ServiceHighlight,
} from "./listing-values.ts";

/**
 * Accented Latin letters and the plain letter each one folds to, one for one (SQL `translate`
 * takes the same two strings): "Gorée", "Côte d'Ivoire" and "Mahé" are found when typed without
 * accents, as people on a phone keyboard usually do. The database folds titles with these too
 * (app/db/schema/listings.ts), and migration 0003 folded the stored texts with them.
 */
export const FOLD_FROM =
  "àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž";
export const FOLD_TO =
  "aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz";

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i] ?? c]));

/** Lower-cased text with the accents of FOLD_FROM removed. */
export function foldForSearch(text: string): string {
  return [...text.toLowerCase()].map((c) => FOLD.get(c) ?? c).join("");
}

export interface ListingSearchFields {
  title: string;
  city: string;
  countryName: string;
  description: string;
  specialty?: string | null;
  serviceCategory?: ServiceCategory | null;
  serviceHighlights?: readonly ServiceHighlight[] | null;
  category: Category;
  listingType: ListingType;
  propertyType?: PropertyType | null;
  completionStatus?: CompletionStatus | null;
  roomType?: RoomType | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
}

/**
 * The section in words: its name ("student housing") and, where it says more, its badge
 * ("hotels & stays" for hospitality).
 */
export function categoryWords(category: Category): string {
  const name = category.replaceAll("-", " ");
  const badge = values.categoryBadge[category].toLowerCase();
  return badge === name ? name : `${name} ${badge}`;
}

/**
 * What a listing is, in words people search with: its section, deal, property type, completion,
 * room type and "2 bedrooms" / "1 bathrooms" (a number followed by the word, so that the search
 * "2 bedroom" finds it). Always the last part of the text, so that migration 0003 could append it
 * to the texts stored before; keep the two in step if this changes.
 */
function attributeWords(fields: ListingSearchFields): string[] {
  const words = [categoryWords(fields.category), fields.listingType];
  if (fields.propertyType) words.push(fields.propertyType);
  if (fields.completionStatus) words.push(fields.completionStatus.replaceAll("-", " "));
  if (fields.roomType) words.push(fields.roomType.replaceAll("-", " "));
  if (fields.bedrooms != null) words.push(`${fields.bedrooms} bedrooms`);
  if (fields.bathrooms != null) words.push(`${fields.bathrooms} bathrooms`);
  return words;
}

/**
 * The text the keyword search reads (the database indexes it for full-text search and for
 * typo-tolerant trigram matching): title, place, description, specialty, service category,
 * highlights and what the listing is, lower-cased and folded. Slug-style values (service
 * category, highlights) appear both as stored and with spaces, so "free consultation" and
 * "free-consultation" both find a listing.
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
  parts.push(...attributeWords(fields));
  return foldForSearch(
    parts
      .map((part) => part.replace(/\s+/g, " ").trim())
      .filter((part) => part !== "")
      .join(" "),
  );
}
