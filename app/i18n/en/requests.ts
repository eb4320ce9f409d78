/** Refusals of a request as such, before a page or an endpoint looks at what it says. */
export const requests = {
  notJson: "The request body must be JSON, sent with Content-Type: application/json.",
  invalidJson: "The request body is not valid JSON.",
  tooLarge: "The request body is too large.",
  databaseUnavailable: "We can't reach our database right now. Please try again in a moment.",
  busy: "Many people are changing the same thing at this moment. Please try again in a few seconds.",
  unreadableForm: "We could not read the form that was sent. Please go back and try again.",
  formTooLarge: "The form that was sent is too large. Please go back and send smaller files.",
  crossOriginTitle: "Request refused",
  crossOrigin:
    "This request came from another website and was refused. If you meant to do this, please go to Gateway Africa and try again there.",
};
