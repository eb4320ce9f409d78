/**
 * The off-platform payment rule: does a message ask to be paid outside Gateway Africa, or carry a
 * link to another payment site? Scammers in rental markets move the payment off the site, where
 * nobody can help the victim afterwards; a message the rule matches is stored flagged, filed to
 * the administrators as a report, and shown to the other person with a calm warning.
 *
 * The rule is deliberately simple, so anyone can read why a message was flagged and the
 * administrator dismisses the rare false alarm. It is written down here and nowhere else:
 *
 * 1. The text is compared in lower case with its accents removed ("dépôt" reads "depot").
 * 2. `payment_link`: a link to, or the address of, a payment site (PayPal.me, Wise, Cash App,
 *    Venmo, Revolut.me, Payoneer, Skrill, Western Union, MoneyGram, WorldRemit, Remitly, Paystack
 *    and Flutterwave payment pages, Coinbase Commerce, Binance Pay…), a crypto payment link
 *    (`bitcoin:…`) or a crypto wallet address (bc1…, 0x… with 40 hex digits).
 * 3. A payment channel that never goes through the site (`bank_transfer`; `money_transfer`:
 *    Western Union, MoneyGram, PayPal…; `crypto`; `gift_card`; `mobile_money`: MoMo, M-Pesa,
 *    Orange Money…) or the words "outside the platform" (`direct_payment`) count only with a word
 *    about paying or sending money within 80 characters of them, before or after: "pay the
 *    deposit by Western Union" matches, "is there a Western Union nearby?" does not. Paying in
 *    cash at the property is not in the list: bookings offer it themselves.
 * 4. `direct_payment`: phrasings that ask for the money directly, whatever the channel: "pay me
 *    directly", "direct payment", "avoid the platform fees", "send the deposit to my account /
 *    number / wallet" (send with the money named: "send a message to my number" is fine), and
 *    their French and Portuguese counterparts ("payez-moi directement", "envoyez l'acompte sur
 *    mon compte", "pague diretamente", "envie o sinal para a minha conta").
 *
 * Questions about the price, the deposit or paying by card on the site name no such channel and
 * no account of the sender's, and do not match.
 */

export const PAYMENT_RULE_REASONS = [
  "payment_link",
  "bank_transfer",
  "money_transfer",
  "crypto",
  "gift_card",
  "mobile_money",
  "direct_payment",
] as const;
export type PaymentRuleReason = (typeof PAYMENT_RULE_REASONS)[number];

/** How far (in characters, either side) a payment word may be from the channel it qualifies. */
const CONTEXT_WINDOW = 80;

/** Payment sites, by the host names of their payment pages (matched with or without https://). */
const PAYMENT_SITES = [
  String.raw`paypal\.me`,
  String.raw`paypal\.com`,
  String.raw`wise\.com`,
  String.raw`transferwise\.com`,
  String.raw`cash\.app`,
  String.raw`venmo\.com`,
  String.raw`revolut\.me`,
  String.raw`revolut\.com`,
  String.raw`payoneer\.com`,
  String.raw`skrill\.com`,
  String.raw`westernunion\.com`,
  String.raw`wu\.com`,
  String.raw`moneygram\.com`,
  String.raw`worldremit\.com`,
  String.raw`remitly\.com`,
  String.raw`sendwave\.com`,
  String.raw`paystack\.com/pay`,
  String.raw`paystack\.shop`,
  String.raw`flutterwave\.com/pay`,
  String.raw`flw\.me`,
  String.raw`chippercash\.com`,
  String.raw`commerce\.coinbase\.com`,
  String.raw`coinbase\.com`,
  String.raw`pay\.binance\.com`,
  String.raw`binance\.com`,
  String.raw`blockchain\.com`,
  String.raw`buymeacoffee\.com`,
];

const LINK_PATTERNS: RegExp[] = [
  new RegExp(String.raw`(?:^|[^a-z0-9.-])(?:https?://)?(?:www\.)?(?:${PAYMENT_SITES.join("|")})\b`),
  /\b(?:bitcoin|ethereum|litecoin|tron|usdt):[a-z0-9]/,
  // A Bitcoin (bech32) or Ethereum-style wallet address written out.
  /\bbc1[02-9ac-hj-np-z]{25,60}\b/,
  /\b0x[0-9a-f]{40}\b/,
];

/** Words about paying or sending money (English, French, Portuguese), as whole words. */
const PAYMENT_WORDS = new RegExp(
  String.raw`\b(?:${[
    // English
    "pay",
    "pays",
    "paid",
    "paying",
    "payment",
    "payments",
    "send",
    "sending",
    "sent",
    "transfer",
    "transfers",
    "wire",
    "deposit",
    "deposits",
    "money",
    "fee",
    "fees",
    "advance",
    "upfront",
    "rent",
    "funds",
    "amount",
    "reserve",
    "reservation",
    "secure",
    "cash out",
    // French
    "payer",
    "payez",
    "paiement",
    "envoyer",
    "envoyez",
    "envoie",
    "virement",
    "verser",
    "versez",
    "versement",
    "depot",
    "acompte",
    "avance",
    "argent",
    "frais",
    "loyer",
    "caution",
    "reglement",
    "regler",
    "reglez",
    // Portuguese
    "pagar",
    "pague",
    "pagamento",
    "enviar",
    "envie",
    "transferir",
    "transfira",
    "transferencia",
    "deposito",
    "depositar",
    "deposite",
    "sinal",
    "adiantamento",
    "dinheiro",
    "taxa",
    "aluguel",
    "aluguer",
    "renda",
  ].join("|")})\b`,
);

/** Payment channels outside the site; each counts only near a payment word (rule 3). */
const CHANNELS: { reason: PaymentRuleReason; pattern: RegExp }[] = [
  {
    reason: "bank_transfer",
    pattern:
      /\b(?:bank (?:transfer|deposit|details|account)|wire transfer|account (?:number|details)|iban|swift(?: code)?|sort code|routing number|virement(?: bancaire)?|rib|coordonnees bancaires|numero de compte|transferencia bancaria|deposito bancario|dados bancarios|numero da conta|nib)\b/,
  },
  {
    reason: "money_transfer",
    pattern:
      /\b(?:western ?union|money ?gram|world ?remit|remitly|ria money|sendwave|taptap send|paypal|venmo|cash ?app|zelle|payoneer|skrill|revolut|chipper ?cash)\b/,
  },
  {
    reason: "crypto",
    pattern:
      /\b(?:crypto(?:currency|currencies|monnaie)?|bitcoins?|btc|usdt|tether|ethereum|binance|criptomoedas?)\b/,
  },
  {
    reason: "gift_card",
    pattern:
      /\b(?:gift ?cards?|(?:itunes|apple|steam|amazon|google play|razer gold) (?:gift )?cards?|cartes? cadeaux?|cartao presente|cartoes presente|vale presente)\b/,
  },
  {
    reason: "mobile_money",
    pattern:
      /\b(?:mobile money|momo|m ?pesa|orange money|airtel money|mtn money|moov money|vodafone cash|ecocash|wave|e ?mola|multicaixa(?: express)?)\b/,
  },
  {
    // Moving the payment off the site, named as such: "pay outside the platform".
    reason: "direct_payment",
    pattern:
      /\b(?:(?:outside|off) (?:of )?(?:the |this )?(?:site|platform|app|website|gateway africa)|hors (?:de )?(?:la |ce )?(?:plateforme|site|application)|fora (?:da|do) (?:plataforma|site|aplicativo|app))\b/,
  },
];

/** Where the sender wants the money: their own account, number or wallet. */
const MY_ACCOUNT = {
  en: String.raw`(?:to|into|on|via|through) (?:my|our) (?:own )?(?:bank )?(?:account|acct|number|phone|wallet|momo|mobile money)`,
  fr: String.raw`(?:sur|a|vers|dans|par) (?:mon|notre|ce) (?:compte|numero|portefeuille)`,
  pt: String.raw`(?:para|na|no|em|pelo|pela) (?:a |o )?(?:minha|meu|nossa|nosso) (?:conta|numero|carteira)`,
};

/**
 * "<verb> … <to my account>": a verb that is about money by itself (pay, transfer, wire), or
 * "send" with the money named (send the deposit), so "send a message to my number" stays fine.
 */
function toMyAccount(moneyVerbs: string, sendVerbs: string, moneyNouns: string, account: string) {
  return new RegExp(
    String.raw`\b(?:(?:${moneyVerbs})\b[^.!?\n]{0,50}|(?:${sendVerbs})\b[^.!?\n]{0,30}\b(?:${moneyNouns})\b[^.!?\n]{0,40})\b${account}\b`,
  );
}

/** Phrasings that ask for the money directly (rule 4), whatever the channel. */
const DIRECT_PATTERNS: RegExp[] = [
  // English
  /\bpay (?:me|us|the (?:owner|landlord|agent)) (?:directly|direct|personally|privately)\b/,
  /\b(?:direct|private) (?:payment|transfer)\b/,
  /\b(?:avoid|skip|save on|without) (?:the )?(?:site|platform|app|website|booking|service) (?:fees?|commission)\b/,
  toMyAccount(
    "pay|transfer|wire|deposit",
    "send",
    "deposit|payment|money|fee|advance|rent|funds|amount|cash",
    MY_ACCOUNT.en,
  ),
  // French
  /\bpayez moi directement\b/,
  /\b(?:payer|paiement|reglement|regler) (?:directement|en direct)\b/,
  toMyAccount(
    "payer|payez|verser|versez|virer|virez|transferer|transferez",
    "envoyer|envoyez|envoie",
    "acompte|argent|paiement|avance|loyer|caution|frais|montant|depot",
    MY_ACCOUNT.fr,
  ),
  // Portuguese
  /\bpague(?: me)? (?:diretamente|direto)\b/,
  /\bpagamento direto\b/,
  toMyAccount(
    "transfira|transferir|pague|pagar|deposite|depositar",
    "envie|enviar",
    "sinal|dinheiro|pagamento|adiantamento|aluguel|aluguer|renda|valor|taxa|deposito",
    MY_ACCOUNT.pt,
  ),
];

/** Lower case, accents removed, runs of white space made one space. */
function normalized(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ");
}

/** Whether a payment word stands within the window around the match at `index`. */
function nearPaymentWord(text: string, index: number, length: number): boolean {
  const from = Math.max(0, index - CONTEXT_WINDOW);
  const to = Math.min(text.length, index + length + CONTEXT_WINDOW);
  return PAYMENT_WORDS.test(text.slice(from, to));
}

function channelMatches(text: string, pattern: RegExp): boolean {
  const global = new RegExp(pattern.source, "g");
  for (const found of text.matchAll(global)) {
    if (nearPaymentWord(text, found.index, found[0].length)) return true;
  }
  return false;
}

/**
 * The reasons the rule matched in a message's text, in the order of PAYMENT_RULE_REASONS; an
 * empty list when the message is fine.
 */
export function paymentRuleReasons(text: string): PaymentRuleReason[] {
  const value = normalized(text);
  // Links keep their hyphens; the channels and phrasings read "m-pesa" as "m pesa".
  const words = value.replace(/-/g, " ");
  const found = new Set<PaymentRuleReason>();
  if (LINK_PATTERNS.some((pattern) => pattern.test(value))) found.add("payment_link");
  for (const { reason, pattern } of CHANNELS) {
    if (channelMatches(words, pattern)) found.add(reason);
  }
  if (DIRECT_PATTERNS.some((pattern) => pattern.test(words))) found.add("direct_payment");
  return PAYMENT_RULE_REASONS.filter((reason) => found.has(reason));
}

export function isPaymentRuleReason(value: string): value is PaymentRuleReason {
  return (PAYMENT_RULE_REASONS as readonly string[]).includes(value);
}
