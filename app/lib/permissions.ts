import type { MessageKey } from "../i18n/translate.ts";
import type { Role } from "./roles.ts";

/** The dashboard's sub-routes (the spec's §2 Dashboard section). */
export const DASHBOARD_TABS = [
  "overview",
  "my-listings",
  "bookings",
  "analytics",
  "premium-plans",
  "moderation",
  "manage-listings",
  "user-management",
  "platform-settings",
  "currency-settings",
  "profile",
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const EVERYONE: readonly Role[] = ["user", "agent", "professional", "admin"];
const PUBLISHERS_AND_ADMIN: readonly Role[] = ["agent", "professional", "admin"];
const ADMIN: readonly Role[] = ["admin"];

/** Who may open each tab: decided on the server before any of its data is read. */
export const TAB_ACCESS: Record<DashboardTab, readonly Role[]> = {
  overview: EVERYONE,
  "my-listings": EVERYONE,
  bookings: EVERYONE,
  profile: EVERYONE,
  analytics: PUBLISHERS_AND_ADMIN,
  "premium-plans": PUBLISHERS_AND_ADMIN,
  moderation: ADMIN,
  "manage-listings": ADMIN,
  "user-management": ADMIN,
  "platform-settings": ADMIN,
  "currency-settings": ADMIN,
};

export function isDashboardTab(value: string): value is DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value);
}

/** A role the dashboard does not know is treated as a regular user's. */
export function dashboardRole(role: Role | null | undefined): Role {
  return role && (EVERYONE as readonly string[]).includes(role) ? role : "user";
}

export function canOpenTab(role: Role | null | undefined, tab: DashboardTab): boolean {
  return TAB_ACCESS[tab].includes(dashboardRole(role));
}

/** The pages outside the dashboard that need a role: /add-listing. */
export const ADD_LISTING_ROLES: readonly Role[] = PUBLISHERS_AND_ADMIN;

/** The tab bar per role, in the spec's order; labels are i18n keys. */
export const TAB_BAR: Record<Role, { tab: DashboardTab; label: MessageKey }[]> = {
  user: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "my-listings", label: "dashboard.tabs.myFavorites" },
    { tab: "bookings", label: "dashboard.tabs.bookings" },
    { tab: "profile", label: "dashboard.tabs.profile" },
  ],
  agent: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "my-listings", label: "dashboard.tabs.myListings" },
    { tab: "bookings", label: "dashboard.tabs.inquiries" },
    { tab: "analytics", label: "dashboard.tabs.analytics" },
    { tab: "premium-plans", label: "dashboard.tabs.premium" },
    { tab: "profile", label: "dashboard.tabs.profile" },
  ],
  professional: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "my-listings", label: "dashboard.tabs.myServices" },
    { tab: "bookings", label: "dashboard.tabs.clientInquiries" },
    { tab: "analytics", label: "dashboard.tabs.performance" },
    { tab: "premium-plans", label: "dashboard.tabs.premium" },
    { tab: "profile", label: "dashboard.tabs.profile" },
  ],
  admin: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "moderation", label: "dashboard.tabs.moderation" },
    { tab: "manage-listings", label: "dashboard.tabs.manageListings" },
    { tab: "user-management", label: "dashboard.tabs.users" },
    { tab: "currency-settings", label: "dashboard.tabs.currency" },
    { tab: "platform-settings", label: "dashboard.tabs.settings" },
    { tab: "profile", label: "dashboard.tabs.myProfile" },
  ],
};
