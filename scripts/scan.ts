/**
 * `npm run scan -- [--sqlmap-minutes 10] [--sqlmap-workers 3] [--sqlmap-from 0] [--wapiti-minutes 10]
 * [--only sqlmap|wapiti]`: the
 * production server (run `npm run build` first) on a fresh embedded database with the demo data,
 * on 127.0.0.1, attacked by sqlmap (every page and API URL that takes a parameter, listed in
 * scripts/scan/targets.ts, as a visitor, a signed-in agent or the administrator) and by wapiti
 * (its crawler from the home page and a few starts, signed in as the agent, with the modules that
 * need no internet; no `-x` exclusion: wapiti 3.0.4 on Python 3.11 crashes on any). Both tools exit 0 whatever they find, so their output and report are read
 * here: every finding is printed and the scan exits 1 if there is any, or if a tool could not
 * finish its list in its time.
 */
import { randomBytes } from "node:crypto";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";
import { adminSession, signUp, type SoakAccount } from "./soak/accounts.ts";
import { freePort, startServer } from "./soak/server-process.ts";
import { SQLMAP_TARGETS, WAPITI_STARTS, type Identity, type ScanTarget } from "./scan/targets.ts";

const { values: args } = parseArgs({
  options: {
    "sqlmap-minutes": { type: "string", default: "10" },
    "wapiti-minutes": { type: "string", default: "10" },
    "sqlmap-workers": { type: "string", default: "3" },
    /** Resume at this target (0-based), after a run that ran out of time. */
    "sqlmap-from": { type: "string", default: "0" },
    only: { type: "string" },
  },
});

/** wapiti 3.0.4's modules that work offline (ssrf and xxe call an outside server; brute force, buster and nikto are not about this code). */
const WAPITI_MODULES = [
  "sql",
  "blindsql",
  "xss",
  "permanentxss",
  "exec",
  "file",
  "crlf",
  "redirect",
  "methods",
  "http_headers",
  "csp",
  "cookieflags",
  "backup",
  "htaccess",
  "shellshock",
];

for (const tool of ["sqlmap", "wapiti"]) {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    console.error(`${tool} is not installed: apt-get install -y sqlmap wapiti`);
    process.exit(1);
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

const work = mkdtempSync(path.join(tmpdir(), "gateway-scan-"));
const sink = await startSmtpSink();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  APP_URL: base,
  DATA_DIR: path.join(work, "data"),
  NODE_ENV: "production",
  SEED_DEMO: "true",
  SMTP_URL: sink.url,
  PAYMENT_PROVIDER: "sandbox",
  VERIFICATION_DOCUMENT_KEY: randomBytes(32).toString("base64"),
  ADMIN_EMAIL: "scan-admin@example.com",
  // sqlmap sends hundreds of sign-ins; a 429 would hide the form from it.
  RATE_LIMIT_SCALE: "1000",
};
delete env.DATABASE_URL;
console.info("Starting the server with the demo data…");
const server = await startServer(env, port);
const agent = await signUp(base, sink, "scan-agent@example.com");
const admin = await adminSession(base, sink, "scan-admin@example.com");
const sessions: Record<Identity, SoakAccount | undefined> = { anonymous: undefined, agent, admin };

async function api<T>(method: string, url: string, account: SoakAccount, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { Origin: base, Cookie: account.cookie, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const browse = await api<{ listings: { id: number }[] }>("GET", "/api/v1/listings", agent);
const listing = browse.listings[0]?.id;
if (!listing) throw new Error("The demo data has no approved listing");
const own = await api<{ id: number }>("POST", "/api/v1/my-listings", agent, {
  category: "real-estate",
  title: "Scanner's flat",
  listingType: "rent",
  price: "750",
  priceType: "per_month",
  countryCode: "GH",
  city: "Accra",
  address: "1 Scan Road",
  description: "A flat the scanner owns.",
  propertyType: "apartment",
  contactMethod: "email",
});
const conversation = await api<{ id?: number; conversationId?: number }>(
  "POST",
  `/api/v1/listings/${listing}/conversations`,
  agent,
  { body: "Is it still free?" },
);
const ids: Record<string, string> = {
  listing: String(listing),
  own: String(own.id),
  conversation: String(conversation.id ?? conversation.conversationId ?? 1),
};
const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? "1");

/** Runs a tool, killing it after `seconds`; its output, and whether it ran out of time. */
function runTool(command: string, argv: string[], seconds: number) {
  return new Promise<{ output: string; timedOut: boolean }>((resolve) => {
    const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"] });
    const killChild = () => child.kill("SIGKILL");
    process.on("exit", killChild);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, seconds * 1000);
    child.on("close", () => {
      clearTimeout(timer);
      process.off("exit", killChild);
      resolve({ output, timedOut });
    });
  });
}

const findings: string[] = [];
/** Printed, not failed: what only the scan's plain-HTTP loopback set-up shows. */
const accepted: string[] = [];
/**
 * wapiti's notes that are about the set-up, not the site, each with its reason. The scan serves
 * plain HTTP on loopback, where no cookie can be Secure and HSTS must not be sent (RFC 6797 §7.2).
 */
const ACCEPTED_NOTES: { kind: string; info: string; reason: string }[] = [
  {
    kind: "Secure Flag cookie",
    info: "",
    reason:
      "the scan serves plain HTTP; every cookie is Secure when APP_URL is https (app/auth/secure-cookie.server.ts)",
  },
  {
    kind: "HTTP Secure Headers",
    info: "Strict-Transport-Security",
    reason:
      "the scan serves plain HTTP; HSTS is sent on every answer when APP_URL is https (server/security-headers.ts)",
  },
  {
    kind: "HTTP Secure Headers",
    info: "X-XSS-Protection",
    reason:
      "the site sends X-XSS-Protection: 0, as OWASP advises: browsers dropped the XSS auditor, whose blocking mode could itself be abused; the nonce-based script policy is the protection",
  },
];
const incomplete: string[] = [];

/** Runs sqlmap on each target, a few at a time, until the list or the time runs out. */
async function sqlmap(targets: ScanTarget[], budgetMs: number, workers: number) {
  const deadline = Date.now() + budgetMs;
  let next = 0;
  let scanned = 0;
  const scanOne = async (index: number, target: ScanTarget) => {
    const left = (deadline - Date.now()) / 1000;
    const label = `${target.method} ${fill(target.url)} (${target.as})`;
    if (left < 5) {
      incomplete.push(`sqlmap: ${label} not reached within the budget`);
      return;
    }
    const argv = [
      "-u",
      `${base}${fill(target.url)}`,
      "--batch",
      "--level=1",
      "--risk=1",
      "--dbms=PostgreSQL",
      "--method",
      target.method,
      "--timeout=15",
      "--retries=1",
      "--disable-coloring",
      "--ignore-code=400,401,403,404,405,409,413,415,422,429",
      `--output-dir=${path.join(work, "sqlmap", String(index))}`,
      "-H",
      `Origin: ${base}`,
    ];
    if (!target.full) argv.push("--smart");
    if (target.data !== undefined) argv.push(`--data=${fill(target.data)}`);
    if (target.json) argv.push("-H", "Content-Type: application/json");
    const session = sessions[target.as];
    if (session) argv.push(`--cookie=${session.cookie}`);
    const perTarget = Math.min(left, target.full ? 240 : 90);
    const { output, timedOut } = await runTool("sqlmap", argv, perTarget);
    scanned += 1;
    const injectable =
      /identified the following injection point\(s\)[\s\S]*?---\n([\s\S]*?)---/.exec(output);
    if (injectable) findings.push(`sqlmap: ${label}\n${injectable[1]!.trim()}`);
    else if (timedOut) incomplete.push(`sqlmap: ${label} stopped after ${perTarget.toFixed(0)} s`);
    else if (/\[CRITICAL\]/.test(output) && !/do not appear to be injectable/.test(output)) {
      const critical = output.split("\n").filter((l) => l.includes("[CRITICAL]"));
      incomplete.push(`sqlmap: ${label}: ${critical.join(" / ")}`);
    }
    process.stdout.write(`\rsqlmap ${scanned}/${targets.length}`);
  };
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < targets.length) {
        const index = next++;
        await scanOne(index, targets[index]!);
      }
    }),
  );
  process.stdout.write("\n");
  return scanned;
}

interface WapitiReport {
  vulnerabilities: Record<
    string,
    { method: string; path: string; info: string; parameter: string }[]
  >;
  anomalies: Record<string, { method: string; path: string; info: string; parameter: string }[]>;
}

async function wapiti(budgetMs: number) {
  const report = path.join(work, "wapiti.json");
  const seconds = Math.floor(budgetMs / 1000);
  const argv = [
    "-u",
    `${base}/`,
    "--scope",
    "folder",
    "-m",
    WAPITI_MODULES.join(","),
    // wapiti 3.0.4 bounds the crawl by --max-scan-time and each module's attack by
    // --max-attack-time, one module after another: the budget is shared out so that the report is
    // written before the time is up.
    "--max-scan-time",
    String(Math.floor(seconds * 0.25)),
    "--max-attack-time",
    String(Math.max(10, Math.floor((seconds * 0.6) / WAPITI_MODULES.length))),
    "-d",
    "3",
    "--max-links-per-page",
    "30",
    "--max-files-per-dir",
    "30",
    "-H",
    `Cookie: ${agent.cookie}`,
    "--flush-session",
    "-f",
    "json",
    "-o",
    report,
    ...WAPITI_STARTS.flatMap((start) => ["-s", `${base}${fill(start)}`]),
  ];
  const { output, timedOut } = await runTool("wapiti", argv, seconds + 60);
  if (timedOut) incomplete.push(`wapiti: killed after ${seconds + 60} s`);
  let parsed: WapitiReport;
  try {
    parsed = JSON.parse(readFileSync(report, "utf8")) as WapitiReport;
  } catch {
    incomplete.push(`wapiti: no report (${output.split("\n").slice(-5).join(" / ")})`);
    return 0;
  }
  for (const [kind, list] of [
    ...Object.entries(parsed.vulnerabilities),
    ...Object.entries(parsed.anomalies),
  ]) {
    for (const item of list) {
      const line = `wapiti: ${kind}: ${item.method} ${item.path}${item.parameter ? ` [${item.parameter}]` : ""}: ${item.info}`;
      const note = ACCEPTED_NOTES.find((n) => n.kind === kind && item.info.includes(n.info));
      if (note) accepted.push(`${line} (${note.reason})`);
      else findings.push(line);
    }
  }
  return WAPITI_MODULES.length;
}

const started = performance.now();
let sqlmapScanned = 0;
let wapitiModules = 0;
try {
  if (args.only !== "wapiti") {
    const t = performance.now();
    sqlmapScanned = await sqlmap(
      SQLMAP_TARGETS.slice(Number(args["sqlmap-from"])),
      Number(args["sqlmap-minutes"]) * 60_000,
      Number(args["sqlmap-workers"]),
    );
    console.info(
      `sqlmap: ${sqlmapScanned} of ${SQLMAP_TARGETS.length - Number(args["sqlmap-from"])} URLs in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
  }
  if (args.only !== "sqlmap") {
    const t = performance.now();
    wapitiModules = await wapiti(Number(args["wapiti-minutes"]) * 60_000);
    console.info(
      `wapiti: crawled and attacked with ${wapitiModules} modules in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
  }
} finally {
  await server.stop();
  await sink.close();
  rmSync(work, { recursive: true, force: true });
}

console.info(
  `\nScan of ${base} in ${((performance.now() - started) / 1000).toFixed(0)} s: ` +
    `${findings.length} findings, ${incomplete.length} incomplete, ${accepted.length} accepted`,
);
for (const finding of findings) console.info(`FINDING ${finding}`);
for (const note of incomplete) console.info(`INCOMPLETE ${note}`);
for (const note of accepted) console.info(`ACCEPTED ${note}`);
process.exit(findings.length > 0 || incomplete.length > 0 ? 1 : 0);
