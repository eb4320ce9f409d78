export const contact = {
  meta: {
    title: "Contact Us — {siteName}",
    description:
      "Questions about a listing, a booking or a partnership? Write to Gateway Africa, call our Accra office or visit us in Ridge, Accra.",
  },
  hero: {
    eyebrow: "Contact",
    title: "Get in touch",
    lead: "Questions about a listing, your account or a partnership? Our team in Accra answers within one business day.",
  },
  form: {
    title: "Send us a message",
    required: "Fields marked * are required.",
    name: "Full Name",
    namePlaceholder: "e.g. Ama Mensah",
    email: "Email Address",
    emailPlaceholder: "you@example.com",
    reason: "Reason for Contact",
    subject: "Subject",
    subjectPlaceholder: "How can we help?",
    message: "Your Message",
    messagePlaceholder: "Tell us a little more…",
    submit: "Send Message",
    submitting: "Sending...",
    privacy: "We only use your details to answer your message. See our {link}.",
    privacyLink: "Privacy Policy",
  },
  reasons: {
    general: "General Inquiry",
    support: "Technical Support",
    partnership: "Partnership & Business",
    listing: "Listing Question",
  },
  errors: {
    tooManyTitle: "Too many messages",
    tooMany:
      "You have sent several messages in a short time. Please wait a few minutes and try again.",
    name: "Please enter your full name.",
    nameTooLong: "Your name must be at most 120 characters.",
    email: "Please enter a valid e-mail address.",
    reason: "Please choose a reason for contacting us.",
    subject: "Please enter a subject.",
    subjectTooLong: "The subject must be at most 200 characters.",
    message: "Please write your message.",
    messageTooLong: "Your message must be at most 5,000 characters.",
    missingFields: "Please fill in all required fields.",
    missingFieldsTitle: "Missing Fields",
    invalid: "Please check this field.",
    invalidCharacters:
      "This field contains invisible control characters. Please retype it without them.",
  },
  sent: {
    title: "Message Sent!",
    description:
      "Thank you for contacting us. We'll get back to you within one business day. A confirmation is on its way to your inbox.",
    noAcknowledgement:
      "Thank you for contacting us. We'll get back to you within one business day. We could not send a confirmation to {email}: please check that the address is right.",
  },
  saved: {
    title: "Message Saved",
    description:
      "We have saved your message, but could not alert our team right away, so the answer may take longer. If it is urgent, please call {phone}.",
  },
  prefill: {
    planSubject: "Upgrade to the {plan} plan",
    planMessage:
      "I would like to upgrade my account to the {plan} plan ({price} for {months}). Please tell me how to pay.",
  },
  info: {
    title: "Contact information",
    email: "E-mail",
    phone: "Phone",
    office: "Main office",
    officeName: "Gateway Africa House",
    officeStreet: "Independence Avenue, Ridge",
    officeCity: "Accra, Ghana",
  },
  hours: {
    title: "Business hours",
    note: "All times in West Africa Time (WAT, UTC+1).",
    weekdays: "Monday – Friday",
    weekdaysTime: "8:00 – 18:00 WAT",
    saturday: "Saturday",
    saturdayTime: "9:00 – 14:00 WAT",
    sunday: "Sunday",
    closed: "Closed",
  },
  map: {
    title: "Find our office",
    label: "Map of the Gateway Africa office in Ridge, Accra",
    city: "Accra, Ghana",
    pin: "Gateway Africa",
    directions:
      "In Ridge, close to the Ridge roundabout and about 15 minutes by car from Kotoka International Airport. Visitors are welcome during business hours.",
    open: "Open in OpenStreetMap",
    load: "Load interactive map",
    loading: "Loading map…",
    attribution: "© OpenStreetMap contributors",
    streets: {
      independence: "Independence Ave",
      liberation: "Liberation Rd",
      ring: "Ring Rd Central",
      castle: "Castle Rd",
      gamel: "Gamel Abdul Nasser Ave",
    },
    places: {
      ridge: "RIDGE",
      airport: "AIRPORT RES. AREA",
      cantonments: "CANTONMENTS",
      park: "Park",
    },
  },
};
