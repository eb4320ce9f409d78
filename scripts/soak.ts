/**
 * `npm run soak -- [--duration 120] [--users 8] [--think 100] [--database-url postgres://…]
 *   [--restart-db "<command>"] [--kill-server] [--url http://127.0.0.1:3000 --smtp-port 2526]`
 *
 * A bounded mixed workload against the production server (run `npm run build` first): browsing
 * category pages and listings, signing in, toggling favourites and publishing listings through the
 * API, by a fixed number of virtual users for a fixed time. It prints the requests, the errors by
 * status, p50/p95/p99 per kind and the server's resident memory over time, then checks that every
 * write the server acknowledged (listing created, favourite saved or removed) is in the database.
 *
 * By default it starts the server itself on a free port with a fresh embedded database and the
 * demo data (or on the empty PostgreSQL database of --database-url). --restart-db runs a command
 * half-way (e.g. "pg_ctlcluster 15 soak restart") and --kill-server sends the server SIGKILL
 * half-way and starts it again on the same data; both report what the users saw meanwhile.
 * With --url it drives a running server, whose SMTP_URL must point at the soak's mail sink
 * (smtp://127.0.0.1:<--smtp-port>) and whose ADMIN_EMAIL must be --admin-email.
 */
import { randomBytes } from "node:crypto";
import { exec } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify, parseArgs } from "node:util";
import { targetFromConfig } from "../app/db/client.server.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";
import { adminSession, signUp, type SoakAccount } from "./soak/accounts.ts";
import {
  freePort,
  residentMemory,
  startServer,
  waitForHealth,
  type ServerProcess,
} from "./soak/server-process.ts";
import { verifyInDatabase, verifyThroughApi, type WriteCheck } from "./soak/verify.ts";
import { KINDS, Ledger, virtualUser, type Outcome } from "./soak/workload.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "120" },
    users: { type: "string", default: "8" },
    think: { type: "string", default: "100" },
    url: { type: "string" },
    "database-url": { type: "string" },
    "smtp-port": { type: "string", default: "2526" },
    "admin-email": { type: "string", default: "soak-admin@example.com" },
    "restart-db": { type: "string" },
    "kill-server": { type: "boolean", default: false },
  },
});
const durationMs = Number(args.duration) * 1000;
const userCount = Number(args.users);
if (!(durationMs > 0) || !(userCount > 0)) {
  console.error("--duration and --users must be positive numbers");
  process.exit(2);
}
if (args.url && args["kill-server"]) {
  console.error("--kill-server needs a server the soak starts itself (leave out --url)");
  process.exit(2);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

const sink = await startSmtpSink(args.url ? { port: Number(args["smtp-port"]) } : {});
const dataDir = args.url ? undefined : mkdtempSync(path.join(tmpdir(), "gateway-soak-"));
let server: ServerProcess | undefined;
let base: string;
if (args.url) {
  base = args.url.replace(/\/+$/, "");
  await waitForHealth(base);
} else {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: "true",
    SMTP_URL: sink.url,
    PAYMENT_PROVIDER: "sandbox",
    VERIFICATION_DOCUMENT_KEY: randomBytes(32).toString("base64"),
    ADMIN_EMAIL: args["admin-email"],
    // Every virtual user signs in from 127.0.0.1; the limits are for people, not for this test.
    RATE_LIMIT_SCALE: "1000",
  };
  if (args["database-url"]) env.DATABASE_URL = args["database-url"];
  else delete env.DATABASE_URL;
  const began = performance.now();
  server = await startServer(env, port);
  base = server.base;
  console.info(
    `Server ${base} (pid ${server.pid}) healthy in ${((performance.now() - began) / 1000).toFixed(1)} s` +
      ` on ${args["database-url"] ? "PostgreSQL" : `the embedded database in ${dataDir}`}.`,
  );
}

console.info(`Signing up ${userCount} accounts and the administrator…`);
const stamp = Date.now();
const accounts: SoakAccount[] = [];
for (let i = 0; i < userCount; i++) {
  accounts.push(await signUp(base, sink, `soak-${stamp}-${i + 1}@example.com`));
}
const admin = await adminSession(base, sink, args["admin-email"]);
const listingIds: number[] = [];
for (let page = 1; page <= 3; page++) {
  const response = await fetch(`${base}/api/v1/listings?page=${page}`);
  const body = (await response.json()) as { listings: { id: number }[] };
  listingIds.push(...body.listings.map((l) => l.id));
}
if (listingIds.length === 0) throw new Error("The server has no approved listings to browse.");

const outcomes: Outcome[] = [];
const ledger = new Ledger();
const rss: { at: number; pid: number; rssMb: number }[] = [];
const started = performance.now();
const sampler = setInterval(() => {
  if (!server) return;
  const memory = residentMemory(server.pid);
  if (memory) rss.push({ at: performance.now() - started, pid: server.pid, rssMb: memory.rssMb });
}, 5_000);

/** The disturbance half-way, and when it began and ended (ms since the start). */
interface Disturbance {
  name: string;
  from: number;
  to: number;
  detail: string;
}
async function disturb(): Promise<Disturbance | undefined> {
  if (!args["restart-db"] && !args["kill-server"]) return undefined;
  await new Promise((r) => setTimeout(r, durationMs / 2));
  const from = performance.now() - started;
  if (args["restart-db"]) {
    const result = await promisify(exec)(args["restart-db"]).then(
      () => "exit 0",
      (error: Error & { code?: number; stderr?: string }) =>
        `exit ${error.code ?? "?"}: ${error.stderr?.trim() ?? error.message}`,
    );
    return {
      name: `restart-db "${args["restart-db"]}"`,
      from,
      to: performance.now() - started,
      detail: result,
    };
  }
  const killed = server!.pid;
  await server!.kill();
  await server!.restart();
  return {
    name: "kill -9 of the server, then a restart on the same data",
    from,
    to: performance.now() - started,
    detail: `pid ${killed} killed; pid ${server!.pid} healthy again`,
  };
}

const [disturbance] = await Promise.all([
  disturb(),
  ...accounts.map((_, index) =>
    virtualUser(index, {
      base,
      accounts,
      admin,
      listingIds,
      durationMs,
      thinkMs: Number(args.think),
      started,
      ledger,
      record: (outcome) => outcomes.push(outcome),
    }),
  ),
]);
clearInterval(sampler);
const elapsed = performance.now() - started;
const finalMemory = server ? residentMemory(server.pid) : null;

let check: WriteCheck;
if (server) {
  const exit = await server.stop();
  if (exit !== 0) console.error(`The server exited with ${exit} on SIGTERM.`);
  check = await verifyInDatabase(
    targetFromConfig({ dataDir: dataDir!, databaseUrl: args["database-url"] }),
    ledger,
    accounts.map((a) => a.email),
  );
} else {
  check = await verifyThroughApi(base, ledger, accounts, admin);
}
await sink.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

// ── Report ───────────────────────────────────────────────────────────────────────────────────

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
function errorsByStatus(list: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of list.filter((x) => !x.ok)) {
    const key = o.status === 0 ? "no response" : String(o.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size ? [...counts].map(([k, n]) => `${k}: ${n}`).join(", ") : "none";
}
/** The longest time without any successful response, among the gaps that saw a failure. */
function longestOutage(list: Outcome[]): number {
  const sorted = [...list].sort((a, b) => a.endedAt - b.endedAt);
  let lastSuccess = 0;
  let failedSince = false;
  let longest = 0;
  for (const o of sorted) {
    if (!o.ok) failedSince = true;
    else {
      if (failedSince) longest = Math.max(longest, o.endedAt - lastSuccess);
      lastSuccess = o.endedAt;
      failedSince = false;
    }
  }
  if (failedSince) longest = Math.max(longest, elapsed - lastSuccess);
  return longest;
}

const ms = (v: number) => (Number.isNaN(v) ? "-" : v.toFixed(0));
const lines = [
  "",
  `Soak: ${userCount} virtual users for ${(elapsed / 1000).toFixed(0)} s against ${base}`,
  `Requests: ${outcomes.length} (${(outcomes.length / (elapsed / 1000)).toFixed(1)}/s), ` +
    `errors: ${outcomes.filter((o) => !o.ok).length} (${errorsByStatus(outcomes)})`,
  "",
  "kind              requests  errors   p50 ms   p95 ms   p99 ms",
  ...KINDS.map((kind) => {
    const list = outcomes.filter((o) => o.kind === kind);
    const sorted = list
      .filter((o) => o.ok)
      .map((o) => o.ms)
      .sort((a, b) => a - b);
    return (
      kind.padEnd(16) +
      String(list.length).padStart(10) +
      String(list.filter((o) => !o.ok).length).padStart(8) +
      ms(percentile(sorted, 50)).padStart(9) +
      ms(percentile(sorted, 95)).padStart(9) +
      ms(percentile(sorted, 99)).padStart(9)
    );
  }),
];
if (rss.length > 0) {
  const values = rss.map((r) => r.rssMb);
  lines.push(
    "",
    `Server RSS (MB, every 5 s): ${values.map((v) => v.toFixed(0)).join(" ")}`,
    `  min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, ` +
      `at the end ${finalMemory?.rssMb.toFixed(0) ?? "-"} (peak ${finalMemory?.peakMb.toFixed(0) ?? "-"})`,
  );
}
if (disturbance) {
  const during = outcomes.filter(
    (o) => o.endedAt >= disturbance.from && o.endedAt <= disturbance.to + 30_000,
  );
  lines.push(
    "",
    `Disturbance: ${disturbance.name} at ${(disturbance.from / 1000).toFixed(1)} s, ` +
      `took ${((disturbance.to - disturbance.from) / 1000).toFixed(1)} s (${disturbance.detail})`,
    `  users saw, from then until 30 s after: ${during.length} requests, errors ${errorsByStatus(during)}`,
    `  longest time without a successful response: ${(longestOutage(outcomes) / 1000).toFixed(1)} s`,
  );
}
const lost = check.listingsMissing.length + check.favouritesWrong.length;
lines.push(
  "",
  `Acknowledged writes: ${check.listingsAcknowledged} listings created, ` +
    `${ledger.acknowledgedFavourites} favourite toggles (${check.favouritesChecked} user/listing pairs checked, ` +
    `${check.favouritesUncertain} left out: a later attempt went unanswered)`,
  `Lost: ${lost}${lost ? `\n  ${[...check.listingsMissing.map((id) => `listing ${id} missing`), ...check.favouritesWrong].join("\n  ")}` : ""}`,
);
console.info(lines.join("\n"));
process.exit(lost > 0 || outcomes.every((o) => !o.ok) ? 1 : 0);
