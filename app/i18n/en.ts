import { about } from "./en/about.ts";
import { agencies } from "./en/agencies.ts";
import { agents } from "./en/agents.ts";
import { api } from "./en/api.ts";
import { bookings } from "./en/bookings.ts";
import { bookingsDashboard } from "./en/bookings-dashboard.ts";
import { bookingManage } from "./en/booking-manage.ts";
import { browse } from "./en/browse.ts";
import { auth } from "./en/auth.ts";
import { categories } from "./en/categories.ts";
import { contact } from "./en/contact.ts";
import { conversations } from "./en/conversations.ts";
import { dashboard } from "./en/dashboard.ts";
import { email } from "./en/email.ts";
import { boosts } from "./en/boosts.ts";
import { entitlements } from "./en/entitlements.ts";
import { detail } from "./en/detail.ts";
import { layout } from "./en/layout.ts";
import { legal } from "./en/legal.ts";
import { profile } from "./en/profile.ts";
import { publish } from "./en/publish.ts";
import { requests } from "./en/requests.ts";
import { payments } from "./en/payments.ts";
import { quotes } from "./en/quotes.ts";
import { reviews } from "./en/reviews.ts";
import { safety } from "./en/safety.ts";
import { teams } from "./en/teams.ts";
import { limits } from "./en/limits.ts";
import { listing } from "./en/listing.ts";
import { services } from "./en/services.ts";
import { home } from "./en/home.ts";
import { values } from "./en/values.ts";
import { verification } from "./en/verification.ts";

/** The English source catalogue: every text a user sees, namespaced by feature. */
export const en = {
  layout,
  auth,
  profile,
  dashboard,
  email,
  home,
  categories,
  about,
  services,
  contact,
  legal,
  values,
  listing,
  browse,
  bookings,
  bookingsDashboard,
  bookingManage,
  conversations,
  detail,
  publish,
  requests,
  payments,
  entitlements,
  boosts,
  quotes,
  reviews,
  safety,
  teams,
  agents,
  agencies,
  limits,
  api,
  verification,
};
