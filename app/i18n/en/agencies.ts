/** Agencies' public pages (/agencies/<handle>, issue 27). */
export const agencies = {
  meta: {
    description:
      "Listings, team, reviews and contact of {name}, a real estate agency on Gateway Africa.",
  },
  notFound:
    "This agency page does not exist. The address may be mistyped, or the agency is no longer listed.",
  kind: "Agency",
  members: {
    title: "Our team",
    owner: "Owner",
    member: "Agent",
    since: "Since {date}",
  },
  contact: {
    owner: "Agency owner:",
  },
};
