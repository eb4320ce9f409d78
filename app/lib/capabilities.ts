import type { MessageKey } from "../i18n/translate.ts";

/** What the marketplace can do on the site itself. */
export interface Capabilities {
  /** Booking a listing on the site, instantly or as a request to book. */
  onlineBooking: boolean;
  /** Paying on the site, by card or mobile money. */
  onlinePayment: boolean;
}

/**
 * Today: listings that take bookings are booked on the site (instantly or on request) and paid at
 * the property; the payments issue turns online payment on.
 */
export const CAPABILITIES: Capabilities = { onlineBooking: true, onlinePayment: false };

/**
 * Texts that describe booking or paying on the site (the spec's FAQ answers among them), each
 * with what to say instead while the site cannot: the listing's contact options.
 */
const WHEN_ONLINE: Partial<Record<MessageKey, { needs: keyof Capabilities; instead: MessageKey }>> =
  {
    "legal.faq.items.booking.a": {
      needs: "onlineBooking",
      instead: "legal.faq.items.booking.aDirect",
    },
    "legal.faq.items.payments.a": {
      needs: "onlinePayment",
      instead: "legal.faq.items.payments.aDirect",
    },
    "legal.terms.sections.bookings.body": {
      needs: "onlineBooking",
      instead: "legal.terms.sections.bookings.bodyDirect",
    },
    "legal.terms.sections.payments.body": {
      needs: "onlinePayment",
      instead: "legal.terms.sections.payments.bodyDirect",
    },
    "services.areas.items.hospitality.body": {
      needs: "onlineBooking",
      instead: "services.areas.items.hospitality.bodyDirect",
    },
  };

/** The text to show for a key: itself, unless it promises something the site cannot do yet. */
export function truthfulText(key: MessageKey, capabilities = CAPABILITIES): MessageKey {
  const rule = WHEN_ONLINE[key];
  return rule && !capabilities[rule.needs] ? rule.instead : key;
}
