/**
 * Social media boost (a plan's `socialBoost`): the networks the site's team posts a boosted
 * listing on, and the texts made for each. Shared by the schema, the pages and the API.
 */

/** Where the team posts a boost; "posted on <network>" names one of these. */
export const BOOST_NETWORKS = [
  "facebook",
  "x",
  "instagram",
  "whatsapp",
  "linkedin",
  "tiktok",
] as const;
export type BoostNetwork = (typeof BOOST_NETWORKS)[number];

/** The ready-made post texts of a boost, one per kind of post. */
export const BOOST_TEXT_KINDS = ["facebook", "x", "caption"] as const;
export type BoostTextKind = (typeof BOOST_TEXT_KINDS)[number];
export type BoostTexts = Record<BoostTextKind, string>;

/** The share image's size: the Open Graph card every network shows unchanged. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** The longest post link kept (a network's post address is far shorter). */
export const MAX_POST_URL = 500;
