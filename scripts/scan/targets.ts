/**
 * Every page and API URL that takes a parameter, for sqlmap, written out by hand: a crawler finds
 * only what the pages link to, not what client code calls (app/routes.ts, server/api/v1/*.ts and
 * /api/v1/openapi.json are the sources). `*` marks each injection point (a path segment, a query
 * value, a form or JSON value); `{listing}` is an approved listing, `{own}` a listing of the
 * signed-in agent, `{conversation}` one of the agent's conversations; other ids are 1 (a missing
 * row still goes through the same parsing and query).
 *
 * `full` targets get sqlmap's every level-1 test: the free-text and sort parameters of the browse
 * (page and API) and of the administrator's user search, which end up in SQL. The rest get
 * `--smart` (every test only where a heuristic reacts), so all of them fit in the time budget.
 */
export type Identity = "anonymous" | "agent" | "admin";

export interface ScanTarget {
  as: Identity;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  /** A form body (`a=1*&b=2*`) or, with json, a JSON body with markers in its values. */
  data?: string;
  json?: boolean;
  full?: boolean;
}

const get = (as: Identity, url: string, full = false): ScanTarget => ({
  as,
  method: "GET",
  url,
  full,
});
const form = (as: Identity, url: string, data: string): ScanTarget => ({
  as,
  method: "POST",
  url,
  data,
});
const json = (
  as: Identity,
  method: ScanTarget["method"],
  url: string,
  body?: Record<string, string | number | boolean>,
): ScanTarget => ({
  as,
  method,
  url,
  json: true,
  // Markers after each value: strings keep their quotes, numbers and booleans become "1*".
  data: body
    ? JSON.stringify(body).replace(/("(?:[^"\\]|\\.)*"|\d+|true|false)(?=[,}])/g, "$1*")
    : undefined,
});

const BROWSE =
  "q=flat*&location=Accra*&minPrice=100*&maxPrice=900000*&bedrooms=2*&bathrooms=1*" +
  "&propertyType=apartment*&listingType=rent*&sort=newest*&page=1*&currency=USD*";
/** The free-text and sort parameters, for the full tests (every parameter gets --smart above). */
const BROWSE_TEXT = "q=flat*&location=Accra*&sort=newest*&minPrice=100&page=1";

export const SQLMAP_TARGETS: ScanTarget[] = [
  // ── Pages ─────────────────────────────────────────────────────────────────────────────────
  get("anonymous", `/real-estate?${BROWSE_TEXT}`, true),
  get("anonymous", `/real-estate?${BROWSE}`),
  get(
    "anonymous",
    "/hospitality?checkIn=2027-01-10*&checkOut=2027-01-12*&guests=2*&roomType=double*",
  ),
  get("anonymous", "/student-housing?genderPreference=mixed*&roomType=single*&q=campus*"),
  get("anonymous", "/professionals?serviceCategory=lawyer*&q=contract*"),
  get("anonymous", "/travel-agencies?tourType=safari*&q=park*"),
  get("anonymous", "/concierge?serviceCategory=driver*&q=airport*"),
  get("anonymous", "/listings?q=house*&sort=price_asc*&page=2*"),
  get("anonymous", "/search?category=real-estate*&q=villa*&location=Lagos*"),
  get("anonymous", "/listing/{listing}*"),
  get("agent", "/listing/{listing}*/quote"),
  get("agent", "/listing/{listing}*/message"),
  get("anonymous", "/featured-listings?category=real-estate*"),
  get("anonymous", "/contact?reason=general*&plan=basic*"),
  get("anonymous", "/reset?token=abc*"),
  get("anonymous", "/confirm?token=abc*&callbackURL=/*"),
  get("anonymous", "/auth/callback?error=x*&redirectTo=/*"),
  get("agent", "/dashboard/my-listings?page=1*"),
  get("agent", "/dashboard/my-listings/{own}*/calendar?from=2027-01-01*"),
  get("agent", "/dashboard/inbox/{conversation}*"),
  get("agent", "/dashboard/payments/1*"),
  get("agent", "/dashboard/bookings?month=2027-01*&cancel=1*&decline=1*"),
  get("admin", "/dashboard/user-management?q=soak*&page=1*&edit=x*"),
  get("admin", "/dashboard/manage-listings?q=flat*&page=1*"),
  get("admin", "/dashboard/audit-log?action=role*&page=1*"),
  get("admin", "/dashboard/messages?filter=unread*&page=1*&id=1*"),
  get("admin", "/dashboard/reports?status=open*&page=1*"),
  form(
    "anonymous",
    "/auth/sign-in",
    "email=a@example.com*&password=secret-password*&redirectTo=/*",
  ),
  form(
    "anonymous",
    "/auth/sign-up",
    "name=Scan*&email=scan@example.com*&password=secret-password*&accountType=agent*",
  ),
  form("anonymous", "/auth/forgot-password", "email=a@example.com*"),
  form("anonymous", "/admin-login", "email=a@example.com*"),
  form(
    "anonymous",
    "/contact",
    "name=Scan*&email=scan@example.com*&reason=general*&subject=Hello*&message=Hello there*",
  ),
  form("anonymous", "/set-currency", "currency=EUR*&redirectTo=/*"),
  form("agent", "/favorites", "listingId={listing}*&favorite=true*&redirectTo=/*"),
  form("agent", "/reports", "target=listing*&listingId={listing}*&reason=spam*&details=x*"),
  form("agent", "/blocks", "intent=block*&userId=1*"),
  form("agent", "/reviews", "intent=create*&bookingId=1*&rating=5*&body=Great*"),
  form("agent", "/quotes", "intent=request*&listingId={listing}*&need=Plans*&place=Accra*"),
  get("anonymous", "/listing/{listing}*/contact"),

  // ── REST API (/api/v1) ──────────────────────────────────────────────────────────────────
  get(
    "anonymous",
    `/api/v1/listings?${BROWSE}&checkIn=2027-01-10*&checkOut=2027-01-12*&guests=2*`,
    true,
  ),
  get("anonymous", "/api/v1/listings/{listing}*"),
  get("anonymous", "/api/v1/listings/{listing}*/availability?from=2027-01-01*&months=2*"),
  get(
    "anonymous",
    "/api/v1/listings/{listing}*/quote?checkIn=2027-01-10*&checkOut=2027-01-12*&guests=2*&currency=USD*",
  ),
  get("anonymous", "/api/v1/listings/{listing}*/reviews?page=1*"),
  json("anonymous", "POST", "/api/v1/contact-messages", {
    name: "Scan",
    email: "scan@example.com",
    reason: "general",
    subject: "Hello",
    message: "Hello there",
  }),
  json("anonymous", "POST", "/api/v1/listings/{listing}*/contact"),
  json("anonymous", "POST", "/api/v1/listings/{listing}*/leads", { kind: "phone" }),
  json("anonymous", "POST", "/api/v1/payments/webhooks/sandbox*", { event: "x" }),
  get("agent", "/api/v1/my-listings?page=1*"),
  get("agent", "/api/v1/my-listings/{own}*"),
  json("agent", "PUT", "/api/v1/my-listings/{own}*", {
    category: "real-estate",
    title: "Scan flat",
    listingType: "rent",
    price: "750",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "1 Scan Road",
    description: "A flat the scanner edits.",
    propertyType: "apartment",
    contactMethod: "email",
  }),
  json("agent", "PUT", "/api/v1/my-listings/{own}*/featured", { featured: true }),
  json("agent", "DELETE", "/api/v1/uploads/listing-images?key=uploads/x*"),
  json("agent", "PUT", "/api/v1/me/favorites/{listing}*"),
  json("agent", "PUT", "/api/v1/me/blocks/1*"),
  json("agent", "PUT", "/api/v1/me/notification-settings", { messageEmails: true }),
  get("agent", "/api/v1/me/conversations?page=1*"),
  get("agent", "/api/v1/conversations/{conversation}*?before=2027-01-01T00:00:00Z*"),
  get("agent", "/api/v1/conversations/{conversation}*/messages?after=2026-01-01T00:00:00Z*"),
  get("agent", "/api/v1/conversations/{conversation}*/quotes"),
  json("agent", "POST", "/api/v1/conversations/{conversation}*/messages", { body: "Hello" }),
  json("agent", "POST", "/api/v1/listings/{listing}*/conversations", { body: "Is it free?" }),
  json("agent", "POST", "/api/v1/listings/{listing}*/bookings", {
    checkIn: "2027-01-10",
    checkOut: "2027-01-12",
    guests: 2,
    message: "Hi",
    currency: "USD",
  }),
  json("agent", "POST", "/api/v1/listings/{listing}*/quote-requests", {
    need: "Plans",
    place: "Accra",
    neededBy: "2027-02-01",
  }),
  get("agent", "/api/v1/listings/{own}*/calendar?from=2027-01-01*&months=2*"),
  json("agent", "POST", "/api/v1/listings/{own}*/calendar/close", {
    from: "2027-01-01",
    to: "2027-01-05",
  }),
  json("agent", "PUT", "/api/v1/listings/{own}*/booking-settings", {
    mode: "request",
    cancellationPolicy: "flexible",
    minStay: 1,
    maxGuests: 2,
  }),
  json("agent", "PUT", "/api/v1/listings/{own}*/departures", { departsOn: "2027-03-01", seats: 5 }),
  json("agent", "POST", "/api/v1/listings/{own}*/ical-feeds", {
    url: "http://127.0.0.1:9/cal.ics",
  }),
  json("agent", "DELETE", "/api/v1/listings/{own}*/ical-feeds/1*"),
  json("agent", "DELETE", "/api/v1/listings/{own}*/departures/1*"),
  get("agent", "/api/v1/bookings/1*"),
  get("agent", "/api/v1/bookings/1*/refund"),
  json("agent", "POST", "/api/v1/bookings/1*/cancel", { reason: "Plans changed" }),
  json("agent", "POST", "/api/v1/bookings/1*/accept", { reason: "ok" }),
  json("agent", "POST", "/api/v1/bookings/1*/balance-checkout", { currency: "USD" }),
  json("agent", "POST", "/api/v1/quote-requests/1*/quotes", {
    amount: "100",
    covers: "Everything",
    validUntil: "2027-02-01",
  }),
  json("agent", "POST", "/api/v1/quotes/1*/accept"),
  json("agent", "POST", "/api/v1/jobs/1*/cancel", { reason: "x" }),
  json("agent", "POST", "/api/v1/jobs/1*/checkout", { currency: "USD" }),
  json("agent", "POST", "/api/v1/reviews", { bookingId: 1, rating: 5, body: "Great" }),
  json("agent", "POST", "/api/v1/reviews/1*/reply", { reply: "Thanks" }),
  json("agent", "POST", "/api/v1/reports", {
    target: "listing",
    reason: "spam",
    details: "x",
    userId: "x",
  }),
  get("agent", "/api/v1/payments?page=1*"),
  get("agent", "/api/v1/payments/1*"),
  json("agent", "POST", "/api/v1/premium-plans/basic*/checkout", { currency: "USD" }),
  // Premium analytics (any range, by listing): the administrator has every entitlement.
  get("admin", "/api/v1/analytics/report.csv?days=30*&by=listing*"),
  get("admin", "/api/v1/admin/listings?q=flat*&page=1*"),
  json("admin", "PATCH", "/api/v1/admin/listings/{listing}*", { featured: true }),
  get("admin", "/api/v1/admin/users?q=soak*&page=1*", true),
  json("admin", "PATCH", "/api/v1/admin/users/x*", { name: "Scan", role: "agent" }),
  get("admin", "/api/v1/admin/audit-log?action=role*&page=1*"),
  get("admin", "/api/v1/admin/messages?filter=unread*&page=1*"),
  json("admin", "PATCH", "/api/v1/admin/messages/1*", { read: true }),
  json("admin", "POST", "/api/v1/admin/messages/1*/reply", { subject: "Re", body: "Hello" }),
  get("admin", "/api/v1/admin/reports?status=open*&page=1*"),
  json("admin", "POST", "/api/v1/admin/reports/1*/resolve", { status: "resolved", note: "x" }),
  json("admin", "POST", "/api/v1/admin/reviews/1*/hide", { reason: "x" }),
  json("admin", "POST", "/api/v1/moderation/listings/{own}*", {
    decision: "approve",
    reason: "ok",
  }),
  json("admin", "POST", "/api/v1/admin/currencies", {
    name: "Scan",
    code: "SCN",
    symbol: "S",
    ratePerUsd: "2",
    countryCode: "GH",
  }),
  json("admin", "PATCH", "/api/v1/admin/currencies/EUR*", { ratePerUsd: "0.9" }),
  json("admin", "PATCH", "/api/v1/admin/premium-plans/basic*", { name: "Basic", priceUsd: "10" }),
  json("admin", "POST", "/api/v1/admin/payouts", {
    host: "x",
    currency: "USD",
    amount: "10",
    reference: "r",
  }),
];

/** Pages wapiti starts from besides the home page (its crawler follows their links and forms). */
export const WAPITI_STARTS = [
  "/real-estate?q=flat&location=Accra",
  "/listings",
  "/listing/{listing}",
  "/contact",
  "/dashboard/overview",
  "/dashboard/my-listings",
  "/api/v1/listings?q=flat",
  "/api/v1/listings/{listing}",
];
