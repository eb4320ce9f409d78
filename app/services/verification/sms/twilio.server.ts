import { z } from "zod";
import { postForm } from "./http.server.ts";
import type { Fetch, SentSms, SmsMessage, SmsProvider } from "./provider.server.ts";

/**
 * Twilio (twilio.com/docs/messaging/api/message-resource#create-a-message-resource): POST
 * 2010-04-01/Accounts/{AccountSid}/Messages.json with To, From and Body as a form, authenticated
 * with the account SID and auth token (HTTP basic). It answers 201 with the message's sid; an
 * error is { code, message, status }.
 */

export const TWILIO_API_URL = "https://api.twilio.com";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl?: string;
  fetch?: Fetch;
  timeoutMs?: number;
}

const answerSchema = z.object({ sid: z.string().min(1), status: z.string() });
const errorSchema = z.object({ message: z.string(), code: z.number().optional() });

export function createTwilioProvider(options: TwilioOptions): SmsProvider {
  const base = (options.apiUrl ?? TWILIO_API_URL).replace(/\/+$/, "");
  const api = {
    name: "Twilio",
    fetch: options.fetch ?? fetch,
    secret: options.authToken,
    timeoutMs: options.timeoutMs,
    errorMessage: (body: unknown) => {
      const error = errorSchema.safeParse(body).data;
      return error && (error.code ? `${error.message} (${error.code})` : error.message);
    },
  };
  const credentials = Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  return {
    id: "twilio",
    displayName: api.name,
    async send(message: SmsMessage): Promise<SentSms> {
      const answer = await postForm(api, {
        url: `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        headers: { authorization: `Basic ${credentials}` },
        form: { To: message.to, From: options.from, Body: message.body },
        schema: answerSchema,
      });
      return { providerRef: answer.sid };
    },
  };
}
