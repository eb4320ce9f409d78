export const about = {
  meta: {
    title: "About Us — {siteName}",
    description:
      "Gateway Africa unifies Africa's real estate, stays, professionals and travel in one trusted marketplace. Read our mission, vision and values.",
  },
  hero: {
    eyebrow: "About Gateway Africa",
    title: "One trusted gateway to property, stays and travel across Africa",
    lead: "We bring homes, hotels, student rooms, professionals and travel experts from every corner of the continent into one marketplace — built for the phone in your pocket.",
  },
  stats: {
    label: "Gateway Africa in numbers",
    listings: { label: "Listings by verified hosts" },
    users: { label: "Registered users" },
    countries: { label: "Countries" },
    views: { label: "Listing views" },
  },
  mission: {
    title: "Our mission",
    body: "To unify Africa's fragmented real estate and travel sectors, so that finding a home, a stay, a trusted professional or a journey takes one search instead of a dozen phone calls.",
  },
  vision: {
    title: "Our vision",
    body: "To be the leading digital gateway to Africa — the first place people turn to when they want to live, study, invest or travel anywhere on the continent.",
  },
  values: {
    title: "What we stand for",
    lead: "Six values guide every feature we build and every partner we welcome.",
    items: {
      community: {
        title: "Community Centric",
        body: "We build with and for the people who live, work and travel here.",
      },
      integrity: {
        title: "Integrity & Trust",
        body: "Identity checks you can see on every host, honest listings and clear prices — no surprises.",
      },
      innovation: {
        title: "Innovation Driven",
        body: "Modern, lightweight tools that work on any phone and any connection.",
      },
      empowerment: {
        title: "Local Empowerment",
        body: "We help local agents, hosts and professionals reach customers worldwide.",
      },
      passion: {
        title: "Passion for Africa",
        body: "We love this continent and want everyone to see the best of it.",
      },
      connectivity: {
        title: "Global Connectivity",
        body: "We connect the diaspora, investors and visitors with Africa, in their currency.",
      },
    },
  },
  group: {
    eyebrow: "Our family",
    title: "Part of Gateway Group",
    lead: "Gateway Africa is one of several companies of Gateway Group, each building digital infrastructure for a connected continent.",
    visit: "Visit {name}",
    opensInNewTab: "(opens in a new tab)",
    projects: {
      tech: {
        name: "Gateway Tech Services",
        tag: "Technology services",
        body: "Software engineering, cloud and IT consulting for African businesses and public institutions.",
      },
      pay: {
        name: "GatewayPay",
        tag: "Payments fintech",
        body: "Card and mobile-money payments, payouts and cross-border transfers for merchants across Africa.",
      },
      market: {
        name: "Gateway Market",
        tag: "E-commerce marketplace",
        body: "An online marketplace connecting African makers and retailers with buyers at home and abroad.",
      },
    },
  },
  cta: {
    title: "Ready to find your place in Africa?",
    body: "Browse properties, or talk to our team about listing yours.",
    browse: "Browse Properties",
    contact: "Contact Us",
  },
};
