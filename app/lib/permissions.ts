import type { MessageKey } from "../i18n/translate.ts";
import { CATEGORIES, type Category } from "./listing-values.ts";
import { ROLES, type Role } from "./roles.ts";

/**
 * Who may do what, in one table: services, page guards and the UI all ask `can`. The roles are
 * fixed (the spec's four), so the table is code, not database rows.
 */

/** The dashboard's sub-routes (the spec's §2 Dashboard section). */
export const DASHBOARD_TABS = [
  "overview",
  "my-listings",
  "bookings",
  "inbox",
  "payments",
  "analytics",
  "premium-plans",
  "moderation",
  "manage-listings",
  "user-management",
  "platform-settings",
  "currency-settings",
  "messages",
  "reports",
  "audit-log",
  "reviews",
  "team",
  "support",
  "support-inbox",
  "boost-queue",
  "verification-queue",
  "public-page",
  "profile",
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Whoever asks: a signed-in person (the Viewer fits) or null for a visitor. */
export interface Actor {
  /** Absent when only the role matters (e.g. the UI deciding which buttons show). */
  id?: string;
  role: Role | null | undefined;
}

/** What an action is asked about: the listing's owner, or the category to publish in. */
export interface Resource {
  ownerId?: string;
  category?: Category;
  /**
   * The owner of the agency the record belongs to, only while that agency's team runs (its
   * owner's plan grants `team`): the teams service says so, and a paused team gives no rights.
   */
  agencyOwnerId?: string;
}

const SIGNED_IN: readonly Role[] = ROLES;
const PUBLISHERS: readonly Role[] = ["agent", "professional", "admin"];
const ADMIN: readonly Role[] = ["admin"];
/** Agencies are teams of agents: their owner and members are agent accounts. */
const AGENTS: readonly Role[] = ["agent"];

/**
 * An action is allowed for the roles in `any`; for an owned resource also for the roles in `own`
 * when the actor owns it; for a category only for that category's roles.
 */
interface Rule {
  any: readonly Role[];
  own?: readonly Role[];
  /** Also for these roles when the actor owns the running agency the resource belongs to. */
  team?: readonly Role[];
  perCategory?: Partial<Record<Category, readonly Role[]>>;
}

export const PERMISSIONS = {
  /** The add-listing page and the create endpoint. */
  "listing:create": { any: PUBLISHERS },
  /** Professionals publish only their services, agents the general categories, the admin any. */
  "listing:publish-in": {
    any: ADMIN,
    perCategory: {
      "real-estate": ["agent"],
      hospitality: ["agent"],
      "student-housing": ["agent"],
      "travel-agencies": ["agent"],
      concierge: ["agent"],
      professionals: ["professional"],
    },
  },
  /** Offered the Add Listing button in the header and dashboard (the admin adds from the tab). */
  "listing:offer-add": { any: ["agent", "professional"] },
  /** Editing or reading for the form: one's own while a publisher, anyone's for the admin. */
  "listing:edit": { any: ADMIN, own: PUBLISHERS, team: AGENTS },
  /** Deleting stays open to a former publisher for their own listings. */
  "listing:delete": { any: ADMIN, own: SIGNED_IN, team: AGENTS },
  /** Pending or rejected listings: their owner, their agency's owner and the admin. */
  "listing:view-unpublished": { any: ADMIN, own: SIGNED_IN, team: AGENTS },
  "listing:upload-image": { any: PUBLISHERS },
  /**
   * A listing's uploaded video file (adding needs the plan's `videoListing` perk too; removing
   * does not): its owner while a publisher, anyone's for the admin.
   */
  "listing:video": { any: ADMIN, own: PUBLISHERS },
  /** Goes live without review on create, and an edit keeps the status it had. */
  "listing:skip-review": { any: ADMIN },
  /** Reading every listing in every status (Manage Listings, the admin API). */
  "listing:list-all": { any: ADMIN },
  "listing:moderate": { any: ADMIN },
  "listing:feature": { any: ADMIN },
  /** Featuring one's own approved listing as one of the plan's featured ads (within its limit). */
  "listing:feature-own": { any: [], own: ["agent", "professional"] },
  /** Publishing without a plan's listing limit. */
  "listing:unlimited": { any: ADMIN },
  "listing:set-premium": { any: ADMIN },
  /** A listing's scam signals (app/services/signals): reading them beside the listing. */
  "signal:view": { any: ADMIN },
  /** Dismissing a scam signal as a false alarm (audited). */
  "signal:dismiss": { any: ADMIN },
  /** Their own listings in the dashboard, with statuses and view counts. */
  "listing:list-own": { any: PUBLISHERS },
  "favorite:toggle": { any: SIGNED_IN },
  /** Booking someone else's listing (one's own is refused by the bookings service). */
  "booking:create": { any: SIGNED_IN },
  /** One's own bookings as a guest: the list, a booking's details, cancelling. */
  "booking:list-own": { any: SIGNED_IN },
  /** A listing's booking settings, calendar, departures and imported calendars. */
  "booking:manage-listing": { any: ADMIN, own: PUBLISHERS, team: AGENTS },
  /** The booking inbox of one's listings: requests to accept or decline, occupancy. */
  "booking:list-hosted": { any: PUBLISHERS },
  /** Every booking on the platform, and cancelling any with a reason. */
  "booking:list-all": { any: ADMIN },
  "booking:cancel-any": { any: ADMIN },
  /** Asking a lister about their listing: a new conversation (one's own listing is refused). */
  "conversation:start": { any: SIGNED_IN },
  /** One's own conversations: the inbox, reading, replying (only the two people in one). */
  "conversation:list-own": { any: SIGNED_IN },
  /** Reading and answering a conversation about a listing of one's running agency as its host. */
  "conversation:answer-team": { any: [], team: AGENTS },
  /**
   * "Chat with support": the account's conversation with the site's team. The accounts that can
   * hold a plan; the plan's `support` entitlement decides (requireEntitlement), since chat support
   * is what the spec's Basic plan sells. Everybody else writes through the contact form.
   */
  "support:chat": { any: ["agent", "professional"] },
  /** The support inbox: every support chat, priority ones first, and the team's replies. */
  "support:answer": { any: ADMIN },
  /** The WhatsApp call-back requests visitors left on one's own listings. */
  "lead:list-own": { any: PUBLISHERS },
  /** The leads of one's running agency's listings, with the member who answers each. */
  "lead:list-team": { any: [], team: AGENTS },
  /** Asking a professional for a quote on their service (one's own is refused by the service). */
  "quote:request": { any: SIGNED_IN },
  /** Sending or withdrawing a quote: only on a request for one's own service. */
  "quote:send": { any: [], own: ["professional", "admin"] },
  /** Accepting or declining a quote (the quotes service checks it is one's own request). */
  "quote:answer": { any: SIGNED_IN },
  /** One's jobs: the list, completing or cancelling (the quotes service checks the side). */
  "job:manage": { any: SIGNED_IN },
  "dashboard:open": { any: SIGNED_IN },
  "analytics:view": { any: PUBLISHERS },
  /** The whole platform's figures rather than one's own. */
  "analytics:view-platform": { any: ADMIN },
  "premium:view-plans": { any: PUBLISHERS },
  /** Buying a plan online: its checkout, and reading one's plan and its limits. */
  "premium:choose-plan": { any: PUBLISHERS },
  /** Prices, durations, limits and entitlements of the plans. */
  "premium:edit-plans": { any: ADMIN },
  /** Every entitlement a plan grants, without a plan: the team running the site. */
  "premium:every-entitlement": { any: ADMIN },
  /** One's own payments: the Payments tab, a payment's status page and its receipt. */
  "payment:list-own": { any: SIGNED_IN },
  /** Every payment on the platform, and any payment's page and receipt. */
  "payment:list-all": { any: ADMIN },
  /** Paying online for one's own booking's balance or job (the service checks it is one's own). */
  "payment:pay": { any: SIGNED_IN },
  /** One's payout report: money held, payable and paid out for one's bookings and jobs. */
  "payout:view-own": { any: PUBLISHERS },
  /** Recording a payout made to a host or professional outside the site. */
  "payout:record": { any: ADMIN },
  "user:manage": { any: ADMIN },
  /** Suspending an account until a date or banning it, and lifting either (issue 28). */
  "user:suspend": { any: ADMIN },
  "currency:manage": { any: ADMIN },
  "settings:manage": { any: ADMIN },
  /** The contact form's inbox: read, mark read or unread, reply by e-mail. */
  "contact:manage": { any: ADMIN },
  "audit:view": { any: ADMIN },
  /** One's own verification status, step by step (Profile → Verification). */
  "verification:view-own": { any: SIGNED_IN },
  /** Verifying one's own phone number with a code sent by SMS. */
  "verification:phone": { any: SIGNED_IN },
  /** Blocking someone so they can no longer message one, and unblocking them. */
  "block:manage": { any: SIGNED_IN },
  /** Reporting a conversation, message, review or person to the administrators. */
  "report:file": { any: SIGNED_IN },
  /** Reporting a listing one does not own (the safety service refuses one's own). */
  "listing:report": { any: SIGNED_IN },
  /**
   * The reports queue: reading every report with its context and history, resolving or
   * dismissing (a listing's reports dismissed together put it back on the site if they hid it).
   */
  "report:manage": { any: ADMIN },
  /** Taking a reported listing down: rejected with a reason its owner reads, reports resolved. */
  "listing:take-down": { any: ADMIN },
  /** The administrator's role belongs to the administrator address and never changes. */
  "account:change-type": { any: ["user", "agent", "professional"] },
  /** Reviewing a completed stay or job of one's own (the reviews service checks which). */
  "review:write": { any: SIGNED_IN },
  /** Replying to a review of one's own listing, once: only the lister reviewed, never for them. */
  "review:reply": { any: [], own: PUBLISHERS },
  /** The reviews dashboard of one's listings (a plan's perk: the reviews service asks the plan). */
  "review:dashboard": { any: PUBLISHERS },
  /** Their public page's settings (languages); agents and professionals have a page. */
  "public-page:edit": { any: ["agent", "professional"] },
  /** The property website: chosen address, cover, about, featured listings (a plan's perk). */
  "public-page:website": { any: ["agent", "professional"] },
  /** Logo and brand colour on their website and contact cards (a plan's perk). */
  "public-page:branding": { any: ["agent", "professional"] },
  /** Hiding a reported review from the pages and the averages, with a reason. */
  "review:hide": { any: ADMIN },
  /** The Team tab: an agent's agency (owner or member), or the offer to start one. */
  "team:view": { any: AGENTS },
  /** Starting an agency (a plan's perk: the teams service asks for `team`). */
  "team:create": { any: AGENTS },
  /**
   * The agency's owner only: inviting and revoking, removing members, assigning a lead or
   * handing a listing to a member. Asked with the agency's owner as the resource's owner.
   */
  "team:manage": { any: [], own: AGENTS },
  /** Accepting an invitation sent to one's own address (the teams service checks the address). */
  "team:join": { any: AGENTS },
  /** Leaving one's agency (its owner cannot: the agency is theirs). */
  "team:leave": { any: AGENTS },
  /** Boosting one's own live listing on social media (a plan's perk: the boosts service asks). */
  "boost:request": { any: [], own: PUBLISHERS },
  /** One's boosts: when and where each listing was posted. */
  "boost:list-own": { any: PUBLISHERS },
  /** The Boost queue: the share images and texts, and recording where a boost was posted. */
  "boost:manage": { any: ADMIN },
  /**
   * Identity verification by documents (issue 28): submitting one's own, and reading one's own
   * steps' states (verification:view-own above). Never the files, not even one's own: only the
   * administrator opens those.
   */
  "verification:submit": { any: SIGNED_IN },
  /** The business step: agents (agencies' owners among them) and professionals. */
  "verification:submit-business": { any: ["agent", "professional"] },
  /** The review queue: approving until a date or rejecting with a reason (audited). */
  "verification:review": { any: ADMIN },
  /** Opening a submitted identity or business document (decrypted, never cached). */
  "verification-document:view": { any: ADMIN },
  /** Adding, renaming or switching off the licence kinds of the business step (audited). */
  "licence-kind:edit": { any: ADMIN },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** A role the app does not know (or none chosen yet) is treated as a regular user's. */
export function dashboardRole(role: Role | null | undefined): Role {
  return role && (ROLES as readonly string[]).includes(role) ? role : "user";
}

/**
 * Whether the actor may do the action (on the resource, for ownership and category rules). A
 * visitor may do nothing here: every action in the table needs an account.
 */
export function can(actor: Actor | null, action: Action, resource: Resource = {}): boolean {
  if (!actor) return false;
  const role = dashboardRole(actor.role);
  const rule: Rule = PERMISSIONS[action];
  if (rule.any.includes(role)) return true;
  if (rule.own && actor.id !== undefined && resource.ownerId === actor.id) {
    if (rule.own.includes(role)) return true;
  }
  if (rule.team && actor.id !== undefined && resource.agencyOwnerId === actor.id) {
    return rule.team.includes(role);
  }
  if (rule.perCategory && resource.category) {
    return rule.perCategory[resource.category]?.includes(role) ?? false;
  }
  return false;
}

/** Which categories the actor may publish in, in the browse order. */
export function publishableCategories(actor: Actor | null): readonly Category[] {
  return CATEGORIES.filter((category) => can(actor, "listing:publish-in", { category }));
}

/** The action each tab needs: opening a tab is asking the table, before any of its data is read. */
export const TAB_ACTION: Record<DashboardTab, Action> = {
  overview: "dashboard:open",
  "my-listings": "dashboard:open",
  bookings: "dashboard:open",
  inbox: "conversation:list-own",
  payments: "payment:list-own",
  profile: "dashboard:open",
  analytics: "analytics:view",
  "premium-plans": "premium:view-plans",
  moderation: "listing:moderate",
  "manage-listings": "listing:list-all",
  "user-management": "user:manage",
  "platform-settings": "settings:manage",
  "currency-settings": "currency:manage",
  messages: "contact:manage",
  reports: "report:manage",
  "audit-log": "audit:view",
  reviews: "review:dashboard",
  team: "team:view",
  support: "support:chat",
  "support-inbox": "support:answer",
  "boost-queue": "boost:manage",
  "verification-queue": "verification:review",
  "public-page": "public-page:edit",
};

export function isDashboardTab(value: string): value is DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value);
}

export function canOpenTab(actor: Actor | null, tab: DashboardTab): boolean {
  return can(actor, TAB_ACTION[tab]);
}

/** The tab bar per role, in the spec's order; labels are i18n keys. */
export const TAB_BAR: Record<Role, { tab: DashboardTab; label: MessageKey }[]> = {
  user: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "my-listings", label: "dashboard.tabs.myFavorites" },
    { tab: "inbox", label: "dashboard.tabs.messages" },
    { tab: "bookings", label: "dashboard.tabs.bookings" },
    { tab: "payments", label: "dashboard.tabs.payments" },
    { tab: "profile", label: "dashboard.tabs.profile" },
  ],
  agent: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "my-listings", label: "dashboard.tabs.myListings" },
    { tab: "inbox", label: "dashboard.tabs.inquiries" },
    { tab: "bookings", label: "dashboard.tabs.bookings" },
    { tab: "analytics", label: "dashboard.tabs.analytics" },
    { tab: "reviews", label: "dashboard.tabs.reviews" },
    { tab: "team", label: "dashboard.tabs.team" },
    { tab: "premium-plans", label: "dashboard.tabs.premium" },
    { tab: "support", label: "dashboard.tabs.support" },
    { tab: "payments", label: "dashboard.tabs.payments" },
    { tab: "public-page", label: "dashboard.tabs.publicPage" },
    { tab: "profile", label: "dashboard.tabs.profile" },
  ],
  professional: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "my-listings", label: "dashboard.tabs.myServices" },
    { tab: "inbox", label: "dashboard.tabs.clientInquiries" },
    { tab: "bookings", label: "dashboard.tabs.bookings" },
    { tab: "analytics", label: "dashboard.tabs.performance" },
    { tab: "reviews", label: "dashboard.tabs.reviews" },
    { tab: "premium-plans", label: "dashboard.tabs.premium" },
    { tab: "support", label: "dashboard.tabs.support" },
    { tab: "payments", label: "dashboard.tabs.payments" },
    { tab: "public-page", label: "dashboard.tabs.publicPage" },
    { tab: "profile", label: "dashboard.tabs.profile" },
  ],
  admin: [
    { tab: "overview", label: "dashboard.tabs.overview" },
    { tab: "analytics", label: "dashboard.tabs.analytics" },
    { tab: "moderation", label: "dashboard.tabs.moderation" },
    { tab: "manage-listings", label: "dashboard.tabs.manageListings" },
    { tab: "boost-queue", label: "dashboard.tabs.boostQueue" },
    { tab: "user-management", label: "dashboard.tabs.users" },
    { tab: "currency-settings", label: "dashboard.tabs.currency" },
    { tab: "platform-settings", label: "dashboard.tabs.settings" },
    { tab: "messages", label: "dashboard.tabs.messages" },
    { tab: "inbox", label: "dashboard.tabs.conversations" },
    { tab: "support-inbox", label: "dashboard.tabs.supportInbox" },
    { tab: "reports", label: "dashboard.tabs.reports" },
    { tab: "verification-queue", label: "dashboard.tabs.verificationQueue" },
    { tab: "bookings", label: "dashboard.tabs.bookings" },
    { tab: "payments", label: "dashboard.tabs.payments" },
    { tab: "audit-log", label: "dashboard.tabs.auditLog" },
    { tab: "profile", label: "dashboard.tabs.myProfile" },
  ],
};
