/**
 * Verification (issue 28): the Profile → Verification page and its steps. The phone step's texts
 * and the page's own; each further step adds its section here.
 */
export const verification = {
  profileLink: {
    label: "Verification",
    description: "Confirm your phone number and see where your verification stands.",
  },
  metaTitle: "Verification — {siteName}",
  heading: "Verification",
  intro:
    "Each step you complete shows people that a real, reachable person is behind your account.",
  backToProfile: "Back to profile",
  states: {
    verified: "Verified",
    notVerified: "Not verified",
    codeSent: "Code sent",
    unavailable: "Unavailable",
  },
  email: {
    title: "E-mail",
    description: "Confirmed when you signed up, with the link we sent you.",
    verifiedAs: "{email} is confirmed.",
    notVerified: "{email} is not confirmed yet: open the link in the e-mail we sent you.",
  },
  phone: {
    title: "Phone",
    description: "We send a 6-digit code by text message to prove the number is yours.",
    verifiedAs: "{phone} is verified.",
    verifiedOn: "Verified on {date}.",
    changeHint:
      "If you change the phone number on your profile, you will need to verify the new one.",
    numberLabel: "Mobile number",
    numberHint: "Include the country code, for example +254 712 345 678.",
    numberHintCountry: "A local number is read as a number in the country you choose.",
    countryLabel: "Country of the number",
    countryInternational: "International format (+…)",
    send: "Send code",
    sending: "Sending…",
    sentTo: "We sent a code to {phone}. It expires at {time}.",
    attemptsLeft: "Attempts left: {count}.",
    codeLabel: "6-digit code",
    confirm: "Verify",
    confirming: "Checking…",
    resend: "Send a new code",
    useAnother: "Use another number",
    unavailable:
      "Text messages cannot be sent from this site right now, so the phone step is unavailable.",
  },
  toasts: {
    sent: "Code sent",
    sentDescription: "Enter the 6-digit code from the text message.",
    verified: "Phone verified",
    verifiedDescription: "Your phone number is verified and saved on your profile.",
    failed: "Not verified",
    notSent: "Code not sent",
  },
  errors: {
    phoneRequired: "Enter your mobile number.",
    phoneInvalid: "This is not a valid phone number. Check the digits and the country.",
    phoneInternational:
      "Enter the number with its country code (for example +254 712 345 678), or choose its country.",
    countryInvalid: "Choose a country from the list.",
    alreadyVerified: "This number is already verified.",
    codeRequired: "Enter the code from the text message.",
    codeFormat: "The code is the 6 digits from the text message.",
    codeWrong: "That code is not right. Attempts left: {left}.",
    codeExpired: "This code is no longer valid. Ask for a new one.",
    tooManyAttempts: "Too many wrong codes. Ask for a new one.",
    smsUnavailable: "Text messages cannot be sent from this site right now.",
    smsFailed: "The text message could not be sent. Please try again in a few minutes.",
  },
};
