/** Featured listings the home page shows before "Show All". */
export const FEATURED_PREVIEW = 8;
