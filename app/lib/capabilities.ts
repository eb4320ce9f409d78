import type { MessageKey } from "../i18n/translate.ts";
import type { PaymentMethod } from "./payment-values.ts";

/**
 * What the marketplace does on the site itself, as the running server finds it (see
 * app/services/capabilities/site-capabilities.server.ts): never set by hand, so the FAQ and the Terms
 * cannot promise, or deny, what the site does.
 */
export interface Capabilities {
  /** Some live listing takes bookings on the site, instantly or as a request to book. */
  onlineBooking: boolean;
  /** How the configured payment provider takes payments; empty when no provider is set up. */
  paymentMethods: readonly PaymentMethod[];
}

type Needs = "onlineBooking" | "onlinePayment";

function has(capabilities: Capabilities, needs: Needs): boolean {
  return needs === "onlinePayment"
    ? capabilities.paymentMethods.length > 0
    : capabilities.onlineBooking;
}

/**
 * Texts that describe booking or paying on the site (the spec's FAQ answers among them), each
 * with what to say instead while the site cannot: the listing's contact options.
 */
const WHEN_ONLINE: Partial<Record<MessageKey, { needs: Needs; instead: MessageKey }>> = {
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

/** The text to show for a key: itself, unless it promises something the site cannot do now. */
export function truthfulText(key: MessageKey, capabilities: Capabilities): MessageKey {
  const rule = WHEN_ONLINE[key];
  return rule && !has(capabilities, rule.needs) ? rule.instead : key;
}

/** The ways to pay, as a sentence's "card, mobile money or bank transfer". */
export function paymentMethodList(
  capabilities: Capabilities,
  label: (method: PaymentMethod) => string,
  locale = "en",
): string {
  return new Intl.ListFormat(locale, { type: "disjunction" }).format(
    capabilities.paymentMethods.map(label),
  );
}
