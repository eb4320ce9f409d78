import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded body (quoted-printable undone), for finding links. */
  body: string;
}

/** Undoes quoted-printable soft breaks and escapes (nodemailer wraps long links that way). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, to: string[]): ReceivedMail {
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
  return { to, raw, subject, body: decodeQuotedPrintable(raw) };
}

/** The text of a "Q" encoded word: `_` is a space, `=XX` a byte of UTF-8. */
function decodeQ(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "_") bytes.push(0x20);
    else if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes them. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_m, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQ(text),
    );
}

/** The header lines of a message, each unfolded onto one line ("Name: value"). */
export function headerLines(mail: ReceivedMail): string[] {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? "";
  return head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
}

/** One header's decoded value (the first of that name), or null when the message has none. */
export function headerOf(mail: ReceivedMail, name: string): string | null {
  const prefix = `${name.toLowerCase()}:`;
  const line = headerLines(mail).find((l) => l.toLowerCase().startsWith(prefix));
  return line === undefined ? null : decodeEncodedWords(line.slice(prefix.length).trim());
}

/**
 * A real SMTP server on loopback that keeps every message: in memory, and as files in `dir`
 * when given (so a browser test in another process can read what the app sent). Addresses in
 * `reject` are refused at RCPT TO, as a server does for a mailbox that does not exist.
 */
export async function startSmtpSink(
  options: { port?: number; dir?: string; reject?: string[] } = {},
) {
  const rejected = new Set(options.reject?.map((a) => a.toLowerCase()));
  const messages: ReceivedMail[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parse(raw, to));
        if (options.dir) {
          counter += 1;
          writeFileSync(
            path.join(options.dir, `${Date.now()}-${String(counter).padStart(4, "0")}.json`),
            JSON.stringify({ to, raw }),
          );
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Messages sent to an address, oldest first. */
    to(email: string): ReceivedMail[] {
      return messages.filter((m) => m.to.includes(email.toLowerCase()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail written by a sink in another process, read from its directory. */
export function readMailDir(dir: string, email: string): ReceivedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files
    .map(
      (f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { to: string[]; raw: string },
    )
    .filter((m) => m.to.includes(email.toLowerCase()))
    .map((m) => parse(m.raw, m.to));
}

/** The first link in a message that starts with the given prefix. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[^\\s"'<>]+`).exec(mail.body);
  if (!match) throw new Error(`No link starting with ${prefix} in "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}
