import type { SmsProviderId } from "../../../lib/phone-verification-values.ts";

/**
 * What the site asks of an SMS gateway, whichever it is: send one text to one number. As with
 * payments (app/services/payments/providers), each gateway is an adapter behind this interface
 * and the configuration (SMS_PROVIDER) picks one.
 */

export interface SmsMessage {
  /** E.164, already normalised ("+254712345678"). */
  to: string;
  body: string;
}

export interface SentSms {
  /** The gateway's id of the message, for its logs and support. */
  providerRef: string;
}

export interface SmsProvider {
  readonly id: SmsProviderId;
  /** The gateway's name as messages and logs show it ("Africa's Talking"). */
  readonly displayName: string;
  /** Throws SmsError when the gateway refuses the message or does not answer in time. */
  send(message: SmsMessage): Promise<SentSms>;
}

/** The gateway answered with an error, an unexpected answer, or not at all. */
export class SmsError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = "SmsError";
    this.status = status;
  }
}

/** The HTTP client adapters use: `fetch` (tests point the adapters at local stand-ins instead). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
