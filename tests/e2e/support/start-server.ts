/**
 * Starts the built production server for the browser tests on a fresh data directory, so every
 * run begins from migrations and demo data exactly as `npm start` does on a new machine. With
 * DATABASE_URL set, it uses a fresh database of its own beside that one instead,
 * `<name>_e<E2E_SERVER_INDEX>`: each Playwright worker's server has one. Beside
 * it: a real SMTP sink that writes each message to data/e2e-mail, and a local OpenID Connect
 * stand-in for Google whose next identity the tests set through a small loopback endpoint.
 */
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { createAnew, derivedDatabaseUrl } from "../../support/derived-database.ts";
import { startOidcStandIn, type GoogleIdentity } from "../../support/oidc-stand-in.ts";
import { startSmtpSink } from "../../support/smtp-sink.ts";
import { E2E } from "./e2e-env.ts";

const dataDir = path.resolve(`data/e2e-${E2E.port}`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(E2E.mailDir, { recursive: true, force: true });
const databaseUrl = process.env.DATABASE_URL
  ? derivedDatabaseUrl(process.env.DATABASE_URL, `_e${process.env.E2E_SERVER_INDEX ?? 0}`)
  : "";
if (databaseUrl) await createAnew(databaseUrl);

const sink = await startSmtpSink({ port: E2E.smtpPort, dir: E2E.mailDir });
const oidc = await startOidcStandIn(E2E.oidcPort);

const control = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    if (req.method === "POST" && req.url === "/google-identity") {
      oidc.signInAs(JSON.parse(body) as GoogleIdentity);
      res.writeHead(204).end();
    } else {
      res.writeHead(404).end();
    }
  });
});
await new Promise<void>((resolve) => control.listen(E2E.controlPort, "127.0.0.1", resolve));

const child = spawn(process.execPath, ["server.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(E2E.port),
    APP_URL: E2E.baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    SMTP_URL: sink.url,
    // The demo pays through the local sandbox provider the server starts on loopback.
    PAYMENT_PROVIDER: "sandbox",
    // Verification codes are kept in DATA_DIR/sms, where the browser tests read them.
    SMS_PROVIDER: "sandbox",
    // Identity documents are encrypted with it; a production start refuses to run without one.
    VERIFICATION_DOCUMENT_KEY: randomBytes(32).toString("base64"),
    ADMIN_EMAIL: E2E.adminEmail,
    // Every browser test signs up its own accounts from 127.0.0.1.
    RATE_LIMIT_SCALE: "20",
    // A line per request would bury the test report; warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    GOOGLE_CLIENT_ID: "e2e-client",
    GOOGLE_CLIENT_SECRET: "e2e-secret",
    GOOGLE_AUTHORIZATION_URL: oidc.authorizationUrl,
    GOOGLE_TOKEN_URL: oidc.tokenUrl,
  },
});

async function stop(signal: NodeJS.Signals) {
  child.kill(signal);
  control.close();
  await Promise.allSettled([sink.close(), oidc.close()]);
}
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => void stop(signal));
}
child.on("exit", (code) => process.exit(code ?? 0));
