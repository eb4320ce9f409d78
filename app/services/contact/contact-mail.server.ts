import { getMailer } from "../../email/mailer.server.ts";
import {
  contactAcknowledgementEmail,
  contactNotificationEmail,
  type ContactMessageMail,
} from "../../email/templates.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import { logger } from "../../lib/logger.server.ts";

/** What reached whom; the message itself is stored either way. */
export interface ContactDelivery {
  /** The team's notification address got the message. */
  teamNotified: boolean;
  /** The sender got the acknowledgement. */
  acknowledged: boolean;
}

/**
 * E-mails a stored message to the team (replies go to the sender), then acknowledges it to the
 * sender. The acknowledgement promises an answer, so it goes only once the team has the message.
 * A failure is logged and reported, never thrown: the message is already safe in the database.
 */
export async function mailContactMessage(mail: ContactMessageMail): Promise<ContactDelivery> {
  try {
    await getMailer().send(contactNotificationEmail(await getNotificationEmail(), mail));
  } catch (error) {
    logger.error(
      { err: error },
      `Contact message #${mail.id} stored, but the team was not e-mailed:`,
    );
    return { teamNotified: false, acknowledged: false };
  }
  try {
    await getMailer().send(contactAcknowledgementEmail(mail));
  } catch (error) {
    logger.error({ err: error }, `Contact message #${mail.id}: the acknowledgement was not sent:`);
    return { teamNotified: true, acknowledged: false };
  }
  return { teamNotified: true, acknowledged: true };
}
