import { describe, expect, it } from "vitest";
import { paymentRuleReasons, type PaymentRuleReason } from "./payment-rule.ts";

/** Messages the rule must flag, with the reasons it gives. */
const FLAGGED: [string, PaymentRuleReason[]][] = [
  // Links to payment sites and crypto addresses
  // A link named after its site also names the channel when money is mentioned.
  ["Pay the deposit here: https://paypal.me/kwame2024", ["payment_link", "money_transfer"]],
  ["paypal.me/landlordgh", ["payment_link"]],
  ["Use www.wise.com/pay/me/janed to reserve", ["payment_link"]],
  ["My cashtag link: https://cash.app/$joeyrents", ["payment_link"]],
  ["revolut.me/amina12", ["payment_link"]],
  ["https://venmo.com/u/ownerflat", ["payment_link"]],
  ["Checkout at https://paystack.com/pay/flat-deposit", ["payment_link"]],
  ["Link: flutterwave.com/pay/lekkiflat", ["payment_link"]],
  ["bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.01", ["payment_link", "crypto"]],
  ["Wallet 0x52908400098527886E0F7030069857D2E4169EE7", ["payment_link"]],
  // Channels outside the site, next to a payment word
  ["Please pay the deposit by bank transfer before Friday.", ["bank_transfer"]],
  ["Send the money through Western Union to secure the flat.", ["money_transfer"]],
  ["I only accept MoneyGram for the advance payment", ["money_transfer"]],
  ["You can pay with PayPal, it's faster", ["money_transfer"]],
  ["Payment in USDT or bitcoin only", ["crypto"]],
  ["Buy two iTunes gift cards of $100 and send me the codes to pay the fee", ["gift_card"]],
  ["Pay the rent on MTN MoMo please", ["mobile_money"]],
  ["Tuma deposit kwa M-Pesa, I will confirm", ["mobile_money"]],
  ["Let us do the payment outside the platform, it is cheaper", ["direct_payment"]],
  // Asking for the money directly
  ["Just pay me directly and I keep the room for you", ["direct_payment"]],
  ["Send the deposit to my account today", ["direct_payment"]],
  ["Transfer 200 dollars to my number 0244123456", ["direct_payment"]],
  ["To avoid the platform fees we can sort it out between us", ["direct_payment"]],
  // French
  ["Merci de faire un virement bancaire pour l'acompte", ["bank_transfer"]],
  ["Envoyez l'acompte par Western Union", ["money_transfer"]],
  ["Payez-moi directement, c'est plus simple", ["direct_payment"]],
  ["Envoyez l'argent sur mon numéro Orange Money", ["mobile_money", "direct_payment"]],
  ["Le paiement se fait hors de la plateforme", ["direct_payment"]],
  // Portuguese
  ["Faça uma transferência bancária para pagar o sinal", ["bank_transfer"]],
  ["Pague diretamente, por favor", ["direct_payment"]],
  ["Envie o sinal para a minha conta", ["direct_payment"]],
  ["Pode pagar o aluguel por M-Pesa ou e-Mola", ["mobile_money"]],
  // Several at once
  [
    "Pay me directly by Western Union or to paypal.me/abc",
    ["payment_link", "money_transfer", "direct_payment"],
  ],
];

/** Ordinary messages the rule must leave alone. */
const FINE = [
  "Hello, is the apartment still available?",
  "What is the price per month? Is it negotiable?",
  "How much is the deposit, and is it refundable?",
  "Can I pay by card on the site?",
  "Can I pay when I arrive at the property?",
  "Is there a Western Union or a bank nearby?",
  "Does the rent include water and electricity?",
  "Please send me more photos of the kitchen.",
  "Send a message to my number if the viewing moves: 0244123456",
  "My phone number is +233 24 412 3456, call me after 5 pm.",
  "I will book through the site tonight, thank you!",
  "The beach is five minutes away; you can hear the waves.",
  "Bonjour, le loyer est-il négociable ?",
  "Olá, o apartamento ainda está disponível?",
  "Is wifi included? I work from home and need a secure connection.",
  "Otherwise.com is not a payment site",
];

describe("the off-platform payment rule", () => {
  it.each(FLAGGED)("flags %j", (text, reasons) => {
    expect(paymentRuleReasons(text)).toEqual(reasons);
  });

  it.each(FINE)("leaves %j alone", (text) => {
    expect(paymentRuleReasons(text)).toEqual([]);
  });

  it("reads a channel only near a payment word (80 characters either side)", () => {
    const far = `Western Union is at the corner.${" Lovely street.".repeat(8)} The rent is fine.`;
    expect(paymentRuleReasons(far)).toEqual([]);
    expect(paymentRuleReasons("Western Union, then pay.")).toEqual(["money_transfer"]);
  });

  it("ignores case, accents and line breaks", () => {
    expect(paymentRuleReasons("PAY ME\nDIRECTLY")).toEqual(["direct_payment"]);
    expect(paymentRuleReasons("Envoyez l'ACOMPTE par Virement")).toEqual(["bank_transfer"]);
  });
});
