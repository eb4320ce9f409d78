/**
 * Where review and reply forms post: the resource route that answers with a redirect back. In a
 * module of its own, so a page with only reply forms does not load the review form.
 */
export const REVIEWS_ACTION = "/reviews";
