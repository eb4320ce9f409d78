import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getConfig, type Config } from "../../config.server.ts";
import { AppError } from "../../lib/app-error.ts";
import { MAX_DOCUMENT_BYTES, type DocumentSlot } from "../../lib/verification-values.ts";

/**
 * The private store of identity and business documents (docs/decisions/019-identity-documents.md).
 * Files live in DATA_DIR/verification-documents, apart from the public media folder that
 * /media/* serves, and each is encrypted with AES-256-GCM under the key of
 * VERIFICATION_DOCUMENT_KEY: a copy of the disk or of a backup without the key shows nothing.
 * The file's name is its authenticated data, so a file moved under another name fails to open.
 */

export const DOCUMENTS_FOLDER = "verification-documents";
/** Where the key generated outside production is kept (like DATA_DIR/auth-secret). */
export const DOCUMENT_KEY_FILE = "verification-document-key";

const MAGIC = Buffer.from("GAD1");
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES + TAG_BYTES;
const FILE_KEY = /^[0-9a-f]{32}$/;
/** A photo of a card is a few megapixels; above this a file is a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;

export type DocumentContentType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

/**
 * The key: VERIFICATION_DOCUMENT_KEY when set (always in production: the configuration refuses
 * to start without it); otherwise 32 random bytes generated on first use and kept in DATA_DIR,
 * so a laptop's documents stay readable across restarts without configuration.
 */
export function resolveDocumentKey(
  config: Pick<Config, "verificationDocumentKey" | "dataDir" | "nodeEnv">,
): Buffer {
  if (config.verificationDocumentKey) return config.verificationDocumentKey;
  if (config.nodeEnv === "production") {
    throw new Error("VERIFICATION_DOCUMENT_KEY is required in production");
  }
  const file = path.join(config.dataDir, DOCUMENT_KEY_FILE);
  try {
    const existing = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (existing.length === 32) return existing;
  } catch {
    // No key yet: create one below.
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64"), { mode: 0o600 });
  return key;
}

type StoreConfig = Pick<Config, "verificationDocumentKey" | "dataDir" | "nodeEnv">;

function documentsDir(config: Pick<Config, "dataDir">): string {
  return path.resolve(config.dataDir, DOCUMENTS_FOLDER);
}

function fileOf(config: Pick<Config, "dataDir">, fileKey: string): string {
  if (!FILE_KEY.test(fileKey)) throw new Error("Invalid document key");
  return path.join(documentsDir(config), `${fileKey}.bin`);
}

export function encryptDocument(key: Buffer, fileKey: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(fileKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/** The plain bytes, or an error when the file was changed or the key is another. */
export function decryptDocument(key: Buffer, fileKey: string, sealed: Buffer): Buffer {
  if (sealed.length < HEADER_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Error("Not an encrypted document");
  }
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(MAGIC.length + IV_BYTES, HEADER_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(fileKey));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
}

function sniff(data: Buffer): DocumentContentType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return "image/jpeg";
  }
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  return null;
}

const SHARP_FORMAT: Record<string, DocumentContentType> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

function refused(slot: DocumentSlot, code: "fileTooLarge" | "invalidType" | "missing"): AppError {
  const message = `verification.errors.${code}` as const;
  const status =
    code === "fileTooLarge"
      ? "PAYLOAD_TOO_LARGE"
      : code === "invalidType"
        ? "UNSUPPORTED_MEDIA_TYPE"
        : "VALIDATION_FAILED";
  return new AppError(status, message, { [slot]: message });
}

/**
 * Judges a file by its content: JPEG, PNG or WebP that the decoder agrees with (and, for the
 * business document only, a PDF), at most MAX_DOCUMENT_BYTES. A renamed file is refused whatever
 * it is called.
 */
export async function checkDocument(
  slot: DocumentSlot,
  data: Buffer | null,
): Promise<DocumentContentType> {
  if (!data || data.length === 0) throw refused(slot, "missing");
  if (data.length > MAX_DOCUMENT_BYTES) throw refused(slot, "fileTooLarge");
  const type = sniff(data);
  if (!type) throw refused(slot, "invalidType");
  if (type === "application/pdf") {
    // A PDF ends with its end-of-file marker; a truncated upload or another file does not.
    const tail = data.subarray(Math.max(0, data.length - 1024)).toString("latin1");
    if (slot !== "business" || !tail.includes("%%EOF")) throw refused(slot, "invalidType");
    return type;
  }
  const format = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .then((meta) => meta.format as string | undefined)
    .catch(() => undefined);
  if (!format || SHARP_FORMAT[format] !== type) throw refused(slot, "invalidType");
  return type;
}

/** Encrypts and writes a checked document under a new random name; returns the name. */
export async function writeDocument(
  plain: Buffer,
  config: StoreConfig = getConfig(),
): Promise<string> {
  const fileKey = randomBytes(16).toString("hex");
  const sealed = encryptDocument(resolveDocumentKey(config), fileKey, plain);
  await mkdir(documentsDir(config), { recursive: true, mode: 0o700 });
  await writeFile(fileOf(config, fileKey), sealed, { mode: 0o600 });
  return fileKey;
}

/** The plain bytes of a stored document, or null when its file is gone. */
export async function readDocument(
  fileKey: string,
  config: StoreConfig = getConfig(),
): Promise<Buffer | null> {
  const sealed = await readFile(fileOf(config, fileKey)).catch(() => null);
  if (!sealed) return null;
  return decryptDocument(resolveDocumentKey(config), fileKey, sealed);
}

export async function deleteDocument(
  fileKey: string,
  config: StoreConfig = getConfig(),
): Promise<void> {
  await rm(fileOf(config, fileKey), { force: true });
}

/** The path of a stored file, for tests that look at the bytes on disk. */
export function documentPath(fileKey: string, config: StoreConfig = getConfig()): string {
  return fileOf(config, fileKey);
}
