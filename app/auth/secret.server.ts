import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * AUTH_SECRET when set; otherwise a secret generated on first start and kept in DATA_DIR, so
 * sessions survive restarts on a laptop without any configuration.
 */
export function resolveAuthSecret(config: { authSecret?: string; dataDir: string }): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // No secret yet: create one below.
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
