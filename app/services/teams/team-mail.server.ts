import { getConfig } from "../../config.server.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { formatPaymentTime } from "../../lib/payment-receipt.ts";

const t = createTranslator();

/** Where an invitation's link leads: the Team tab, which offers to accept after signing in. */
export function invitationUrl(token: string): string {
  return `${getConfig().appUrl}/dashboard/team?invitation=${encodeURIComponent(token)}`;
}

/**
 * The invitation, through the site's one mail path. It names the agency and who invited, and
 * says that the link works for this address only, signed in (or after signing up with it).
 */
export async function sendInvitationEmail(invitation: {
  to: string;
  agencyName: string;
  ownerName: string;
  token: string;
  expiresAt: Date;
}): Promise<void> {
  const params = {
    agency: invitation.agencyName,
    owner: invitation.ownerName,
    date: formatPaymentTime(invitation.expiresAt.toISOString()),
  };
  await getMailer().send(
    layout({
      to: invitation.to,
      subject: t("teams.mail.subject", params),
      greeting: t("email.helloNoName"),
      lines: [t("teams.mail.body", params), t("teams.mail.how", params)],
      action: { label: t("teams.mail.action"), url: invitationUrl(invitation.token) },
      footer: t("teams.mail.footer"),
    }),
  );
}
