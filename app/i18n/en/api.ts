/** Refusals every domain's API and services share; a domain's own refusals live in its catalogue. */
export const api = {
  errors: {
    unauthenticated: "Please sign in to continue.",
    forbidden: "You do not have the necessary permissions to do this.",
    badRequest: "The request could not be read.",
    notFound: "Nothing was found at this address.",
    noFile: "Please choose an image to upload.",
  },
};
