import { redirect } from "react-router";
import { parseBrowseParams, toQueryString } from "../../lib/schemas/browse.ts";
import { findCurrency, listCountries } from "../reference/reference.server.ts";
import { readCurrencyCode } from "../session/preferences.server.ts";

/**
 * What a public page's loader reads for its listings (an agent's, an agency's): the browse
 * parameters, the display currency and the countries of the filters. A GET form without
 * JavaScript sends its empty fields too; the clean URL is the one to share, so it redirects there.
 */
export async function readPageBrowse(request: Request, url: URL) {
  if ([...url.searchParams.values()].some((v) => v.trim() === "")) {
    const clean = new URLSearchParams([...url.searchParams].filter(([, v]) => v.trim() !== ""));
    throw redirect(`${url.pathname}${toQueryString(clean)}`);
  }
  const [currency, countries] = await Promise.all([
    readCurrencyCode(request).then(findCurrency),
    listCountries(),
  ]);
  return {
    params: parseBrowseParams(url.searchParams),
    currency,
    countries: countries.map((c) => c.name),
  };
}
