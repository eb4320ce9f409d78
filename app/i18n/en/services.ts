export const services = {
  meta: {
    title: "Our Services — {siteName}",
    description:
      "Property listings, accommodation booking, student housing, professionals, tour packages and an all-in-one travel concierge across Africa.",
  },
  hero: {
    eyebrow: "Our services",
    title: "Everything you need to live, stay and travel in Africa",
    lead: "Six services in one marketplace, with a badge for hosts whose identity our team checked and prices in your own currency.",
  },
  areas: {
    title: "What we offer",
    explore: "Explore {name}",
    items: {
      realEstate: {
        title: "Real Estate Listings",
        body: "Buy, rent or lease homes, land and commercial property from agents and owners, with a badge for those our team verified.",
        tags: { buy: "Buy", rent: "Rent", lease: "Lease" },
      },
      hospitality: {
        title: "Accommodation Booking",
        body: "Hotels, guesthouses, lodges and resorts — book instantly or send a request to book.",
        bodyDirect: "Hotels, guesthouses, lodges and resorts — contact the host directly to book.",
        tags: { hotels: "Hotels", guesthouses: "Guesthouses", resorts: "Resorts & lodges" },
      },
      studentHousing: {
        title: "Student Housing",
        body: "Affordable rooms near campus, with room types, gender preferences and roommate matching.",
        tags: { single: "Single rooms", shared: "Shared rooms", studios: "Studios" },
      },
      professionals: {
        title: "Professionals",
        body: "Hire architects, surveyors, lawyers, agents, designers and more for your project.",
        tags: { verified: "Verified badge", types: "8 specialities", quotes: "Direct contact" },
      },
      travel: {
        title: "Travel & Tour Packages",
        body: "Safaris, cultural tours, beach holidays and city breaks from trusted travel agencies.",
        tags: { safari: "Safaris", cultural: "Cultural tours", beach: "Beach breaks" },
      },
      concierge: {
        title: "All-in-One Concierge",
        body: "Your personal travel assistant: one request covers the whole trip.",
        tags: {
          flights: "Flights",
          pickup: "Airport pickup",
          transport: "Local transport",
          hotels: "Hotel bundles",
        },
      },
    },
  },
  professionals: {
    eyebrow: "Find professionals",
    title: "Eight kinds of professionals",
    lead: "Professionals earn the verified badge once our team has checked their identity documents, and the business badge once it has checked their credentials.",
    types: {
      architect: "Designs, permits and building consultancy for new builds and renovations.",
      surveyor: "Land surveys, boundary checks and independent property valuations.",
      lawyer: "Title searches, sale agreements, leases, visas and residence permits.",
      "real-estate-agent": "Local experts who help you buy, sell or rent with confidence.",
      "property-manager": "Tenant finding, rent collection and maintenance while you are away.",
      "concierge-tours": "Guides, drivers and fixers who make every trip run smoothly.",
      "interior-designer": "Furnishing, styling and space planning for homes, offices and rentals.",
      "painter-renovator":
        "Painting, repairs and renovations, from a single room to a whole house.",
    },
  },
  cta: {
    title: "Offer your services on Gateway Africa",
    body: "Agents, hosts, agencies and professionals list for free. Tell us about your business and we will help you get started.",
    partner: "Become a Partner",
    browse: "Browse Professionals",
  },
};
