/**
 * Identity and business verification by documents: the person's two steps, the administrator's
 * review queue and licence kinds, and the refusals.
 */
export const verification = {
  page: {
    title: "Verification",
    subtitle:
      "Verified people get the Verified badge on their listings and pages. Our team checks your documents by hand.",
    privacy:
      "Your documents are encrypted, seen only by our review team, and deleted 30 days after the decision.",
  },
  /** Keyed as STEP_STATES name them. */
  states: {
    "not-submitted": "Not submitted",
    pending: "Pending review",
    verified: "Verified until {date}",
    expired: "Expired on {date}",
    rejected: "Rejected: {reason}",
  },
  /** Keyed as IDENTITY_DOCUMENT_KINDS name them. */
  documentKinds: {
    passport: "Passport",
    "national-id": "National ID card",
    "drivers-licence": "Driver's licence",
  },
  /** Keyed as DOCUMENT_SLOTS name them. */
  slots: {
    front: "Front of the document",
    back: "Back of the document",
    selfie: "Selfie",
    business: "Business document",
  },
  /** Keyed as LICENCE_PROFESSIONS name them. */
  professions: {
    general: "Any business",
    "estate-agent": "Estate agents",
    "estate-surveyor": "Estate surveyors and valuers",
    architect: "Architects",
    "quantity-surveyor": "Quantity surveyors",
    lawyer: "Lawyers",
  },
  identity: {
    title: "Identity",
    intro:
      "A passport, national ID card or driver's licence, and a selfie so we can match your face to the photo.",
    documentKind: "Document",
    declaredName: "Full name as on the document",
    documentNumber: "Document number",
    country: "Issuing country",
    expiresOn: "Expiry date (if any)",
    front: "Front (photo page for a passport)",
    back: "Back (national ID and driver's licence)",
    selfie: "Selfie",
    fileHint: "JPEG, PNG or WebP, up to 8 MB.",
    submit: "Send identity documents",
    pendingNote: "We are checking your documents. You will get an e-mail with our decision.",
  },
  business: {
    title: "Business",
    intro:
      "Your registration or licence number and a document that shows it, for the Verified business badge.",
    licenceKind: "Licence or registration",
    number: "Registration or licence number",
    expiresOn: "Expiry date (if any)",
    document: "Document",
    fileHint: "PDF, JPEG, PNG or WebP, up to 8 MB.",
    submit: "Send business document",
    pendingNote: "We are checking your document. You will get an e-mail with our decision.",
  },
  toasts: {
    submitted: "Documents sent",
    submittedDescription: "Our team will check them and e-mail you the decision.",
    approved: "Approved",
    approvedDescription: "Submission #{id} is approved and the person was e-mailed.",
    rejected: "Rejected",
    rejectedDescription: "Submission #{id} is rejected and the person was e-mailed the reason.",
    licenceSaved: "Licence kind saved",
    licenceSavedDescription: "The business step offers the list as it is now.",
    actionRefused: "Nothing changed",
  },
  queue: {
    title: "Verification requests",
    subtitle:
      "Identity and business documents waiting for a decision, oldest first. Documents open in a new tab and are never cached.",
    empty: "No documents are waiting for review.",
    listLabel: "Pending verification requests",
    submittedAt: "Sent {date}",
    declared: "What they declared",
    declaredName: "Name",
    documentKind: "Document",
    documentNumber: "Number",
    country: "Country",
    documentExpiresOn: "Document expires",
    licenceKind: "Licence",
    noExpiry: "None declared",
    documents: "Documents",
    openDocument: "Open {slot}",
    expiresOn: "Verified until",
    approve: "Approve",
    reason: "Reason for the person",
    reject: "Reject",
    licences: "Licence kinds",
    licencesIntro:
      "Which licences the business step offers, per country and profession. Switch one off rather than deleting it: past requests still name it.",
    profession: "Profession",
    name: "Name",
    active: "Offered",
    save: "Save",
    add: "Add licence kind",
  },
  errors: {
    invalidCharacters: "This field contains characters that cannot be saved.",
    tooLong: "This is too long.",
    countryRequired: "Choose a country.",
    invalidDate: "Enter a date as YYYY-MM-DD.",
    documentKindRequired: "Choose the kind of document.",
    nameRequired: "Enter your full name as written on the document.",
    numberRequired: "Enter the number.",
    licenceKindRequired: "Choose a licence or registration.",
    reasonRequired: "Write a reason the person will read.",
    professionRequired: "Choose a profession.",
    licenceNameRequired: "Enter the licence's name.",
    invalidSubmission: "Check the form: something is missing.",
    invalidLicenceKind: "Check the licence kind.",
    licenceKindExists: "This country and profession already have a licence of that name.",
    missing: "Add this file.",
    fileTooLarge: "This file is larger than 8 MB.",
    invalidType: "This file is not a JPEG, PNG or WebP image (or a PDF for the business document).",
    alreadyPending:
      "You already sent documents for this step and we have not decided yet. You can send new ones after our decision.",
    alreadyDecided: "This request was already decided.",
    expiryPast: "The expiry must be after today.",
    expiryAfterDocument: "The approval cannot last past the document's own expiry ({date}).",
    submissionNotFound: "There is no such verification request.",
    documentNotFound: "There is no such document, or it was deleted.",
    licenceKindNotFound: "There is no such licence kind.",
  },
};
