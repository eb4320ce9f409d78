import type { IncomingMessage, ServerResponse } from "node:http";
import type { PaymentMethod } from "../../../lib/payment-values.ts";
import type { Checkout } from "./sandbox-checkout.server.ts";
import { readBody, redirect, sendPage, withOutcome } from "./sandbox-http.server.ts";
import {
  checkoutPage,
  TEST_CARDS,
  type CardErrors,
  type CheckoutStep,
} from "./sandbox-pages.server.ts";

/** pending → paid | failed | cancelled, once, with its webhook (the server's `conclude`). */
export type Conclude = (
  checkout: Checkout,
  status: "paid" | "failed" | "cancelled",
  method: PaymentMethod | null,
) => void;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card form's errors, or the card number when the form is good. */
function readCard(form: URLSearchParams, now: Date): { errors: CardErrors } | { number: string } {
  const errors: CardErrors = {};
  const number = (form.get("number") ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) errors.number = "Enter the card number.";
  else if (!luhnValid(number)) errors.number = "This card number is not valid.";
  else if (number !== TEST_CARDS.succeeds && number !== TEST_CARDS.declined) {
    errors.number = "Use one of the sandbox test cards above.";
  }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec((form.get("expiry") ?? "").trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) errors.expiry = "Enter the expiry as MM/YY.";
  else {
    const endOfMonth = Date.UTC(2000 + Number(expiry[2]), month, 1);
    if (endOfMonth <= now.getTime()) errors.expiry = "This card has expired.";
  }
  if (!/^\d{3,4}$/.test((form.get("cvc") ?? "").trim())) {
    errors.cvc = "Enter the 3 or 4 digits on the back of the card.";
  }
  return Object.keys(errors).length > 0 ? { errors } : { number };
}

/** A phone number as typed ("+233 24-123 4567"), or null unless it has 9 to 15 digits. */
function readPhone(value: string): string | null {
  const phone = value.replace(/[\s().-]/g, "");
  return /^\+?\d{9,15}$/.test(phone) ? phone : null;
}

/** The checkout page as things stand: a redirect once the payment has ended. */
export function showCheckout(
  response: ServerResponse,
  checkout: Checkout,
  query: URLSearchParams,
): void {
  switch (checkout.status) {
    case "paid":
      return redirect(response, withOutcome(checkout.returnUrl, checkout.reference, "paid"));
    case "cancelled":
      return redirect(response, withOutcome(checkout.cancelUrl, checkout.reference, "cancelled"));
    case "failed":
      return sendPage(
        response,
        200,
        (nonce) =>
          checkoutPage(
            checkout,
            {
              kind: "failed",
              tryAgainUrl: withOutcome(checkout.returnUrl, checkout.reference, "failed"),
              siteUrl: `${new URL(checkout.returnUrl).origin}/`,
            },
            nonce,
          ),
        checkout,
      );
    case "pending": {
      const chosen = query.get("method");
      const method = checkout.methods.find((m) => m === chosen) ?? null;
      let step: CheckoutStep;
      if (checkout.awaitingApproval) step = { kind: "waiting" };
      else if (method) step = { kind: method };
      else if (checkout.methods.length === 1) step = { kind: checkout.methods[0]! };
      else step = { kind: "choose" };
      return sendPage(response, 200, (nonce) => checkoutPage(checkout, step, nonce), checkout);
    }
  }
}

/** The payer's form posts: each moves the checkout on, then redirects (post/redirect/get). */
export async function payerAction(
  request: IncomingMessage,
  response: ServerResponse,
  checkout: Checkout,
  action: string,
  conclude: Conclude,
): Promise<void> {
  const form = new URLSearchParams(await readBody(request));
  const page = `/pay/${encodeURIComponent(checkout.id)}`;
  const open = checkout.status === "pending";
  const allows = (method: PaymentMethod) => open && checkout.methods.includes(method);
  const paid = () => withOutcome(checkout.returnUrl, checkout.reference, "paid");

  if (action === "cancel" && open) {
    conclude(checkout, "cancelled", checkout.method);
    return redirect(response, withOutcome(checkout.cancelUrl, checkout.reference, "cancelled"));
  }
  if (action === "card" && allows("card") && !checkout.awaitingApproval) {
    const card = readCard(form, new Date());
    if ("errors" in card) {
      const expiry = (form.get("expiry") ?? "").slice(0, 7);
      const step: CheckoutStep = { kind: "card", errors: card.errors, expiry };
      return sendPage(response, 400, (n) => checkoutPage(checkout, step, n), checkout);
    }
    const declined = card.number === TEST_CARDS.declined;
    conclude(checkout, declined ? "failed" : "paid", "card");
    return redirect(response, declined ? page : paid());
  }
  if (action === "mobile-money" && allows("mobile_money") && !checkout.awaitingApproval) {
    const typed = (form.get("phone") ?? "").slice(0, 20);
    const phone = readPhone(typed);
    if (!phone) {
      const step: CheckoutStep = {
        kind: "mobile_money",
        phone: typed,
        error: "Enter a phone number of 9 to 15 digits, with an optional + and country code.",
      };
      return sendPage(response, 400, (n) => checkoutPage(checkout, step, n), checkout);
    }
    checkout.method = "mobile_money";
    checkout.phone = phone;
    checkout.awaitingApproval = true;
    return redirect(response, page);
  }
  if (action === "mobile-money/approve" && open && checkout.awaitingApproval) {
    conclude(checkout, "paid", "mobile_money");
    return redirect(response, paid());
  }
  if (action === "mobile-money/decline" && open && checkout.awaitingApproval) {
    conclude(checkout, "failed", "mobile_money");
    return redirect(response, page);
  }
  if (action === "bank-transfer" && allows("bank_transfer") && !checkout.awaitingApproval) {
    conclude(checkout, "paid", "bank_transfer");
    return redirect(response, paid());
  }
  // A repeated or stale form (back button, second tab): the page shows where things stand.
  return redirect(response, page);
}
