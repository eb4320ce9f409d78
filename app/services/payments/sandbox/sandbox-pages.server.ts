import { currencyExponent, type PaymentMethod } from "../../../lib/payment-values.ts";

/**
 * The sandbox provider's hosted checkout, as HTML strings. It stands in for Paystack's or
 * Flutterwave's pages, which are the provider's and not the site's, so its English texts live
 * here rather than in the site's catalogue. Plain forms, no script: the page works the same in
 * a test's `fetch` and in a browser, and its style is the only inline code (allowed by nonce).
 */

export const PAGE_TITLE = "Gateway Africa sandbox checkout";

/** The test cards the page lists; every other number is refused as "not a test card". */
export const TEST_CARDS = { succeeds: "4242424242424242", declined: "4000000000000002" } as const;

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  mobile_money: "Mobile money",
  bank_transfer: "Bank transfer",
};

const METHOD_HINTS: Record<PaymentMethod, string> = {
  card: "Visa, Mastercard, Verve: test cards only.",
  mobile_money: "M-Pesa, MTN MoMo, Airtel Money: you approve on your phone.",
  bank_transfer: "Transfer from your bank app, quoting the reference.",
};

/** What of a checkout the pages show. */
export interface PageCheckout {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  methods: readonly PaymentMethod[];
  method: PaymentMethod | null;
  phone: string | null;
  accountNumber: string;
}

export interface CardErrors {
  number?: string;
  expiry?: string;
  cvc?: string;
}

/** The step the payer is at; a step with errors is the same form shown again with them. */
export type CheckoutStep =
  | { kind: "choose" }
  | { kind: "card"; errors?: CardErrors; expiry?: string }
  | { kind: "mobile_money"; error?: string; phone?: string }
  | { kind: "waiting" }
  | { kind: "bank_transfer" }
  | { kind: "failed"; tryAgainUrl: string; siteUrl: string };

/** Text for an HTML element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** "₦1,500.00", "F CFA 5,000": the payer's own currency sign where it has a short one. */
export function formatAmount(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
  }).format(amountMinor / 10 ** currencyExponent(currency));
}

/** "4242 4242 4242 4242": a card number as printed, for the test card list. */
function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#f5f5f4}
.banner{margin:0;padding:.5rem 1rem;text-align:center;font-size:.875rem;font-weight:600;color:#713f12;background:repeating-linear-gradient(-45deg,#fde68a 0 12px,#fcd34d 12px 24px)}
.sheet{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:1rem;padding:1.25rem;margin-bottom:1rem;box-shadow:0 1px 2px rgb(0 0 0/.04)}
.merchant{margin:0;font-size:.875rem;font-weight:700;color:#13644d;letter-spacing:.02em}
.description{margin:.25rem 0 0;color:#44403c}
.amount{margin:.25rem 0 0;font-size:2rem;font-weight:700;letter-spacing:-.02em;font-variant-numeric:tabular-nums}
.payer{margin:.25rem 0 0;font-size:.875rem;color:#78716c;overflow-wrap:anywhere}
h1{margin:0 0 1rem;font-size:1.25rem;line-height:1.3}
p{margin:0 0 1rem}
.methods{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.methods p{margin:.25rem 0 0;font-size:.875rem;color:#78716c}
button,.button{display:block;width:100%;min-height:3rem;padding:.75rem 1rem;border:0;border-radius:.75rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer;color:#fff;background:#13644d}
button:hover,.button:hover{background:#0f5140}
.method{color:#1c1917;background:#fff;border:2px solid #d6d3d1;text-align:left}
.method:hover{background:#f0fdf4;border-color:#13644d}
.secondary{color:#13644d;background:#fff;border:2px solid #13644d}
.secondary:hover{background:#f0fdf4}
.danger{color:#991b1b;background:#fff;border:2px solid #fca5a5}
.danger:hover{background:#fef2f2}
.stack{display:grid;gap:.75rem}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
label{display:block;font-weight:600;margin-bottom:.25rem}
.field{margin-bottom:1rem}
input{display:block;width:100%;min-height:3rem;padding:.625rem .75rem;border:1px solid #a8a29e;border-radius:.5rem;font:inherit;font-variant-numeric:tabular-nums;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:#b91c1c;box-shadow:0 0 0 1px #b91c1c}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.error{margin:.25rem 0 0;color:#b91c1c;font-size:.875rem;font-weight:600}
.hint{margin:0 0 1rem;font-size:.875rem;color:#57534e;background:#fafaf9;border:1px dashed #d6d3d1;border-radius:.5rem;padding:.75rem}
.hint ul{margin:.25rem 0 0;padding-left:1.25rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1rem}
dt{color:#78716c}
dd{margin:0;font-weight:600;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.pulse{width:3rem;height:3rem;margin:0 auto 1rem;border-radius:50%;background:#13644d;opacity:.6;animation:pulse 1.5s ease-in-out infinite}
@keyframes pulse{50%{transform:scale(.7);opacity:.25}}
@media (prefers-reduced-motion:reduce){.pulse{animation:none}}
.footer{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between;align-items:center;font-size:.875rem}
.footer form{margin:0}
.link{display:inline;width:auto;min-height:0;padding:.25rem 0;background:none;color:#57534e;text-decoration:underline;font-weight:500}
.link:hover{background:none;color:#1c1917}
a{color:#13644d}
@media (prefers-color-scheme:dark){
body{color:#f5f5f4;background:#1c1917}
.card{background:#292524;border-color:#44403c}
.description{color:#d6d3d1}
.merchant,a,.secondary{color:#6ee7b7}
.secondary{background:transparent;border-color:#6ee7b7}
.method{color:#f5f5f4;background:#292524;border-color:#57534e}
.method:hover,.secondary:hover{background:#14532d}
.danger{color:#fca5a5;background:transparent}
.danger:hover{background:#450a0a}
input{background:#1c1917;border-color:#78716c}
.hint{color:#d6d3d1;background:#1c1917;border-color:#57534e}
.link,.link:hover{color:#d6d3d1}
}
`;

function layout(options: { nonce: string; body: string; refresh?: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${options.refresh ? '<meta http-equiv="refresh" content="3">\n' : ""}<title>${escapeHtml(PAGE_TITLE)}</title>
<style nonce="${escapeHtml(options.nonce)}">${STYLE}</style>
</head>
<body>
<p class="banner" role="note">Sandbox: a test payment, no real money moves.</p>
<main class="sheet">
${options.body}
</main>
</body>
</html>
`;
}

function summary(checkout: PageCheckout): string {
  return `<section class="card" aria-label="Payment">
<p class="merchant">Gateway Africa</p>
<p class="description">${escapeHtml(checkout.description)}</p>
<p class="amount">${escapeHtml(formatAmount(checkout.amount, checkout.currency))}</p>
<p class="payer">${escapeHtml(checkout.email)}</p>
</section>`;
}

function payPath(checkout: PageCheckout, action = ""): string {
  return escapeHtml(`/pay/${encodeURIComponent(checkout.id)}${action}`);
}

/** Cancel on every open step, and a way back to the choice when there is one. */
function footer(checkout: PageCheckout, showChoice: boolean): string {
  const choice =
    showChoice && checkout.methods.length > 1
      ? `<a href="${payPath(checkout)}">Choose another method</a>`
      : "";
  return `<div class="footer">
${choice}
<form method="post" action="${payPath(checkout, "/cancel")}"><button type="submit" class="link">Cancel payment</button></form>
</div>`;
}

function field(options: {
  name: string;
  label: string;
  error: string | undefined;
  attributes: string;
  value?: string;
}): string {
  const { name, label, error } = options;
  const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : "";
  const value = options.value ? ` value="${escapeHtml(options.value)}"` : "";
  return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${options.attributes}${value}${described} required>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ""}
</div>`;
}

function chooseStep(checkout: PageCheckout): string {
  const items = checkout.methods
    .map(
      (method) => `<li>
<button type="submit" class="method" name="method" value="${method}" aria-describedby="hint-${method}">${escapeHtml(METHOD_LABELS[method])}</button>
<p id="hint-${method}">${escapeHtml(METHOD_HINTS[method])}</p>
</li>`,
    )
    .join("\n");
  return `<h1>Choose how to pay</h1>
<form method="get" action="${payPath(checkout)}">
<ul class="methods">
${items}
</ul>
</form>`;
}

function cardStep(checkout: PageCheckout, step: Extract<CheckoutStep, { kind: "card" }>): string {
  const errors = step.errors ?? {};
  return `<h1>Pay by card</h1>
<div class="hint" role="note"><strong>Test cards</strong>
<ul>
<li>${groupDigits(TEST_CARDS.succeeds)}: succeeds</li>
<li>${groupDigits(TEST_CARDS.declined)}: declined</li>
</ul>
Any future expiry date and any 3 digits for the CVC.</div>
<form method="post" action="${payPath(checkout, "/card")}" novalidate>
${field({ name: "number", label: "Card number", error: errors.number, attributes: 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"' })}
<div class="row">
${field({ name: "expiry", label: "Expiry (MM/YY)", error: errors.expiry, attributes: 'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', value: step.expiry })}
${field({ name: "cvc", label: "CVC", error: errors.cvc, attributes: 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"' })}
</div>
<button type="submit">Pay</button>
</form>`;
}

function mobileMoneyStep(
  checkout: PageCheckout,
  step: Extract<CheckoutStep, { kind: "mobile_money" }>,
): string {
  return `<h1>Pay with mobile money</h1>
<p>We send an approval request to your phone; you approve it there with your PIN.</p>
<form method="post" action="${payPath(checkout, "/mobile-money")}" novalidate>
${field({ name: "phone", label: "Phone number", error: step.error, attributes: 'type="tel" inputmode="tel" autocomplete="tel" placeholder="+233 24 123 4567" maxlength="20"', value: step.phone })}
<button type="submit">Send approval request</button>
</form>`;
}

function waitingStep(checkout: PageCheckout): string {
  return `<h1>Approve the payment on your phone</h1>
<div class="pulse" aria-hidden="true"></div>
<p>We sent a request for ${escapeHtml(formatAmount(checkout.amount, checkout.currency))} to <strong>${escapeHtml(checkout.phone ?? "")}</strong>. This page updates by itself once you approve.</p>
<div class="hint" role="note">In the sandbox no phone rings: use the buttons below to do what the payer's phone would.</div>
<div class="stack">
<form method="post" action="${payPath(checkout, "/mobile-money/approve")}"><button type="submit">I approved it on my phone</button></form>
<form method="post" action="${payPath(checkout, "/mobile-money/decline")}"><button type="submit" class="danger">Decline on phone</button></form>
</div>`;
}

function bankTransferStep(checkout: PageCheckout): string {
  return `<h1>Pay by bank transfer</h1>
<p>Transfer the exact amount to this account, quoting the reference.</p>
<dl>
<dt>Bank</dt><dd>Sandbox Bank</dd>
<dt>Account name</dt><dd>Gateway Africa (sandbox)</dd>
<dt>Account number</dt><dd>${escapeHtml(checkout.accountNumber)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatAmount(checkout.amount, checkout.currency))}</dd>
<dt>Reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
</dl>
<form method="post" action="${payPath(checkout, "/bank-transfer")}"><button type="submit">I have made the transfer</button></form>`;
}

function failedStep(
  checkout: PageCheckout,
  step: Extract<CheckoutStep, { kind: "failed" }>,
): string {
  const card = checkout.method === "card";
  return `<h1>${card ? "Card declined" : "Payment declined"}</h1>
<p>${card ? "Your bank declined the card." : "The payment was declined on the phone."} No money was taken. You can try again from Gateway Africa, with another card or another method.</p>
<div class="stack">
<a class="button" href="${escapeHtml(step.tryAgainUrl)}">Try again</a>
<a class="button secondary" href="${escapeHtml(step.siteUrl)}">Back to Gateway Africa</a>
</div>`;
}

/** The hosted checkout at one step. */
export function checkoutPage(checkout: PageCheckout, step: CheckoutStep, nonce: string): string {
  let content: string;
  switch (step.kind) {
    case "choose":
      content = chooseStep(checkout);
      break;
    case "card":
      content = cardStep(checkout, step);
      break;
    case "mobile_money":
      content = mobileMoneyStep(checkout, step);
      break;
    case "waiting":
      content = waitingStep(checkout);
      break;
    case "bank_transfer":
      content = bankTransferStep(checkout);
      break;
    case "failed":
      content = failedStep(checkout, step);
      break;
  }
  const open = step.kind !== "failed";
  return layout({
    nonce,
    refresh: step.kind === "waiting",
    body: `${summary(checkout)}
<section class="card">
${content}
</section>
${open ? footer(checkout, step.kind !== "choose" && step.kind !== "waiting") : ""}`,
  });
}

export function notFoundPage(nonce: string): string {
  return layout({
    nonce,
    body: `<section class="card">
<h1>Checkout not found</h1>
<p>This payment link is unknown to the sandbox, which forgets its checkouts when it restarts. Go back to the site and start the payment again.</p>
</section>`,
  });
}
