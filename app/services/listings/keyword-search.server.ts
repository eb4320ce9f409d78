import { ilike, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "../../db/client.server.ts";
import { listings, searchWords } from "../../db/schema/index.ts";
import {
  fuzzyWord,
  isPlainWord,
  keywordTerms,
  termTsquery,
  type KeywordTerm,
} from "../../lib/keyword-query.ts";
import { foldForSearch } from "../../lib/listing-search-text.ts";

/**
 * The keyword search of the browse pages, the hero search and GET /api/v1/listings: a listing
 * matches when it contains every word of the search, in any order, anywhere in its title,
 * description, place, section, property type or highlights (listings.search_vector, a GIN-indexed
 * full-text column).
 *
 * A word that no listing contains is taken for a typo: the most similar words of the index
 * (search_words, by trigram similarity over its own GIN index) are searched for instead, so
 * "nairobbi" finds Nairobi and "apartmnt" apartments. Comparing against single words rather than
 * whole listing texts keeps this an index lookup among short strings, and the search itself stays
 * one full-text query. Words that do exist are never replaced: "land" must not find "island".
 */
export interface KeywordSearch {
  where: SQL;
  /**
   * Higher for better matches: title words weigh more than the city, the city more than the
   * rest. Absent for a substring search, where every match is as good as another.
   */
  rank?: SQL;
}

/** How alike (pg_trgm similarity, 0 to 1) a word must be to a typo to be searched instead. */
export const MIN_TYPO_SIMILARITY = 0.5;
/** The most words a typo is taken for. */
const MAX_CORRECTIONS = 3;

/** `%`, `_` and `\` match themselves in a LIKE pattern once escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const tsquery = (text: string) => sql`to_tsquery('simple'::regconfig, ${text})`;
const matches = (text: string) => sql`${listings.searchVector} @@ ${tsquery(text)}`;

/**
 * The words most like `word` (best first), or null when the index holds a word starting with it:
 * a word some listing contains is no typo. Both lookups are served by search_words' indexes
 * (prefix and trigram), so they stay fast however many listings there are.
 */
async function correctionsOf(word: string): Promise<string[] | null> {
  const db = await getDb();
  const similarity = sql`similarity(${searchWords.word}, ${word})`;
  // Words hold only letters and digits: nothing in them is a LIKE wildcard.
  const [row] = await queryRows<{ similar: string[] | null }>(
    db,
    sql`select case when exists (select 1 from ${searchWords} where ${searchWords.word} like ${`${word}%`})
      then null
      else array(
        select ${searchWords.word} from ${searchWords}
        where ${searchWords.word} % ${word} and ${similarity} >= ${MIN_TYPO_SIMILARITY}
        order by ${similarity} desc, ${searchWords.word}
        limit ${MAX_CORRECTIONS * 2}
      ) end as similar`,
  );
  if (!row?.similar) return null;
  // Indexed words can hold punctuation ("24/7"); only plain ones go into a tsquery.
  return row.similar.filter(isPlainWord).slice(0, MAX_CORRECTIONS);
}

/**
 * The WHERE condition and rank of a search. A search without a single letter or digit ("%",
 * "&") keeps the plain substring match, so it still means something.
 */
export async function keywordSearch(query: string): Promise<KeywordSearch> {
  const terms = keywordTerms(query);
  if (terms.length === 0) {
    return { where: ilike(listings.searchText, `%${escapeLike(foldForSearch(query))}%`) };
  }
  const corrected = new Map<KeywordTerm, string[]>();
  await Promise.all(
    terms.map(async (term) => {
      const word = fuzzyWord(term);
      const words = word === null ? null : await correctionsOf(word);
      // No similar word: the typo stays, and finds nothing, as a word found nowhere should.
      if (words && words.length > 0) corrected.set(term, words);
    }),
  );
  const parts = terms.map((term) => `(${termTsquery(term, corrected.get(term))})`);
  return {
    // All terms in one tsquery: a single scan of the GIN index.
    where: matches(parts.join(" & ")),
    // Any term counts for the rank; the weights are those of D (the rest), C, B (city), A (title).
    rank: sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${listings.searchVector}, ${tsquery(parts.join(" | "))})`,
  };
}
