import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.server.ts";
import { logger } from "../lib/logger.server.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go instead of the sender; nodemailer encodes the name, so it cannot add headers. */
  replyTo?: { name: string; address: string };
  /** Files sent along, such as a booking's calendar entry (.ics). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface OutboxEntry extends EmailMessage {
  id: string;
  sentAt: string;
}

/** Sends e-mail. Production: SMTP. Without SMTP_URL: the development outbox. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: EmailMessage): Promise<void>;
}

/**
 * Some mail is sent while a person waits for the page (the contact form), so a server that does
 * not answer fails within seconds instead of nodemailer's default of minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Keeps each message as a JSON file so a developer can read it at /dev/outbox. */
export function createOutboxMailer(dir: string): Mailer & { list(): Promise<OutboxEntry[]> } {
  return {
    kind: "outbox",
    async send(message) {
      await mkdir(dir, { recursive: true });
      const entry: OutboxEntry = { id: randomUUID(), sentAt: new Date().toISOString(), ...message };
      await writeFile(
        path.join(dir, `${Date.now()}-${entry.id}.json`),
        JSON.stringify(entry, null, 2),
      );
      logger.info(`E-mail to ${message.to} ("${message.subject}") kept in the development outbox.`);
    },
    async list() {
      const files = await readdir(dir).catch(() => [] as string[]);
      const entries = await Promise.all(
        files
          .filter((f) => f.endsWith(".json"))
          .sort()
          .reverse()
          .slice(0, 50)
          .map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as OutboxEntry),
      );
      return entries;
    },
  };
}

let current: Mailer | undefined;
let outbox: ReturnType<typeof createOutboxMailer> | undefined;

export function setMailer(mailer: Mailer): void {
  current = mailer;
  outbox = "list" in mailer ? (mailer as ReturnType<typeof createOutboxMailer>) : undefined;
}

export function getMailer(): Mailer {
  if (!current) throw new Error("The mailer has not been configured (call setMailer first).");
  return current;
}

/**
 * The one line logged at start when e-mail stays on this machine: where to read it. The messages
 * themselves are never logged, since their links sign people in.
 */
export function outboxNotice(config: Pick<Config, "appUrl" | "dataDir" | "devOutbox">): string {
  const page = `${config.appUrl}/dev/outbox`;
  return config.devOutbox
    ? `E-mail: no SMTP_URL, messages go to the development outbox at ${page}`
    : `E-mail: no SMTP_URL, messages are kept in ${path.join(config.dataDir, "outbox")}; to read them at ${page}, start with DEV_OUTBOX=true (on by default in development at a local address)`;
}

/** The development outbox, when e-mail goes there. */
export function getOutbox(): ReturnType<typeof createOutboxMailer> | undefined {
  return outbox;
}
