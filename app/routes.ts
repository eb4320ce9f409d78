import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { CATEGORIES } from "./lib/listing-values.ts";
import { DASHBOARD_TABS } from "./lib/permissions.ts";

/** The whole URL map (the spec's §2 route table). */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    ...CATEGORIES.map((category) =>
      route(category, "routes/site/category.tsx", { id: `category-${category}` }),
    ),
    route("listings", "routes/site/category.tsx", { id: "category-all" }),
    route("listing/:listingId", "routes/site/listing.tsx"),
    route("listing/:listingId/quote", "routes/site/request-quote.tsx"),
    route("listing/:listingId/message", "routes/site/listing-message.tsx"),
    route("add-listing", "routes/listings/add-listing.tsx"),
    route("about", "routes/site/about.tsx"),
    route("services", "routes/site/services.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("terms", "routes/site/legal.tsx", { id: "legal-terms" }),
    route("faq", "routes/site/legal.tsx", { id: "legal-faq" }),
    route("privacy", "routes/site/legal.tsx", { id: "legal-privacy" }),
    route("kyc", "routes/site/legal.tsx", { id: "legal-kyc" }),
    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/redirect-to-overview.ts"),
      ...DASHBOARD_TABS.map((tab) => route(tab, `routes/dashboard/${tab}.tsx`)),
      route("my-listings/:listingId/calendar", "routes/dashboard/listing-calendar.tsx"),
      route("inbox/:conversationId", "routes/dashboard/conversation.tsx"),
      route("payments/:paymentId", "routes/dashboard/payment.tsx"),
      route("*", "routes/dashboard/redirect-to-overview.ts", { id: "dashboard-unknown" }),
    ]),
  ]),
  layout("routes/auth/layout.tsx", [
    route("admin-login", "routes/auth/admin-login.tsx"),
    route("reset", "routes/auth/reset.tsx"),
    route("confirm", "routes/auth/confirm.tsx"),
    route("auth/callback", "routes/auth/callback.tsx"),
    route("role-selection", "routes/auth/role-selection.tsx"),
  ]),
  route("update-password", "routes/auth/update-password.ts"),
  route("auth/sign-in", "routes/auth/sign-in.ts"),
  route("auth/sign-up", "routes/auth/sign-up.ts"),
  route("auth/forgot-password", "routes/auth/forgot-password.ts"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("auth/google", "routes/auth/google.ts"),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("listing/:listingId/contact", "routes/resources/contact-lead.ts"),
  route("favorites", "routes/resources/favorites.ts"),
  route("reports", "routes/resources/reports.ts"),
  route("blocks", "routes/resources/blocks.ts"),
  route("reviews", "routes/resources/reviews.ts"),
  route("quotes", "routes/resources/quotes.ts"),
  route("featured-listings", "routes/resources/featured-listings.ts"),
  route("search", "routes/resources/search.ts"),
  route("set-currency", "routes/resources/set-currency.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("*", "routes/resources/fallback.ts"),
] satisfies RouteConfig;
