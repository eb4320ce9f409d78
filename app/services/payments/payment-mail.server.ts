import { getConfig } from "../../config.server.ts";
import { getMailer, type EmailMessage } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { receiptFacts, stayLines } from "../../lib/payment-receipt.ts";
import type { PaymentView } from "../../lib/schemas/payments.ts";
import { getPublicSettings } from "../content/settings.server.ts";
import { paymentPagePath } from "./checkout.server.ts";
import { findPaymentView } from "./payment-read.server.ts";
import { logger } from "../../lib/logger.server.ts";

const t = createTranslator();

/** The receipt as an e-mail: the same facts as the printable page, and the link to it. */
export function paymentReceiptEmail(
  payment: PaymentView,
  issuer: { siteName: string; supportEmail: string },
): EmailMessage {
  return layout({
    to: payment.payer.email,
    subject: t("payments.receipt.mail.subject", { what: payment.description }),
    greeting: t("email.hello", { name: payment.payer.name || payment.payer.email }),
    lines: [
      t("payments.receipt.mail.body"),
      ...receiptFacts(payment, t).map((fact) => `${fact.label}: ${fact.value}`),
      ...(payment.stay
        ? [
            `${t("payments.receipt.stay.title")}:`,
            ...stayLines(payment.stay, payment.purpose, payment.currency, t).map(
              (line) => `${line.label}: ${line.value}`,
            ),
          ]
        : []),
      `${t("payments.receipt.issuer")}: ${issuer.siteName}, ${t("layout.footer.officeAddress")}`,
    ],
    action: {
      label: t("payments.receipt.mail.action"),
      url: `${getConfig().appUrl}${paymentPagePath(payment.id)}`,
    },
    footer: t("payments.receipt.mail.footer", { email: issuer.supportEmail }),
  });
}

/**
 * E-mails the payer the receipt of a payment that became paid (called by the payments core after
 * the webhook's transaction commits). A failure is logged: the receipt page has it all.
 */
export async function sendPaymentReceipt(paymentId: string): Promise<void> {
  const payment = await findPaymentView(paymentId);
  if (!payment || payment.status !== "paid" || !payment.payer.email) return;
  const message = paymentReceiptEmail(payment, await getPublicSettings());
  await getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger.error(
        { err: error },
        `The receipt of payment ${paymentId} was not e-mailed to its payer`,
      );
    });
}
