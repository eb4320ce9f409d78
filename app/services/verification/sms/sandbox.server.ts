import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { logger } from "../../../lib/logger.server.ts";
import type { SentSms, SmsMessage, SmsProvider } from "./provider.server.ts";

/**
 * The local sandbox gateway: sends nothing, keeps each message as a JSON file in DATA_DIR/sms, as
 * the development outbox keeps e-mail. The developer reads them at /dev/sms (development only,
 * from this machine) and the tests read the files. The log names the number, never the text,
 * since the text holds a code that verifies it.
 */

export interface SandboxSms extends SmsMessage {
  id: string;
  sentAt: string;
}

export interface SandboxSmsProvider extends SmsProvider {
  readonly dir: string;
  /** The newest first, at most 50. */
  list(): Promise<SandboxSms[]>;
}

export function createSandboxSmsProvider(dir: string): SandboxSmsProvider {
  return {
    id: "sandbox",
    displayName: "SMS sandbox",
    dir,
    async send(message: SmsMessage): Promise<SentSms> {
      await mkdir(dir, { recursive: true });
      const entry: SandboxSms = { id: randomUUID(), sentAt: new Date().toISOString(), ...message };
      // The time first, so the names sort in the order the messages were sent.
      await writeFile(
        path.join(dir, `${Date.now()}-${entry.id}.json`),
        JSON.stringify(entry, null, 2),
      );
      logger.info(`Text message to ${message.to} kept in the SMS sandbox.`);
      return { providerRef: entry.id };
    },
    async list() {
      return readSandboxSms(dir);
    },
  };
}

/** The messages kept in a sandbox's folder, newest first (tests read them from the data folder). */
export async function readSandboxSms(dir: string): Promise<SandboxSms[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((f) => f.endsWith(".json"))
      .sort()
      .reverse()
      .slice(0, 50)
      .map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as SandboxSms),
  );
}
