import { getConfig } from "../../config.server.ts";
import { getMailer, type EmailMessage } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { formatPaymentTime } from "../../lib/payment-receipt.ts";
import { getPublicSettings } from "../content/settings.server.ts";
import { FREE_LIMITS } from "./plan-limits.server.ts";
import { logger } from "../../lib/logger.server.ts";

const t = createTranslator();

export interface PlanMailTarget {
  email: string;
  name: string;
  planName: string;
  endsAt: Date;
}

async function footer(): Promise<string> {
  const { siteName } = await getPublicSettings();
  return t("payments.plans.mail.footer", { siteName });
}

function plansLink() {
  return {
    label: t("payments.plans.mail.renew"),
    url: `${getConfig().appUrl}/dashboard/premium-plans`,
  };
}

/** The reminder 7 days or 1 day before the account's last plan ends. */
export async function planReminderEmail(
  target: PlanMailTarget,
  which: "week" | "day",
): Promise<EmailMessage> {
  const params = { plan: target.planName, date: formatPaymentTime(target.endsAt.toISOString()) };
  return layout({
    to: target.email,
    subject: t(
      which === "week" ? "payments.plans.mail.weekSubject" : "payments.plans.mail.daySubject",
      params,
    ),
    greeting: t("email.hello", { name: target.name }),
    lines: [
      t("payments.plans.mail.ends", params),
      t("payments.plans.mail.whatHappens", { count: FREE_LIMITS.listings }),
    ],
    action: plansLink(),
    footer: await footer(),
  });
}

/** The news that the plan ended, with how many listings were paused. */
export async function planLapsedEmail(
  target: PlanMailTarget,
  paused: number,
): Promise<EmailMessage> {
  const params = { plan: target.planName, date: formatPaymentTime(target.endsAt.toISOString()) };
  return layout({
    to: target.email,
    subject: t("payments.plans.mail.lapsedSubject", params),
    greeting: t("email.hello", { name: target.name }),
    lines: [
      t("payments.plans.mail.lapsed", params),
      ...(paused > 0 ? [t("payments.plans.mail.paused", { count: paused })] : []),
    ],
    action: plansLink(),
    footer: await footer(),
  });
}

/** Sends one, logging a failure: the plan's state is already stored and the dashboard shows it. */
export async function sendPlanMail(message: EmailMessage): Promise<void> {
  await getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger.error({ err: error }, `A plan e-mail to ${message.to} ("${message.subject}") failed`);
    });
}
