import { z } from "zod";
import { postForm } from "./http.server.ts";
import {
  SmsError,
  type Fetch,
  type SentSms,
  type SmsMessage,
  type SmsProvider,
} from "./provider.server.ts";

/**
 * Africa's Talking (developers.africastalking.com/docs/sms/sending): POST version1/messaging with
 * the app's username, the recipients and the message as a form, the API key in the `apiKey`
 * header. It answers 201 with a recipient per number; a number it could not send to is in that
 * list with a status other than "Success" (its statusCode 100–102 means sent or queued).
 */

export const AFRICASTALKING_API_URL = "https://api.africastalking.com";

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** A registered sender name or short code; the gateway's shared one when absent. */
  senderId?: string;
  apiUrl?: string;
  fetch?: Fetch;
  timeoutMs?: number;
}

const answerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string(),
    Recipients: z.array(
      z.object({
        number: z.string(),
        status: z.string(),
        statusCode: z.number(),
        messageId: z.string(),
      }),
    ),
  }),
});

/** Codes meaning the gateway took the message: Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);

export function createAfricasTalkingProvider(options: AfricasTalkingOptions): SmsProvider {
  const base = (options.apiUrl ?? AFRICASTALKING_API_URL).replace(/\/+$/, "");
  const api = {
    name: "Africa's Talking",
    fetch: options.fetch ?? fetch,
    secret: options.apiKey,
    timeoutMs: options.timeoutMs,
    // Its errors come as text or as { SMSMessageData: { Message } }.
    errorMessage: (body: unknown) =>
      answerSchema.shape.SMSMessageData.pick({ Message: true }).safeParse(
        (body as { SMSMessageData?: unknown } | null)?.SMSMessageData,
      ).data?.Message,
  };
  return {
    id: "africastalking",
    displayName: api.name,
    async send(message: SmsMessage): Promise<SentSms> {
      const answer = await postForm(api, {
        url: `${base}/version1/messaging`,
        headers: { apiKey: options.apiKey },
        form: {
          username: options.username,
          to: message.to,
          message: message.body,
          ...(options.senderId ? { from: options.senderId } : {}),
        },
        schema: answerSchema,
      });
      const recipient = answer.SMSMessageData.Recipients.find((r) => r.number === message.to);
      if (!recipient) {
        throw new SmsError(`${api.name}: ${answer.SMSMessageData.Message || "no recipient"}`);
      }
      if (!ACCEPTED.has(recipient.statusCode)) {
        throw new SmsError(`${api.name}: ${recipient.status} (${recipient.statusCode})`);
      }
      return { providerRef: recipient.messageId };
    },
  };
}
