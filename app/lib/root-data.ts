import type { Locale, Messages } from "../i18n/translator.ts";
import type { DisplayCurrency } from "./money.ts";
import type { Role } from "./roles.ts";
import type { Toast } from "./toast.ts";

/** The platform's name and contact details, as the admin sets them, shown on every page. */
export interface PublicSettings {
  siteName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  /** The uploaded logo, shown in the header instead of the built-in mark; null: the mark. */
  logo: { url: string; width: number; height: number } | null;
}

/**
 * What the root loader gives every page. Written out here, not inferred from the loader, so that
 * components and hooks can read it without importing the root route.
 */
export interface RootData {
  locale: Locale;
  /** The texts shared by every page (see root.tsx); each page's loader adds its own. */
  messages: Messages;
  currencies: DisplayCurrency[];
  currency: DisplayCurrency;
  settings: PublicSettings;
  toast: Toast | null;
  year: number;
  viewer: {
    id: string;
    name: string;
    email: string;
    role: Role | null;
    avatar: string;
    /** Messages from others not yet read, across the viewer's conversations (the header's badge). */
    unreadMessages: number;
    /**
     * May add listings (the header's Add Listing): answered by the server, so that the
     * permission table stays out of every page's scripts.
     */
    canPublish: boolean;
  } | null;
  favoriteIds: number[];
  googleEnabled: boolean;
  /** The sign-in dialog offers the demo accounts (a development start with demo data). */
  demoSignIn: boolean;
  appUrl: string;
}
