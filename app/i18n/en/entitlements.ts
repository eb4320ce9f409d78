/** What premium plans grant (app/lib/entitlements.ts): the plan cards' bullets, refusals. */
export const entitlements = {
  /** A plan card's bullets, one per entitlement of the plan. */
  bullets: {
    listings: {
      upTo: { one: "Up to {count} listing", other: "Up to {count} listings" },
      unlimited: "Unlimited listings",
    },
    featuredAds: { one: "{count} featured ad", other: "{count} featured ads" },
    everythingIn: "Everything in {plan}",
    analytics: { basic: "Basic analytics", premium: "Premium analytics" },
    support: { basic: "Basic chat support", priority: "Priority chat" },
    reviewsDashboard: "Reviews dashboard",
    watermarkRemoval: "Watermark removal",
    agencyBadge: "Agency badge",
    whatsappLeads: "WhatsApp leads",
    videoListing: "Video listing support",
    leadDownload: "Lead download",
    socialBoost: {
      one: "Social media boost for {count} listing per period",
      other: "Social media boost for {count} listings per period",
    },
    team: {
      one: "Team access for {count} member",
      other: "Team access for {count} members",
    },
    propertyWebsite: "Property website",
    customBranding: "Custom branding",
  },
  /** A refusal of something the account's plan does not grant. */
  locked: {
    plan: "Your plan does not include {perk}. The {plan} plan unlocks it.",
    none: "Your plan does not include {perk}.",
    perks: {
      analytics: { basic: "basic analytics", premium: "premium analytics" },
      support: { basic: "chat support", priority: "priority chat" },
      reviewsDashboard: "the reviews dashboard",
      watermarkRemoval: "watermark removal",
      agencyBadge: "the agency badge",
      whatsappLeads: "WhatsApp leads",
      videoListing: "video listing support",
      leadDownload: "lead download",
      socialBoost: "social media boosts",
      team: "team access",
      propertyWebsite: "a property website",
      customBranding: "custom branding",
    },
  },
};
