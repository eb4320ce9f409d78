/** The e-mails' texts (sent in English until people choose a language). */
export const email = {
  brand: "Gateway Africa",
  signature: "— Gateway Africa",
  hello: "Hello {name},",
  helloNoName: "Hello,",
  listingFooter: "You receive this e-mail because you published this listing on Gateway Africa.",
  whatsappCallback: {
    subject: "WhatsApp call-back request for {title}",
    intro: "{name} asked you to call them back on WhatsApp about {title}.",
    number: "Their number: {phone}",
    action: "Chat on WhatsApp",
    dashboard: "The request is also in your Inquiries: {url}",
    greeting: "Hello {name}, this is about your call-back request for {title} on {siteName}.",
  },
  confirmation: {
    subject: "Confirm your Gateway Africa account",
    welcome:
      "Welcome to Gateway Africa! Please confirm your e-mail address to activate your account.",
    validity: "The link is valid for 24 hours.",
    action: "Confirm my e-mail",
    footer: "If you did not create an account, you can ignore this e-mail.",
  },
  reset: {
    subject: "Reset your Gateway Africa password",
    body: "We received a request to reset your password. The link is valid for one hour and works once.",
    action: "Choose a new password",
    footer: "If you did not ask for this, ignore this e-mail: your password stays the same.",
  },
  magicLink: {
    subject: "Your Gateway Africa administrator sign-in link",
    body: "Use this link to sign in to the Gateway Africa administration. It is valid for 5 minutes and works once.",
    action: "Sign in as administrator",
    footer: "If you did not ask for this link, ignore this e-mail.",
  },
  approved: {
    subject: "Your listing is live: {title}",
    body: 'Good news: your listing "{title}" has been approved and is now public on Gateway Africa.',
    next: "Visitors can find it in search and contact you the way you chose.",
    action: "View your listing",
  },
  rejected: {
    subject: "Your listing was not approved: {title}",
    body: 'Our team reviewed your listing "{title}" and could not approve it, so it is not public.',
    reason: "Reason: {reason}",
    noReason: "No reason was given.",
    next: "You can update the listing and it will be reviewed again.",
    action: "Update your listing",
  },
  reportedHidden: {
    subject: "Your listing is hidden while we review reports: {title}",
    body: 'Several people reported your listing "{title}", so it is hidden from the site until our team has reviewed it.',
    reasons: "What they reported: {reasons}.",
    next: "We will e-mail you our decision. If the reports are mistaken, the listing goes back on the site as it was; you do not need to do anything.",
    action: "See your listings",
  },
  reportedRestored: {
    subject: "Your listing is back on the site: {title}",
    body: 'Our team reviewed the reports about your listing "{title}" and found nothing wrong. It is public again.',
    action: "View your listing",
  },
  contactNotification: {
    subject: "Contact form ({reason}): {subject}",
    intro: "A new message (#{id}) came in through the contact form.",
    from: "From: {name} <{email}>",
    reason: "Reason: {reason}",
    subjectLine: "Subject: {subject}",
    account: "Sent while signed in as {email} ({role}).",
    accountNoRole: "Sent while signed in as {email} (account type not chosen yet).",
    visitor: "Sent by a visitor who was not signed in.",
    footer: "Reply to this e-mail to answer {name} directly.",
  },
  contactAcknowledgement: {
    subject: "We have received your message",
    body: "Thank you for contacting Gateway Africa. Your message (reference #{id}, {reason}) has reached our team, and we will reply to this address within one business day.",
    footer:
      "If you did not write to us, you can ignore this e-mail: someone may have typed your address by mistake.",
  },
  newListing: {
    subjectPending: "New listing to review: {title}",
    subjectApproved: "New listing published: {title}",
    body: 'A new listing, "{title}" ({category}), was submitted by {name} <{email}>.',
    pending: "It waits for review in the moderation queue.",
    approved: "Manual approval is turned off, so it is public already.",
    reviewAction: "Open the moderation queue",
    viewAction: "View the listing",
    footer:
      "You receive this e-mail because this address is the platform's notification e-mail (Dashboard → Settings).",
  },
  contactReply: {
    intro: "This is our answer to your message #{id} of {date}.",
    footer:
      "You receive this e-mail because a message was sent to us from this address through our contact form. To answer, reply to this e-mail.",
  },
};
