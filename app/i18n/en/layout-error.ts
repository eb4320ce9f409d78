/**
 * The error page's texts (`layout.error`), apart so that the browser bundle can always hold them:
 * they must show even when the root's data, and the texts with it, could not be loaded.
 */
export const error = {
  title: "Something went wrong",
  description: "We could not load this page. Please try again in a moment.",
  retry: "Try again",
  notFoundTitle: "Page Not Found",
  notFound: "This page could not be found.",
  home: "Back to Home",
  unavailableTitle: "We'll be right back",
  unavailable: "We can't reach our database right now. Please try again in a moment.",
};
