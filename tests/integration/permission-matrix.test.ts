import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadViewer } from "../../app/auth/session.server.ts";
import {
  agencies,
  agencyInvitations,
  agencyMembers,
  listingImages,
  listings,
  listingUploads,
  verificationDocuments,
  verificationSubmissions,
} from "../../app/db/schema/index.ts";
import { createTranslator, type MessageKey } from "../../app/i18n/translate.ts";
import type { PerkName } from "../../app/lib/entitlements.ts";
import type { ListingStatus } from "../../app/lib/listing-values.ts";
import { can, DASHBOARD_TABS, TAB_ACTION, type Action } from "../../app/lib/permissions.ts";
import { mediaUrl, storeImage } from "../../app/services/media/images.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { IMMUTABLE, PRIVATE, REVALIDATED_MEDIA } from "../../server/cache-policy.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import {
  givePlan,
  jarWith,
  makeListing,
  makeUser,
  renewSession,
  type MadeUser,
} from "../support/factories.ts";
import { makeBooking } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { toastOf } from "../support/flash.ts";
import { createPageHandler, type PageHandler } from "../support/page-handler.ts";
import { startTestPayments, type TestPayments } from "../support/payments.ts";
import { apiRoutes, pageRoutes } from "../support/route-paths.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Every page loader, page action and /api/v1 endpoint, called by a visitor and by each role, with
 * the answer the permission table (app/lib/permissions.ts) predicts: allowed, or refused the way
 * the spec refuses (the redirect and toast for pages, 401/403 for the API, 404 for a listing
 * the caller may not see) with nothing changed in the database.
 *
 * The expectations are a map in this test, keyed by route module and by "METHOD /api/v1/pattern",
 * rather than metadata exported by the routes: the routes' guards are what is under test, so the
 * expectation must not be read from the code it checks; and a route or endpoint added without a
 * row here fails the test by name.
 */

interface Expectation {
  /** What the call needs from the permission table; null: anybody may, visitors included. */
  action: Action | null;
  /** The call is about agent A's listing: ownership rules of the action apply. */
  owned?: boolean;
  /** Which of agent A's listings fills the path's id (approved unless said). */
  listing?: ListingStatus;
  /** A refusal looks like a missing listing (404), so nobody learns a hidden listing exists. */
  refusedAsMissing?: boolean;
  /** The JSON body of an API write: the least that passes validation, or {}. */
  json?: unknown;
  /** Other answers an allowed call may give besides 2xx, 3xx and 400, with the reason. */
  alsoAllowed?: number[];
  /**
   * The call also needs this perk of a plan. The matrix's accounts hold none, so an allowed
   * publisher may get requireEntitlement's 403 (and no other); the perk's own tests buy it.
   */
  entitlement?: Exclude<PerkName, "analytics">;
  /**
   * The perk is the listing owner's, not the caller's: agent A holds no plan, so every caller may
   * get this 403 sentence, which names no plan (the caller cannot buy it for the owner).
   */
  ownerRefusal?: MessageKey;
  /**
   * Nobody's session opens it, the administrator's included: only a signature made with the
   * provider's secret does (401 for everybody here, with nothing changed).
   */
  signatureOnly?: boolean;
}

/** Each test calls every route as six callers: minutes, not seconds, on a busy 2-core machine. */
const MATRIX_TIMEOUT = 600_000;

interface PageExpectation {
  get: Expectation;
  /** The module's form action (required when the module has one). */
  post?: Expectation;
}

const PUBLIC: Expectation = { action: null };
/** Anything a signed-in person may do with their own account's data. */
const SIGNED_IN: Expectation = { action: "dashboard:open" };

/** The dashboard tabs: each needs the action of its tab (TAB_ACTION), for reading and writing. */
const TAB_PAGES: Record<string, PageExpectation> = Object.fromEntries(
  DASHBOARD_TABS.map((tab) => [
    `routes/dashboard/${tab}.tsx`,
    { get: { action: TAB_ACTION[tab] }, post: { action: TAB_ACTION[tab] } },
  ]),
);

const PAGES: Record<string, PageExpectation> = {
  ...TAB_PAGES,
  // Writing to support also needs a plan with chat support: the matrix's accounts hold none, so
  // the agents and the professional get the plan's refusal (403) shown on the page.
  "routes/dashboard/support.tsx": {
    get: { action: "support:chat" },
    post: { action: "support:chat", alsoAllowed: [403] },
  },
  // The team's reply names its chat in the address (`?id=`); the matrix names none: a 404.
  "routes/dashboard/support-inbox.tsx": {
    get: { action: "support:answer" },
    post: { action: "support:answer", alsoAllowed: [404] },
  },
  // The Public Page tab's forms save the property website (an empty form's intent) or the
  // branding, each a plan's perk: an agent or professional without it gets the plan's 403.
  "routes/dashboard/public-page.tsx": {
    get: { action: "public-page:edit" },
    post: { action: "public-page:website", entitlement: "propertyWebsite" },
  },
  // A public page: nobody holds the handle the matrix fills in, so everybody is answered 404.
  "routes/site/agent.tsx": { get: { action: null, alsoAllowed: [404] } },
  "routes/site/agency.tsx": { get: { action: null, alsoAllowed: [404] } },
  "routes/site/home.tsx": { get: PUBLIC },
  "routes/site/category.tsx": { get: PUBLIC },
  "routes/site/listing.tsx": {
    get: {
      action: "listing:view-unpublished",
      owned: true,
      listing: "pending_approval",
      refusedAsMissing: true,
    },
    // Booking from the card: a visitor is sent to sign in, anyone else told what is wrong (400).
    post: PUBLIC,
  },
  "routes/listings/add-listing.tsx": {
    get: { action: "listing:create" },
    post: { action: "listing:create" },
  },
  "routes/site/about.tsx": { get: PUBLIC },
  "routes/site/services.tsx": { get: PUBLIC },
  "routes/site/contact.tsx": { get: PUBLIC, post: PUBLIC },
  "routes/site/legal.tsx": { get: PUBLIC },
  "routes/dashboard/layout.tsx": { get: SIGNED_IN },
  // A listing's bookings & calendar: its owner or the admin. The matrix's listing (a rent) takes
  // no bookings, so they are sent back to My Listings with a toast saying so (a redirect).
  "routes/dashboard/listing-calendar.tsx": {
    get: { action: "booking:manage-listing", owned: true },
    post: { action: "booking:manage-listing", owned: true },
  },
  "routes/dashboard/redirect-to-overview.ts": { get: SIGNED_IN },
  // A payment's page and receipt: its payer or the admin. No payment has the path's id, so
  // everybody signed in is answered 404, as someone else's payment is.
  "routes/dashboard/payment.tsx": { get: { action: "payment:list-own", alsoAllowed: [404] } },
  // One conversation: only its two people; no conversation has the path's number, so everybody
  // signed in is answered 404, as a stranger is.
  "routes/dashboard/conversation.tsx": {
    get: { action: "conversation:list-own", alsoAllowed: [404] },
    post: { action: "conversation:list-own", alsoAllowed: [404] },
  },
  // "Contact Agent": a visitor sees the form under the sign-in dialog and is sent to sign in on
  // sending; the listing's own agent is told it is theirs (409).
  "routes/site/listing-message.tsx": { get: PUBLIC, post: { action: null, alsoAllowed: [409] } },
  // "Report listing": the page is public (a visitor is asked to sign in there); sending it, a
  // visitor is sent to sign in, and anyone else's empty form comes back with its messages (400).
  "routes/site/listing-report.tsx": { get: PUBLIC, post: { action: null } },
  "routes/auth/admin-login.tsx": { get: PUBLIC, post: PUBLIC },
  "routes/auth/reset.tsx": { get: PUBLIC, post: PUBLIC },
  "routes/auth/update-password.ts": { get: PUBLIC },
  "routes/auth/confirm.tsx": { get: PUBLIC, post: PUBLIC },
  "routes/auth/callback.tsx": { get: PUBLIC },
  "routes/auth/role-selection.tsx": { get: SIGNED_IN, post: SIGNED_IN },
  "routes/auth/sign-in.ts": { get: PUBLIC, post: PUBLIC },
  "routes/auth/sign-up.ts": { get: PUBLIC, post: PUBLIC },
  "routes/auth/forgot-password.ts": { get: PUBLIC, post: PUBLIC },
  "routes/auth/sign-out.ts": { get: PUBLIC, post: PUBLIC },
  // Demo sign-in: anybody, in a development start with demo data (the test app's); a GET, and
  // any call where demo sign-in is off, finds nothing (tests/integration/demo-sign-in.test.ts).
  "routes/auth/demo-sign-in.ts": {
    get: { action: null, alsoAllowed: [404] },
    post: { action: null, alsoAllowed: [404] },
  },
  "routes/auth/google.ts": { get: PUBLIC, post: PUBLIC },
  // Served in development only: elsewhere a 404 for everybody.
  "routes/dev/outbox.tsx": { get: { action: null, alsoAllowed: [404] } },
  "routes/dev/sms.tsx": { get: { action: null, alsoAllowed: [404] } },
  // Profile → Verification: everybody signed in, for their own account only (the phone step's
  // and the documents' forms; a form naming neither comes back 400).
  "routes/dashboard/verification.tsx": {
    get: { action: "verification:view-own" },
    post: { action: "verification:view-own" },
  },
  // Saving a favourite from a page: a visitor is asked to sign in rather than refused.
  "routes/resources/favorites.ts": { get: PUBLIC, post: PUBLIC },
  // Reporting and blocking from any page: signed in (an empty form comes back with a toast).
  "routes/resources/reports.ts": { get: PUBLIC, post: { action: "report:file" } },
  "routes/resources/blocks.ts": { get: PUBLIC, post: { action: "block:manage" } },
  // A review or a reply from any page: signed in; which booking, job or review is theirs to
  // review or answer is the reviews service's to say (an empty form: back with a toast).
  "routes/resources/reviews.ts": { get: PUBLIC, post: { action: "review:write" } },
  // Requesting a quote: a visitor is sent to sign in; the matrix's listing is a rent, which has no
  // quote form (404) and takes no quote requests (409).
  "routes/site/request-quote.tsx": {
    get: { action: null, alsoAllowed: [404] },
    post: { action: null, alsoAllowed: [404, 409] },
  },
  // The quote panel's forms: signed in; which request, quote or job is theirs, and on which side,
  // is the quotes service's to say (an empty form: back with a toast).
  "routes/resources/quotes.ts": { get: PUBLIC, post: SIGNED_IN },
  // A public listing's contact link: records the lead, then redirects to the call, chat or e-mail.
  "routes/resources/contact-lead.ts": { get: PUBLIC },
  // A WhatsApp call-back request: anybody, on a listing whose owner's plan grants WhatsApp leads.
  // Agent A holds no plan, so everybody is told the listing takes none (403); a GET goes back to
  // the listing.
  "routes/resources/whatsapp-callback.ts": {
    get: PUBLIC,
    post: { action: null, alsoAllowed: [403] },
  },
  // A listing's video file from its edit page: the owner (while a publisher) or the admin; the
  // address alone sends everybody to the edit page. An empty form comes back with a toast.
  "routes/resources/listing-video.ts": {
    get: PUBLIC,
    post: { action: "listing:video", owned: true },
  },
  // A document only for the administrator (no document has the path's number: 404).
  "routes/resources/verification-document.ts": {
    get: { action: "verification-document:view", alsoAllowed: [404] },
  },
  "routes/resources/featured-listings.ts": { get: PUBLIC },
  "routes/resources/search.ts": { get: PUBLIC },
  "routes/resources/set-currency.ts": { get: PUBLIC, post: PUBLIC },
  "routes/resources/sitemap.ts": { get: PUBLIC },
  "routes/resources/robots.ts": { get: PUBLIC },
  // The page nobody defined: a 404 for everybody.
  "routes/resources/fallback.ts": {
    get: { action: null, alsoAllowed: [404] },
    post: { action: null, alsoAllowed: [404, 405] },
  },
};

/** A listing's booking settings and calendar: its owner or the admin (a 409: it takes none). */
const MANAGE_BOOKINGS: Expectation = {
  action: "booking:manage-listing",
  owned: true,
  alsoAllowed: [409],
};

const API: Record<string, Expectation> = {
  "GET /api/v1/health": PUBLIC,
  "GET /api/v1/currencies": PUBLIC,
  "GET /api/v1/countries": PUBLIC,
  "POST /api/v1/contact-messages": { action: null, json: {} },
  "GET /api/v1/listings": PUBLIC,
  // The API shows public listings only (its answers are cached publicly), to owners too.
  "GET /api/v1/listings/:id": PUBLIC,
  "POST /api/v1/uploads/listing-images": { action: "listing:upload-image" },
  "GET /api/v1/uploads/listing-images": SIGNED_IN,
  // Without a key there is no upload of theirs to discard: a 404 once signed in.
  "DELETE /api/v1/uploads/listing-images": { action: "dashboard:open", alsoAllowed: [404] },
  "GET /api/v1/my-listings": SIGNED_IN,
  "POST /api/v1/my-listings": { action: "listing:create", json: {} },
  "GET /api/v1/my-listings/:id": { action: "listing:edit", owned: true },
  "PUT /api/v1/my-listings/:id": { action: "listing:edit", owned: true, json: {} },
  "DELETE /api/v1/my-listings/:id": { action: "listing:delete", owned: true },
  // The matrix's empty body is no video: 415 once past the plan's perk (the admin).
  "PUT /api/v1/my-listings/:id/video": {
    action: "listing:video",
    owned: true,
    entitlement: "videoListing",
    alsoAllowed: [415],
  },
  // Agent A's listing has no video file: a 404 for those allowed.
  "DELETE /api/v1/my-listings/:id/video": {
    action: "listing:video",
    owned: true,
    alsoAllowed: [404],
  },
  "GET /api/v1/moderation/listings": { action: "listing:moderate" },
  "POST /api/v1/moderation/listings/:id": {
    action: "listing:moderate",
    listing: "pending_approval",
    json: { decision: "approved" },
  },
  "GET /api/v1/admin/listings": { action: "listing:list-all" },
  "PATCH /api/v1/admin/listings/:id": { action: "listing:feature", json: { featured: true } },
  // The path's id is a listing's number, which names no scam signal: a 404 once allowed.
  "POST /api/v1/admin/listing-signals/:id/dismiss": {
    action: "signal:dismiss",
    alsoAllowed: [404],
  },
  // The path's id is a listing's number, which names no account: a 404 once allowed.
  "GET /api/v1/admin/users": { action: "user:manage" },
  "PATCH /api/v1/admin/users/:id": {
    action: "user:manage",
    json: { name: "Renamed" },
    alsoAllowed: [404],
  },
  "DELETE /api/v1/admin/users/:id": { action: "user:manage", alsoAllowed: [404] },
  "POST /api/v1/admin/users/:id/suspension": {
    action: "user:suspend",
    json: { kind: "ban", reason: "Scam reports" },
    alsoAllowed: [404],
  },
  "DELETE /api/v1/admin/users/:id/suspension": { action: "user:suspend", alsoAllowed: [404] },
  "GET /api/v1/admin/audit-log": { action: "audit:view" },
  "GET /api/v1/admin/messages": { action: "contact:manage" },
  // The path's id is a listing's, no message's: the administrator is answered 404.
  "PATCH /api/v1/admin/messages/:id": {
    action: "contact:manage",
    json: { read: true },
    alsoAllowed: [404],
  },
  "POST /api/v1/admin/messages/:id/reply": {
    action: "contact:manage",
    json: { subject: "Re: your message", body: "Thank you." },
    alsoAllowed: [404],
  },
  "GET /api/v1/me/favorites": { action: "favorite:toggle" },
  "PUT /api/v1/me/favorites/:listingId": { action: "favorite:toggle" },
  "DELETE /api/v1/me/favorites/:listingId": { action: "favorite:toggle" },
  "POST /api/v1/admin/currencies": {
    action: "currency:manage",
    json: { name: "Matrix Franc", code: "XMF", symbol: "MF", ratePerUsd: 2 },
  },
  "PATCH /api/v1/admin/currencies/:code": { action: "currency:manage", json: { ratePerUsd: 0.79 } },
  "GET /api/v1/premium-plans": PUBLIC,
  "PATCH /api/v1/admin/premium-plans/:planId": {
    action: "premium:edit-plans",
    json: {
      name: "Basic",
      priceUsd: 15,
      months: 3,
      listingLimit: 5,
      featuredAds: 2,
      entitlements: { analytics: "basic" },
      popular: false,
    },
  },
  // Any visitor's click or share on a public listing is a lead.
  "POST /api/v1/listings/:listingId/leads": { action: null, json: { kind: "share" } },
  "POST /api/v1/listings/:listingId/whatsapp-callbacks": {
    action: null,
    json: { name: "Ama", phone: "+233 24 123 4567", consent: true },
    ownerRefusal: "detail.whatsappCallback.unavailable",
  },
  "GET /api/v1/me/whatsapp-callbacks": { action: "lead:list-own" },
  "GET /api/v1/analytics/report.csv": { action: "analytics:view" },
  "GET /api/v1/analytics/leads.csv": { action: "analytics:view", entitlement: "leadDownload" },
  // The matrix's listing is a real-estate rent, which takes no bookings: a 409 once allowed.
  "GET /api/v1/listings/:listingId/availability": { action: null, alsoAllowed: [409] },
  "GET /api/v1/listings/:listingId/quote": { action: null, alsoAllowed: [409] },
  "POST /api/v1/listings/:listingId/bookings": {
    action: "booking:create",
    json: { guests: 1 },
    alsoAllowed: [409],
  },
  "GET /api/v1/me/bookings": { action: "booking:list-own" },
  "GET /api/v1/me/hosted-bookings": { action: "booking:list-hosted" },
  "GET /api/v1/admin/bookings": { action: "booking:list-all" },
  // No booking has the path's number: a 404 for everybody signed in, who may ask about their own.
  "GET /api/v1/bookings/:bookingId": { ...SIGNED_IN, alsoAllowed: [404] },
  "GET /api/v1/bookings/:bookingId/refund": { ...SIGNED_IN, alsoAllowed: [404] },
  "POST /api/v1/bookings/:bookingId/accept": { ...SIGNED_IN, json: {}, alsoAllowed: [404] },
  "POST /api/v1/bookings/:bookingId/decline": { ...SIGNED_IN, json: {}, alsoAllowed: [404] },
  "POST /api/v1/bookings/:bookingId/cancel": { ...SIGNED_IN, json: {}, alsoAllowed: [404] },
  "GET /api/v1/listings/:listingId/booking-settings": MANAGE_BOOKINGS,
  "PUT /api/v1/listings/:listingId/booking-settings": { ...MANAGE_BOOKINGS, json: {} },
  "DELETE /api/v1/listings/:listingId/booking-settings": MANAGE_BOOKINGS,
  "POST /api/v1/listings/:listingId/booking-settings/ical-token": MANAGE_BOOKINGS,
  "GET /api/v1/listings/:listingId/calendar": MANAGE_BOOKINGS,
  "POST /api/v1/listings/:listingId/calendar/close": { ...MANAGE_BOOKINGS, json: {} },
  "POST /api/v1/listings/:listingId/calendar/open": { ...MANAGE_BOOKINGS, json: {} },
  "PUT /api/v1/listings/:listingId/departures": { ...MANAGE_BOOKINGS, json: {} },
  "DELETE /api/v1/listings/:listingId/departures/:departureId": MANAGE_BOOKINGS,
  "GET /api/v1/listings/:listingId/ical-feeds": MANAGE_BOOKINGS,
  "POST /api/v1/listings/:listingId/ical-feeds": { ...MANAGE_BOOKINGS, json: {} },
  "DELETE /api/v1/listings/:listingId/ical-feeds/:feedId": MANAGE_BOOKINGS,
  "GET /api/v1/listings/:listingId/reviews": PUBLIC,
  // Nobody holds the handle the matrix fills in: a 404 for everybody.
  "GET /api/v1/agents/:handle": { action: null, alsoAllowed: [404] },
  "GET /api/v1/agencies/:handle": { action: null, alsoAllowed: [404] },
  "GET /api/v1/me/reviewable": { action: "review:write" },
  "GET /api/v1/me/reviews": { action: "review:dashboard", entitlement: "reviewsDashboard" },
  // Which booking or job is theirs to review is the service's to say: an empty body is a 400.
  "POST /api/v1/reviews": { action: "review:write", json: {} },
  // Only the reviewed lister replies (the service asks review:reply of the review's lister); no
  // review has the path's number, so everybody signed in is answered 404.
  "POST /api/v1/reviews/:reviewId/reply": {
    action: "review:write",
    json: { reply: "Thank you." },
    alsoAllowed: [404],
  },
  "POST /api/v1/admin/reviews/:reviewId/hide": {
    action: "review:hide",
    json: { reason: "Reported as abusive." },
    alsoAllowed: [404],
  },
  "GET /api/v1/me/support-chat": { action: "support:chat" },
  "POST /api/v1/me/support-chat/messages": {
    action: "support:chat",
    json: { body: "Hello" },
    entitlement: "support",
  },
  "GET /api/v1/admin/support-chats": { action: "support:answer" },
  // No support chat has the path's number: the administrator is answered 404.
  "GET /api/v1/admin/support-chats/:chatId": { action: "support:answer", alsoAllowed: [404] },
  "POST /api/v1/admin/support-chats/:chatId/messages": {
    action: "support:answer",
    json: { body: "Hello" },
    alsoAllowed: [404],
  },
  "GET /api/v1/me/conversations": { action: "conversation:list-own" },
  "GET /api/v1/me/unread-messages": { action: "conversation:list-own" },
  // Agent A asking about their own listing is told it is theirs (409).
  "POST /api/v1/listings/:listingId/conversations": {
    action: "conversation:start",
    json: { body: "Is it still available?" },
    alsoAllowed: [409],
  },
  // No booking or conversation has the path's number: a 404 for everybody signed in.
  "POST /api/v1/bookings/:bookingId/conversation": {
    action: "conversation:list-own",
    alsoAllowed: [404],
  },
  "GET /api/v1/conversations/:conversationId": {
    action: "conversation:list-own",
    alsoAllowed: [404],
  },
  "GET /api/v1/conversations/:conversationId/messages": {
    action: "conversation:list-own",
    alsoAllowed: [404],
  },
  "POST /api/v1/conversations/:conversationId/messages": {
    action: "conversation:list-own",
    json: { body: "Hello" },
    alsoAllowed: [404],
  },
  "POST /api/v1/conversations/:conversationId/images": {
    action: "conversation:list-own",
    alsoAllowed: [404],
  },
  // Revealing a public listing's number: anybody, as the page's button does (a lead).
  "POST /api/v1/listings/:listingId/contact": { action: null, alsoAllowed: [409] },
  // What is reported, and whether the caller may, is the service's to say: an empty body is a 400.
  "POST /api/v1/reports": { action: "report:file", json: {} },
  "GET /api/v1/admin/reports": { action: "report:manage" },
  // No report has the path's number (404), or the one reported on the matrix's listing above
  // was closed already by its dismissal or take-down (409).
  "POST /api/v1/admin/reports/:reportId/resolve": {
    action: "report:manage",
    json: { status: "dismissed" },
    alsoAllowed: [404, 409],
  },
  // Agent A reporting their own listing is told it is theirs (400), as the service refuses it.
  "POST /api/v1/listings/:listingId/reports": {
    action: "listing:report",
    json: { reason: "other", details: "Matrix" },
  },
  // The listing may have no open report by the time the administrator calls: a 409.
  "POST /api/v1/admin/listings/:listingId/reports/dismiss": {
    action: "report:manage",
    json: {},
    alsoAllowed: [409],
  },
  "POST /api/v1/admin/listings/:listingId/take-down": {
    action: "listing:take-down",
    json: { reason: "Reported as a scam." },
    alsoAllowed: [409],
  },
  "GET /api/v1/me/blocks": { action: "block:manage" },
  // No account has the path's id ("1"): a 404 for everybody signed in.
  "PUT /api/v1/me/blocks/:userId": { action: "block:manage", alsoAllowed: [404] },
  "DELETE /api/v1/me/blocks/:userId": { action: "block:manage", alsoAllowed: [404] },
  "GET /api/v1/me/notification-settings": SIGNED_IN,
  "GET /api/v1/me/verification": { action: "verification:view-own" },
  "POST /api/v1/me/verification/phone/code": { action: "verification:phone", json: {} },
  "POST /api/v1/me/verification/phone/confirm": { action: "verification:phone", json: {} },
  "PUT /api/v1/me/notification-settings": { ...SIGNED_IN, json: {} },
  // The matrix's listing is a rent, which takes no quote requests: a 409 once allowed.
  "POST /api/v1/listings/:listingId/quote-requests": {
    action: "quote:request",
    json: {},
    alsoAllowed: [409],
  },
  // No conversation, request, quote or job has the path's number: a 404 for everybody signed in.
  // Sending and withdrawing are the request's professional's (quote:send on their own service),
  // which the service checks once it knows the request.
  "GET /api/v1/conversations/:conversationId/quotes": {
    action: "conversation:list-own",
    alsoAllowed: [404],
  },
  "POST /api/v1/quote-requests/:requestId/quotes": { ...SIGNED_IN, json: {}, alsoAllowed: [404] },
  "POST /api/v1/quotes/:quoteId/accept": { action: "quote:answer", alsoAllowed: [404] },
  "POST /api/v1/quotes/:quoteId/decline": { action: "quote:answer", alsoAllowed: [404] },
  "POST /api/v1/quotes/:quoteId/withdraw": { ...SIGNED_IN, alsoAllowed: [404] },
  "GET /api/v1/me/jobs": { action: "job:manage" },
  "POST /api/v1/jobs/:jobId/complete": { action: "job:manage", alsoAllowed: [404] },
  "POST /api/v1/jobs/:jobId/cancel": { action: "job:manage", json: {}, alsoAllowed: [404] },
  // Paying a booking again, a deposit's balance or a job: signed in; no booking or job has the path's number, so
  // everybody allowed is answered 404 (whose booking or job it is, the service checks).
  "POST /api/v1/bookings/:bookingId/balance-checkout": {
    action: "payment:pay",
    alsoAllowed: [404],
  },
  "POST /api/v1/bookings/:bookingId/checkout": { action: "payment:pay", alsoAllowed: [404] },
  "POST /api/v1/jobs/:jobId/checkout": { action: "payment:pay", alsoAllowed: [404] },
  "GET /api/v1/payouts": { action: "payout:view-own" },
  // An empty body is a 400 for the administrator; anybody else is refused before it is read.
  "POST /api/v1/admin/payouts": { action: "payout:record", json: {} },
  // Payments: one's own (every one for the admin). No payment has the path's id: a 404 for
  // everybody signed in, as someone else's payment is.
  "GET /api/v1/payments": { action: "payment:list-own" },
  "GET /api/v1/admin/ledger": { action: "payment:list-all" },
  "GET /api/v1/payments/:paymentId": { action: "payment:list-own", alsoAllowed: [404] },
  "POST /api/v1/premium-plans/:planId/checkout": { action: "premium:choose-plan", json: {} },
  "GET /api/v1/premium-plans/usage": { action: "premium:choose-plan" },
  // Boosting agent A's own live listing: a plan's perk the matrix's accounts do not hold.
  "POST /api/v1/my-listings/:id/boosts": {
    action: "boost:request",
    owned: true,
    json: {},
    entitlement: "socialBoost",
  },
  "GET /api/v1/me/boosts": { action: "boost:list-own" },
  "GET /api/v1/admin/boosts": { action: "boost:manage" },
  // An empty body is a 400 for the administrator; no boost has the path's number (404 after).
  "POST /api/v1/admin/boosts/:boostId/posts": {
    action: "boost:manage",
    json: {},
    alsoAllowed: [404],
  },
  // Featuring agent A's own live listing: a free account has no featured ads (409).
  "PUT /api/v1/my-listings/:id/featured": {
    action: "listing:feature-own",
    owned: true,
    json: { featured: true },
    alsoAllowed: [409],
  },
  // The provider's webhook: the only way a payment becomes paid, and no session is a way in.
  "POST /api/v1/payments/webhooks/:provider": {
    action: null,
    signatureOnly: true,
    json: { id: "evt_1", type: "charge.succeeded", data: {} },
  },
  "GET /api/v1/openapi.json": PUBLIC,
  // Verification by documents (one's own state, never the files, is GET /me/verification); a
  // JSON body is no form (400).
  "POST /api/v1/me/verification/identity": { action: "verification:submit", json: {} },
  "POST /api/v1/me/verification/business": { action: "verification:submit-business", json: {} },
  "GET /api/v1/licence-kinds": PUBLIC,
  "GET /api/v1/admin/verification-submissions": { action: "verification:review" },
  // No submission or licence kind has the path's number: the administrator is answered 404.
  "POST /api/v1/admin/verification-submissions/:submissionId/approve": {
    action: "verification:review",
    json: {},
    alsoAllowed: [404],
  },
  "POST /api/v1/admin/verification-submissions/:submissionId/reject": {
    action: "verification:review",
    json: { reason: "Blurred" },
    alsoAllowed: [404],
  },
  "POST /api/v1/admin/licence-kinds": { action: "licence-kind:edit", json: {} },
  // The path's number may name a seeded kind, whose country and profession already have a
  // licence of that name (409), or none (404).
  "PATCH /api/v1/admin/licence-kinds/:licenceKindId": {
    action: "licence-kind:edit",
    json: { countryCode: "KE", profession: "lawyer", name: "LSK practising certificate" },
    alsoAllowed: [404, 409],
  },
  // Team access (agencies): which agency, member or record is the caller's is the teams
  // service's to say; the role matrix of owner, member, another agency's member and a non-member
  // is the last test below.
  "GET /api/v1/me/team": { action: "team:view" },
  // The matrix's agents hold no plan: starting an agency is the plan's 403 once allowed.
  "POST /api/v1/me/team": { action: "team:create", json: {}, entitlement: "team" },
  // Agent A owns no agency: the owner's calls find none (404).
  "POST /api/v1/me/team/invitations": { action: "team:view", json: {}, alsoAllowed: [404] },
  "DELETE /api/v1/me/team/invitations/:invitationId": {
    action: "team:view",
    alsoAllowed: [404],
  },
  "DELETE /api/v1/me/team/members/:memberId": { action: "team:view", alsoAllowed: [404] },
  "PUT /api/v1/me/team/listings/:listingId/member": {
    action: "team:view",
    json: {},
    alsoAllowed: [404],
  },
  "PUT /api/v1/me/team/conversations/:conversationId/member": {
    action: "team:view",
    json: {},
    alsoAllowed: [404],
  },
  // In no agency: nothing to leave (409).
  "POST /api/v1/me/team/leave": { action: "team:leave", alsoAllowed: [409] },
  "POST /api/v1/team-invitations/accept": { action: "team:join", json: {} },
};

type ActorName = "visitor" | "user" | "agent A" | "agent B" | "professional" | "admin";
const ACTOR_NAMES: ActorName[] = ["visitor", "user", "agent A", "agent B", "professional", "admin"];

/** A placeholder the listing's id replaces at call time (a deleted listing is made again). */
const LISTING = "__listing__";

describe(`permission matrix on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  const actors = new Map<ActorName, MadeUser | null>();
  const fixtures = new Map<ListingStatus, number>();
  let agentA: MadeUser;
  let payments: TestPayments | undefined;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    payments = await startTestPayments();
    page = await createPageHandler(app);
    send = await createServerApp(app);
    agentA = await makeUser({ role: "agent" });
    actors.set("visitor", null);
    actors.set("user", await makeUser({ role: "user" }));
    actors.set("agent A", agentA);
    actors.set("agent B", await makeUser({ role: "agent" }));
    actors.set("professional", await makeUser({ role: "professional" }));
    actors.set("admin", await makeUser({ role: "admin" }));
  });
  afterAll(async () => {
    await payments?.stop();
    await app?.close();
  });

  /** Agent A's listing in the status, made again if an allowed call deleted or changed it. */
  async function listingId(status: ListingStatus): Promise<number> {
    const known = fixtures.get(status);
    if (known !== undefined) {
      const [row] = await app.handle.db
        .select({ status: listings.status })
        .from(listings)
        .where(eq(listings.id, known));
      if (row?.status === status) return known;
    }
    const made = await makeListing({ owner: agentA, status });
    fixtures.set(status, made.id);
    return made.id;
  }

  /** The actor's session, made again if an allowed call (signing out) ended it. */
  async function sessionOf(name: ActorName): Promise<MadeUser | null> {
    const actor = actors.get(name) ?? null;
    if (!actor || (await loadViewer(new Headers({ cookie: actor.cookie })))) return actor;
    const renewed = { ...actor, cookie: await renewSession(actor.id) };
    actors.set(name, renewed);
    return renewed;
  }

  function expected(name: ActorName, rule: Expectation): boolean {
    if (rule.signatureOnly) return false;
    if (rule.action === null) return true;
    const actor = actors.get(name) ?? null;
    return can(actor?.viewer ?? null, rule.action, rule.owned ? { ownerId: agentA.id } : {});
  }

  /** How a page refused, or null when it did not. */
  function pageRefusal(response: Response, rule: Expectation): string | null {
    if (rule.refusedAsMissing && response.status === 404) return "missing";
    if (response.status !== 302) return null;
    const title = toastOf(response)?.title;
    const to = response.headers.get("location");
    if (
      to === "/" &&
      (title === "auth.toasts.authRequired" || title === "publish.toasts.authRequired")
    )
      return "sign in";
    if (to === "/dashboard/overview" && title === "auth.toasts.accessDenied") return "denied";
    return null;
  }

  function apiRefusal(response: Response, rule: Expectation): string | null {
    if (rule.refusedAsMissing && response.status === 404) return "missing";
    if (response.status === 401) return "sign in";
    if (response.status === 403) return "denied";
    return null;
  }

  /** requireEntitlement's 403 for the rule's perk: the table let the caller through. */
  async function refusedForPlan(response: Response, rule: Expectation): Promise<boolean> {
    const { entitlement, ownerRefusal } = rule;
    if ((!entitlement && !ownerRefusal) || response.status !== 403) return false;
    const t = createTranslator();
    const json = response.headers.get("content-type")?.includes("application/json");
    if (ownerRefusal) {
      if (!json) return false;
      const { error } = (await response.clone().json()) as { error: { message: string } };
      return error.message === t(ownerRefusal);
    }
    if (!entitlement) return false;
    // The refusal naming a plan starts with the one that names none.
    const perk = t(
      entitlement === "support"
        ? "entitlements.locked.perks.support.basic"
        : `entitlements.locked.perks.${entitlement}`,
    );
    const sentence = t("entitlements.locked.none", { perk }).slice(0, -1);
    // A page's form answers its document with the sentence in it; the API, JSON.
    if (!json) return (await response.clone().text()).includes(sentence);
    const { error } = (await response.clone().json()) as { error: { message: string } };
    return error.message.startsWith(sentence);
  }

  function isAllowedAnswer(status: number, rule: Expectation): boolean {
    return (
      (status >= 200 && status < 400) || status === 400 || !!rule.alsoAllowed?.includes(status)
    );
  }

  /**
   * One call per actor: the answer must match the table, and a refused call must leave every
   * row as it was.
   */
  async function check(
    label: string,
    rule: Expectation,
    call: (actor: MadeUser | null, path: (raw: string) => string) => Promise<Response>,
    refusal: (response: Response, rule: Expectation) => string | null,
  ) {
    const problems: string[] = [];
    for (const name of ACTOR_NAMES) {
      const actor = await sessionOf(name);
      const id = String(await listingId(rule.listing ?? "approved"));
      const before = await databaseSnapshot(app.handle.db);
      const response = await call(actor, (raw) => raw.replaceAll(LISTING, id));
      const allowed = expected(name, rule);
      const refused = refusal(response, rule);
      const what = `${label} as ${name}: ${response.status} ${response.headers.get("location") ?? ""}`;
      if (allowed) {
        if (await refusedForPlan(response, rule)) continue;
        if (refused || !isAllowedAnswer(response.status, rule))
          problems.push(`${what} (expected allowed)`);
        continue;
      }
      const wanted = rule.refusedAsMissing
        ? "missing"
        : name === "visitor" || rule.signatureOnly
          ? "sign in"
          : "denied";
      if (refused !== wanted) problems.push(`${what} (expected refused: ${wanted})`);
      const changes = changedTables(before, await databaseSnapshot(app.handle.db));
      if (changes.length > 0) problems.push(`${what} changed ${changes.join(", ")}`);
    }
    return problems;
  }

  it(
    "answers every page loader and form action as the permission table says",
    async () => {
      const routes = await pageRoutes({ listingId: LISTING });
      const missing = routes.flatMap(({ file, hasAction }) => [
        ...(PAGES[file] ? [] : [`${file}: no entry`]),
        ...(hasAction && PAGES[file] && !PAGES[file].post
          ? [`${file}: no entry for its action`]
          : []),
      ]);
      expect(missing, "routes without a row in the permission matrix").toEqual([]);

      const problems: string[] = [];
      for (const { file, path, hasAction } of routes) {
        const entry = PAGES[file]!;
        const calls: [string, Expectation][] = [["GET", entry.get]];
        if (hasAction) calls.push(["POST", entry.post!]);
        for (const [method, rule] of calls) {
          const found = await check(
            `${method} ${path} (${file})`,
            rule,
            (actor, fill) =>
              page(fill(path), {
                jar: actor ? jarWith(actor.cookie) : undefined,
                method,
                form: method === "POST" ? {} : undefined,
              }),
            pageRefusal,
          );
          problems.push(...found);
        }
      }
      expect(problems).toEqual([]);
      // Every route as six callers, each refused call between two snapshots of every table: on a
      // busy 2-core machine that takes longer than one ordinary test's limit.
    },
    MATRIX_TIMEOUT,
  );

  it(
    "answers every /api/v1 endpoint as the permission table says",
    async () => {
      const routes = apiRoutes({
        id: LISTING,
        listingId: LISTING,
        code: "GBP",
        planId: "basic",
        provider: "sandbox",
      });
      const missing = routes
        .map(({ method, pattern }) => `${method} ${pattern}`)
        .filter((key) => !API[key]);
      expect(missing, "endpoints without a row in the permission matrix").toEqual([]);

      const problems: string[] = [];
      for (const { method, pattern, path } of routes) {
        const rule = API[`${method} ${pattern}`]!;
        const found = await check(
          `${method} ${pattern}`,
          rule,
          (actor, fill) =>
            send(fill(path), {
              method,
              json: rule.json,
              jar: actor ? jarWith(actor.cookie) : undefined,
              ip: app.nextIp(),
            }),
          apiRefusal,
        );
        problems.push(...found);
      }
      expect(problems).toEqual([]);
    },
    MATRIX_TIMEOUT,
  );

  /** A small picture stored as the app stores any: its WebP variants under the folder. */
  async function storedPicture(folder: string) {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#3a6b4c" },
    })
      .png()
      .toBuffer();
    return storeImage(getMediaStorage(), png, folder);
  }

  it(
    "serves a listing's images to everybody once approved, before that only to its owner and the admin",
    async () => {
      const missing = await send("/media/listings/0123456789abcdef-card.webp");
      expect(missing.status).toBe(404);
      const missingBody = await missing.text();
      const problems: string[] = [];
      const mayFetch = new Map<ListingStatus, ActorName[]>();
      for (const status of ["pending_approval", "rejected", "paused", "approved"] as const) {
        const { id } = await makeListing({ owner: agentA, status });
        const image = await storedPicture("listings");
        await app.handle.db.insert(listingImages).values({ listingId: id, position: 0, ...image });
        const allowedNames: ActorName[] = [];
        for (const name of ACTOR_NAMES) {
          const actor = await sessionOf(name);
          const allowed =
            status === "approved" ||
            can(actor?.viewer ?? null, "listing:view-unpublished", { ownerId: agentA.id });
          for (const variant of ["thumb", "card", "gallery"] as const) {
            const before = await databaseSnapshot(app.handle.db);
            const response = await send(mediaUrl(image.storageKey, variant), {
              jar: actor ? jarWith(actor.cookie) : undefined,
            });
            const cacheControl = response.headers.get("cache-control");
            const what = `${status} listing's ${variant} image as ${name}: ${response.status} ${cacheControl}`;
            if (allowed) {
              // A card or gallery image's watermark follows its owner's plan at the same
              // address, so caches revalidate it (docs/decisions/016, "Watermark and video").
              const wanted =
                status !== "approved"
                  ? PRIVATE
                  : variant === "thumb"
                    ? IMMUTABLE
                    : REVALIDATED_MEDIA;
              if (response.status !== 200 || cacheControl !== wanted) {
                problems.push(`${what} (expected 200, ${wanted})`);
              }
              await response.arrayBuffer();
            } else {
              // Refused exactly like a file that does not exist, and kept by no cache.
              const body = await response.text();
              if (response.status !== 404 || body !== missingBody || cacheControl !== PRIVATE) {
                problems.push(`${what} (expected the missing file's 404)`);
              }
            }
            const changes = changedTables(before, await databaseSnapshot(app.handle.db));
            if (changes.length > 0) problems.push(`${what} changed ${changes.join(", ")}`);
          }
          if (allowed) allowedNames.push(name);
        }
        mayFetch.set(status, allowedNames);
      }
      expect(problems).toEqual([]);
      expect(Object.fromEntries(mayFetch)).toEqual({
        pending_approval: ["agent A", "admin"],
        rejected: ["agent A", "admin"],
        paused: ["agent A", "admin"],
        approved: ACTOR_NAMES,
      });
    },
    MATRIX_TIMEOUT,
  );

  it(
    "refuses a user's booking, conversation, payment and pictures to a second user, changing nothing",
    async () => {
      const guestA = (await sessionOf("user"))!;
      const guestB = await makeUser({ role: "user" });
      // A listing of its own: the API matrix above may have started user A's conversation about
      // the shared one, and a person has one conversation per listing.
      const listingIdA = (await makeListing({ owner: agentA, status: "approved" })).id;
      const booking = await makeBooking({
        listing: { id: listingIdA },
        guest: guestA,
        status: "requested",
      });
      const picture = await storedPicture("messages");
      const conversation = await makeConversation({
        listing: { id: listingIdA },
        guest: guestA,
        messages: [
          {
            from: guestA,
            body: "Is the flat still free in January?",
            imageKey: picture.storageKey,
            imageWidth: picture.width,
            imageHeight: picture.height,
          },
        ],
      });
      const { paymentId } = await givePlan(guestA.id, "basic");
      const upload = await storedPicture(`uploads/${"0".repeat(16)}`);
      await app.handle.db.insert(listingUploads).values({ userId: guestA.id, ...upload });
      const b = booking.id;
      const c = conversation.id;

      const calls: {
        label: string;
        call: (jar: ReturnType<typeof jarWith>) => Promise<Response>;
      }[] = [
        ...[
          ["GET", `/api/v1/bookings/${b}`],
          ["GET", `/api/v1/bookings/${b}/refund`],
          ["POST", `/api/v1/bookings/${b}/accept`],
          ["POST", `/api/v1/bookings/${b}/decline`],
          ["POST", `/api/v1/bookings/${b}/cancel`],
          ["POST", `/api/v1/bookings/${b}/conversation`],
          ["POST", `/api/v1/bookings/${b}/balance-checkout`],
          ["POST", `/api/v1/bookings/${b}/checkout`],
          ["GET", `/api/v1/conversations/${c}`],
          ["GET", `/api/v1/conversations/${c}/messages`],
          ["POST", `/api/v1/conversations/${c}/messages`],
          ["GET", `/api/v1/conversations/${c}/quotes`],
          ["GET", `/api/v1/payments/${paymentId}`],
          ["GET", mediaUrl(picture.storageKey, "card")],
          ["GET", mediaUrl(upload.storageKey, "card")],
        ].map(([method, path]) => ({
          label: `${method} ${path}`,
          call: (jar: ReturnType<typeof jarWith>) =>
            send(path!, {
              method,
              jar,
              json: method === "POST" ? { body: "Hello", reason: "Mine now" } : undefined,
              ip: app.nextIp(),
            }),
        })),
        ...[
          ["GET", `/dashboard/inbox/${c}`],
          ["POST", `/dashboard/inbox/${c}`],
          ["GET", `/dashboard/payments/${paymentId}`],
        ].map(([method, path]) => ({
          label: `${method} ${path} (page)`,
          call: (jar: ReturnType<typeof jarWith>) =>
            page(path!, { jar, method, form: method === "POST" ? { body: "Hello" } : undefined }),
        })),
      ];

      const problems: string[] = [];
      for (const { label, call } of calls) {
        const before = await databaseSnapshot(app.handle.db);
        const response = await call(jarWith(guestB.cookie));
        await response.arrayBuffer();
        const refused =
          response.status === 404 ||
          response.status === 403 ||
          (response.status === 302 && response.headers.get("location") === "/dashboard/overview");
        if (!refused) problems.push(`${label} as user B: ${response.status} (expected refused)`);
        const changes = changedTables(before, await databaseSnapshot(app.handle.db));
        if (changes.length > 0) problems.push(`${label} as user B changed ${changes.join(", ")}`);
      }
      expect(problems).toEqual([]);

      // The same records are really there: their own person reads them.
      const jarA = jarWith(guestA.cookie);
      for (const path of [
        `/api/v1/bookings/${b}`,
        `/api/v1/conversations/${c}/messages`,
        `/api/v1/payments/${paymentId}`,
        mediaUrl(picture.storageKey, "card"),
        mediaUrl(upload.storageKey, "thumb"),
      ]) {
        const response = await send(path, { jar: jarA });
        expect(response.status, `${path} as user A`).toBe(200);
        await response.arrayBuffer();
      }
      expect((await page(`/dashboard/inbox/${c}`, { jar: jarA })).status).toBe(200);
      expect((await page(`/dashboard/payments/${paymentId}`, { jar: jarA })).status).toBe(200);
    },
    MATRIX_TIMEOUT,
  );
  it(
    "answers team calls as the table says for an agency's owner, its member, another agency's member and a non-member",
    async () => {
      const owner = await makeUser({ role: "agent" });
      const member = await makeUser({ role: "agent" });
      const spare = await makeUser({ role: "agent" });
      const otherOwner = await makeUser({ role: "agent" });
      const otherMember = await makeUser({ role: "agent" });
      const nonMember = await makeUser({ role: "agent" });
      await givePlan(owner.id, "ultimate");
      await givePlan(otherOwner.id, "ultimate");
      const [agency, other] = await app.handle.db
        .insert(agencies)
        .values([
          { ownerId: owner.id, name: "Matrix Homes", handle: "matrix-homes" },
          { ownerId: otherOwner.id, name: "Other Homes", handle: "other-homes" },
        ])
        .returning({ id: agencies.id });
      await app.handle.db.insert(agencyMembers).values([
        { agencyId: agency!.id, userId: owner.id, role: "owner" },
        { agencyId: agency!.id, userId: member.id, role: "member" },
        { agencyId: agency!.id, userId: spare.id, role: "member" },
        { agencyId: other!.id, userId: otherOwner.id, role: "owner" },
        { agencyId: other!.id, userId: otherMember.id, role: "member" },
      ]);
      const listing = await makeListing({ owner: member, status: "pending_approval" });
      await app.handle.db
        .update(listings)
        .set({ agencyId: agency!.id })
        .where(eq(listings.id, listing.id));
      const guest = await makeUser({ role: "user" });
      const conversation = await makeConversation({
        listing,
        guest,
        messages: [{ from: guest, body: "Still free?" }],
      });
      const [invitation] = await app.handle.db
        .insert(agencyInvitations)
        .values({
          agencyId: agency!.id,
          email: "matrix-invitee@example.com",
          tokenHash: "0".repeat(64),
          invitedBy: owner.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: agencyInvitations.id });

      const people = {
        owner,
        member,
        "another agency's member": otherMember,
        "non-member": nonMember,
      };
      const listingResource = { ownerId: member.id, agencyOwnerId: owner.id };
      const agencyResource = { ownerId: owner.id };
      /** Each call, what the table says, and (for the listing's own member) a party's own right. */
      const calls: {
        label: string;
        action: Action;
        resource: { ownerId?: string; agencyOwnerId?: string };
        party?: MadeUser;
        method: string;
        path: string;
        json?: unknown;
      }[] = [
        {
          label: "the team's pending listing for editing",
          action: "listing:edit",
          resource: listingResource,
          method: "GET",
          path: `/api/v1/my-listings/${listing.id}`,
        },
        {
          label: "the team's conversation",
          action: "conversation:answer-team",
          resource: { agencyOwnerId: owner.id },
          party: member,
          method: "GET",
          path: `/api/v1/conversations/${conversation.id}/messages`,
        },
        {
          label: "inviting",
          action: "team:manage",
          resource: agencyResource,
          method: "POST",
          path: "/api/v1/me/team/invitations",
          json: { email: "matrix-new@example.com" },
        },
        {
          label: "assigning the lead",
          action: "team:manage",
          resource: agencyResource,
          method: "PUT",
          path: `/api/v1/me/team/conversations/${conversation.id}/member`,
          json: { memberId: member.id },
        },
        {
          label: "handing the listing on",
          action: "team:manage",
          resource: agencyResource,
          method: "PUT",
          path: `/api/v1/me/team/listings/${listing.id}/member`,
          json: { memberId: member.id },
        },
        {
          label: "revoking an invitation",
          action: "team:manage",
          resource: agencyResource,
          method: "DELETE",
          path: `/api/v1/me/team/invitations/${invitation!.id}`,
        },
        {
          label: "removing a member",
          action: "team:manage",
          resource: agencyResource,
          method: "DELETE",
          path: `/api/v1/me/team/members/${spare.id}`,
        },
      ];

      const problems: string[] = [];
      for (const call of calls) {
        // The owner goes last: an allowed write of theirs must not change what the others meet.
        for (const name of ["non-member", "another agency's member", "member", "owner"] as const) {
          const who = people[name];
          const allowed = can(who.viewer, call.action, call.resource) || call.party?.id === who.id;
          const before = await databaseSnapshot(app.handle.db);
          const response = await send(call.path, {
            method: call.method,
            json: call.json,
            jar: jarWith(who.cookie),
            ip: app.nextIp(),
          });
          await response.arrayBuffer();
          const what = `${call.label} (${call.method} ${call.path}) as ${name}: ${response.status}`;
          if (allowed) {
            if (response.status >= 300) problems.push(`${what} (expected allowed)`);
            continue;
          }
          if (response.status !== 403 && response.status !== 404) {
            problems.push(`${what} (expected refused)`);
          }
          const changes = changedTables(before, await databaseSnapshot(app.handle.db));
          if (changes.length > 0) problems.push(`${what} changed ${changes.join(", ")}`);
        }
      }
      expect(problems).toEqual([]);
      // The table itself: only the owner manages, and the listing's rights reach the owner.
      expect(
        Object.entries(people)
          .filter(([, who]) => can(who.viewer, "team:manage", agencyResource))
          .map(([name]) => name),
      ).toEqual(["owner"]);
      expect(
        Object.entries(people)
          .filter(([, who]) => can(who.viewer, "listing:edit", listingResource))
          .map(([name]) => name),
      ).toEqual(["owner", "member"]);
    },
    MATRIX_TIMEOUT,
  );
  it(
    "shows identity documents to the administrator only: the person sees their own state, never the files",
    async () => {
      const person = (await sessionOf("agent B"))!;
      const front = await sharp({
        create: { width: 64, height: 40, channels: 3, background: { r: 10, g: 20, b: 30 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      for (const [name, value] of Object.entries({
        documentKind: "passport",
        declaredName: "Agent B",
        documentNumber: "P000111",
        countryCode: "NG",
      }))
        form.append(name, value);
      for (const slot of ["front", "selfie"])
        form.append(slot, new Blob([new Uint8Array(front)], { type: "image/png" }), `${slot}.png`);
      const sent = await send("/api/v1/me/verification/identity", {
        body: form,
        jar: jarWith(person.cookie),
      });
      expect(sent.status).toBe(201);
      const [document] = await app.handle.db
        .select({ id: verificationDocuments.id })
        .from(verificationDocuments)
        .innerJoin(
          verificationSubmissions,
          eq(verificationSubmissions.id, verificationDocuments.submissionId),
        )
        .where(eq(verificationSubmissions.userId, person.id));
      const problems: string[] = [];
      for (const name of ACTOR_NAMES) {
        const actor = await sessionOf(name);
        const file = await send(`/verification-documents/${document!.id}`, {
          jar: actor ? jarWith(actor.cookie) : undefined,
        });
        const body = Buffer.from(await file.arrayBuffer());
        const gotFile = file.status === 200 && body.equals(front);
        if (gotFile !== (name === "admin")) problems.push(`${name}: file ${file.status}`);
        if (gotFile && !file.headers.get("cache-control")?.includes("no-store")) {
          problems.push(`${name}: the file may be cached`);
        }
        // Their own state: the person's says pending, and names no file.
        const state = await send("/api/v1/me/verification", {
          jar: actor ? jarWith(actor.cookie) : undefined,
        });
        if (name === "visitor") {
          if (state.status !== 401) problems.push(`visitor: state ${state.status}`);
          continue;
        }
        const text = await state.text();
        if (text.includes("/verification-documents/")) problems.push(`${name}: state names a file`);
        if (name === "agent B" && !text.includes('"pending"'))
          problems.push("agent B: not pending");
      }
      // The queue with its documents is the administrator's alone.
      for (const name of ACTOR_NAMES) {
        const actor = await sessionOf(name);
        const queue = await send("/api/v1/admin/verification-submissions", {
          jar: actor ? jarWith(actor.cookie) : undefined,
        });
        if ((queue.status === 200) !== (name === "admin"))
          problems.push(`${name}: queue ${queue.status}`);
      }
      expect(problems).toEqual([]);
    },
    MATRIX_TIMEOUT,
  );
});
