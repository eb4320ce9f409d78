export const categories = {
  "real-estate": {
    title: "Real Estate",
    description: "Buy, sell, or rent properties across Africa",
  },
  hospitality: {
    title: "Hotels & Stays",
    description: "Book hotels, resorts, and unique accommodations",
  },
  "student-housing": {
    title: "Student Housing",
    description: "Find roommates and affordable student accommodation",
  },
  professionals: {
    title: "Find Professionals",
    description: "Connect with Architects, Lawyers, Surveyors, etc.",
  },
  "travel-agencies": {
    title: "Travel Agencies",
    description: "Discover tour packages and travel services",
  },
  concierge: {
    title: "All-in-One Concierge",
    description: "Your personal travel assistant for Africa",
  },
  all: {
    title: "All Listings",
    description: "Explore all available properties and services",
  },
  propertiesAvailable: {
    one: "{count} property available",
    other: "{count} properties available",
  },
  servicesAvailable: { one: "{count} service available", other: "{count} services available" },
};
