/**
 * What a person is told when an abuse limit refuses a write (app/auth/rate-limit.server.ts). The
 * API adds Retry-After in seconds; the words say roughly how long, and that nothing was saved.
 */
export const limits = {
  notSaved: "Not saved",
  waitTitle: "Please wait a while",
  whatsappCallbacks:
    "There have been a lot of call-back requests in the last hour. Please wait a while and try again.",
  phoneCodes:
    "You have asked for a lot of verification codes in the last hour. Please wait a while before asking for another.",
  phoneCodesNumber:
    "A lot of codes have been sent to this number in the last hour. Please wait a while before asking for another.",
  phoneCodeCooldown:
    "A code was sent less than a minute ago. Please wait a minute before asking for another.",
  phoneConfirms:
    "You have entered a lot of codes in the last hour. Please wait a while and try again.",
  messages:
    "You have sent a lot of messages in a short time. Please wait a few minutes before sending more.",
  messageImages:
    "You have sent a lot of images in the last hour. Please wait a while before sending more.",
  reports:
    "You have sent a lot of reports in the last hour. Please wait a while before reporting more.",
  verificationSubmissions:
    "You have sent a lot of verification documents today. Please wait until tomorrow and try again.",
  blocks:
    "You have blocked and unblocked a lot of people in the last hour. Please wait a while and try again.",
  quoteRequests:
    "You have asked for a lot of quotes in the last hour. Please wait a while before asking for more.",
  quotes:
    "You have sent a lot of quotes in the last hour. Please wait a while before sending more.",
  quoteChanges:
    "You have changed a lot of quotes and jobs in the last hour. Please wait a while and try again.",
  bookings:
    "You have made a lot of booking attempts in the last hour. Please wait a while before booking again.",
  bookingChanges:
    "You have changed a lot of bookings in the last hour. Please wait a while and try again.",
  suspensions:
    "You have suspended or lifted a lot of accounts in the last hour. Please wait a while and try again.",
  checkouts:
    "You have started a lot of payments in the last hour. Please wait a while before starting another.",
  boosts:
    "You have asked for a lot of boosts in the last hour. Please wait a while before asking again.",
  reviews:
    "You have written a lot of reviews and replies in the last hour. Please wait a while before writing more.",
  teamInvites:
    "You have sent a lot of team invitations today. Please wait until tomorrow before inviting more.",
  teamChanges:
    "You have changed your team a lot in the last hour. Please wait a while and try again.",
  favorites:
    "You have saved and removed a lot of listings in the last hour. Please wait a while and try again.",
  listingEdits:
    "You have made a lot of changes to your listings in the last hour. Please wait a while and try again.",
  signalDismissals:
    "You have dismissed a lot of scam signals in the last hour. Please wait a while and try again.",
  calendarFeeds:
    "You have added a lot of calendars in the last hour. Please wait a while before adding more.",
  accountSettings:
    "You have changed your settings a lot in the last hour. Please wait a while and try again.",
  publicPage:
    "You have changed your public page a lot in the last hour. Please wait a while and try again.",
  contactReveals:
    "A lot of contact details have been shown to this connection in the last hour. Please wait a while and try again.",
  leads:
    "A lot of clicks have been recorded from this connection in the last hour. Please wait a while and try again.",
  leadDownloads:
    "You have downloaded your leads a lot in the last hour. Please wait a while and try again.",
};
