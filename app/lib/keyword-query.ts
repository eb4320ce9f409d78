import { foldForSearch } from "./listing-search-text.ts";

/**
 * One thing a keyword search asks for; a listing must match every term of the search, in any
 * order. A term is a word ("nairobi"), a number ("2") or a number followed by a word ("2
 * bedroom": the number must come right before the word, so "2 bedroom" does not find a 4-bedroom
 * house with 2 bathrooms).
 */
export interface KeywordTerm {
  number?: string;
  word?: string;
}

/** More words than this are ignored: each costs an index lookup. */
export const MAX_TERMS = 10;
/** Shorter words are too short to be told from other words by their trigrams. */
export const MIN_FUZZY_LENGTH = 4;

const NUMBER = /^[0-9]+$/;

/**
 * The terms of a search: lower-cased, accent-folded words of letters and digits (punctuation
 * separates words, as it does in the indexed text), without repeats.
 */
export function keywordTerms(query: string): KeywordTerm[] {
  const tokens = foldForSearch(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: KeywordTerm[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length && terms.length < MAX_TERMS; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    let term: KeywordTerm;
    if (NUMBER.test(token)) {
      if (next !== undefined && !NUMBER.test(next)) {
        term = { number: token, word: next };
        i += 1;
      } else {
        term = { number: token };
      }
    } else {
      term = { word: token };
    }
    const key = `${term.number ?? ""} ${term.word ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return terms;
}

/**
 * The term as PostgreSQL tsquery text, with `words` in place of its word when given (the words a
 * typo was taken for: any of them will do). Words match as prefixes ("bedroom" finds "bedrooms",
 * "apart" finds "apartment"), except one-letter words, which would match nearly everything;
 * numbers match exactly. Words hold only letters and digits, so they cannot carry tsquery
 * operators.
 */
export function termTsquery(term: KeywordTerm, words?: readonly string[]): string {
  const choices = words ?? (term.word === undefined ? [] : [term.word]);
  const prefixes = choices.map((word) => ([...word].length > 1 ? `${word}:*` : word));
  const word = prefixes.length > 1 ? `(${prefixes.join(" | ")})` : (prefixes[0] ?? "");
  if (term.number === undefined) return word;
  return word === "" ? term.number : `${term.number} <-> ${word}`;
}

/** True for a word made of letters and digits only: safe to put in a tsquery. */
export function isPlainWord(word: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(word);
}

/** The word a typo correction may be looked for, or null (too short to tell, or no word). */
export function fuzzyWord(term: KeywordTerm): string | null {
  const word = term.word;
  return word !== undefined && [...word].length >= MIN_FUZZY_LENGTH ? word : null;
}
