/** Public agent pages (/agents/<handle>), the property website and custom branding (issue 27). */
export const agents = {
  meta: {
    title: "{name} on Gateway Africa",
    notFound: "Page not found",
    description: "Listings, reviews and contact of {name}, {kind} on Gateway Africa.",
  },
  notFound:
    "This page does not exist. The address may be mistyped, or the account is no longer listed.",
  kind: { agent: "Agent", professional: "Professional" },
  memberSince: "Member since {date}",
  memberOf: "Member of",
  languages: "Speaks {languages}",
  noLanguages: "Languages not given yet",
  verification: {
    title: "Verification",
    emailConfirmed: "E-mail address confirmed",
    emailUnconfirmed: "E-mail address not confirmed",
  },
  response: {
    title: "Responsiveness",
    rate: "Response rate: {rate}%",
    time: "Usually answers within {time}",
    unknown: "Not enough conversations yet to show a response rate",
    minutes: { one: "{count} minute", other: "{count} minutes" },
    hours: { one: "{count} hour", other: "{count} hours" },
    days: { one: "{count} day", other: "{count} days" },
  },
  about: "About",
  featured: "Featured listings",
  listings: {
    title: "Listings",
    count: { one: "{count} listing", other: "{count} listings" },
    empty: "No listings match these filters.",
    none: "No public listings yet.",
  },
  reviews: {
    title: "Reviews",
    average: {
      one: "{rating} out of 5 from {count} review",
      other: "{rating} out of 5 from {count} reviews",
    },
    none: "No reviews yet.",
  },
  contact: {
    title: "Contact",
    intro:
      "Ask about one of their listings: your conversation stays on the site, and their number or address is on each listing's contact card.",
    message: "Send a message about {title}",
  },
  errors: {
    handleInvalid:
      "Use 3 to 40 lowercase letters, digits and single hyphens (for example amara-homes).",
    handleLength: "Use 3 to 40 characters.",
    handleReserved: "This address is reserved by the site. Please choose another.",
    handleTaken: "This address is already taken. Please choose another.",
    aboutInvalid: "The text contains characters that cannot be saved.",
    aboutTooLong: "Please keep the about text to 4,000 characters.",
    featuredInvalid: "Choose featured listings among your published listings.",
    featuredTooMany: "Choose at most 6 featured listings.",
    colorInvalid: "Enter the colour as a hex code, for example #0b5e31.",
    colorContrast:
      "This colour is too light to read on white: text in it needs a contrast of at least 4.5:1 (WCAG AA). Please choose a darker shade.",
    languagesInvalid: "List languages by name, separated by commas (for example English, French).",
    languagesTooMany: "List at most 10 languages.",
  },
  settings: {
    title: "Public page",
    intro: "Your public page shows your listings, reviews and how to contact you.",
    address: "Your page's address",
    agencyNote:
      "Your property website and custom branding also dress your agency's page, {agency}, while your plan includes them.",
    agencyLink: "Open the agency page",
    open: "Open your public page",
    languagesLabel: "Languages you speak",
    languagesHelp: "Separate them with commas, for example English, French, Swahili.",
    save: "Save",
    saved: "Saved",
    savedDescription: "Your public page is updated.",
    website: {
      title: "Property website",
      intro:
        "Your own address, a cover, your story and your best listings on top, with no other host's listings on the page.",
      handle: "Address",
      handleHelp: "3 to 40 lowercase letters, digits and hyphens.",
      cover: "Cover image",
      coverHelp: "PNG, JPEG, GIF or WebP, up to 10MB. Leave empty to keep the current cover.",
      about: "About",
      featured: "Featured listings",
      featuredHelp: "Shown first on your page (at most 6).",
      noListings: "Publish a listing to feature it here.",
    },
    branding: {
      title: "Custom branding",
      intro: "Your logo and brand colour on your property website and your listings' contact card.",
      logo: "Logo",
      logoHelp: "PNG, JPEG, GIF or WebP, up to 2 MB. Leave empty to keep the current logo.",
      color: "Brand colour",
      colorHelp:
        "A hex code such as #0b5e31. It must be dark enough to read on white (WCAG AA, 4.5:1).",
      preview: "Preview",
    },
    locked: "See the plans",
  },
};
