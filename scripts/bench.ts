/**
 * `npm run bench -- [--engine pg|pglite|both] [--duration 20] [--connections 32] [--quick]`:
 * the production server (`node server.ts`, after `npm run build`) on a database filled by
 * `npm run seed:scale`, loaded scenario by scenario from a second process (autocannon, in
 * scripts/bench/load-worker.ts), next to the filtered browse's own SQL run straight against the
 * database (pgbench on PostgreSQL, an in-process loop on PGlite).
 *
 * PostgreSQL: --database-url or BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ga_scale);
 * PGlite: --data-dir (default /tmp/ga-scale-pglite), the DATA_DIR the seed filled. Writes
 * bench/results/latest.json and latest.md and prints the table.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { parseArgs, promisify } from "node:util";
import { openDatabase, type DatabaseTarget } from "../app/db/client.server.ts";
import { captureBrowseSql } from "./bench/capture-sql.ts";
import { pgbenchThroughput, pgliteThroughput, type SqlResult } from "./bench/sql-throughput.ts";
import type { LoadJob, LoadResult } from "./bench/types.ts";
import { FILTERED_BROWSE } from "./scale/filtered-browse.ts";
import { SCALE_PASSWORD, scaleUsers } from "./scale/scale-data.ts";

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "32" },
    quick: { type: "boolean", default: false },
    port: { type: "string", default: "3960" },
    seed: { type: "string", default: "42" },
    "database-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/ga_scale",
    },
    "data-dir": { type: "string", default: "/tmp/ga-scale-pglite" },
  },
});
const duration = args.quick ? 5 : Number(args.duration);
const connections = Number(args.connections);
const port = Number(args.port);
const origin = `http://127.0.0.1:${port}`;

const filteredQuery = new URLSearchParams(FILTERED_BROWSE).toString();

interface Scenario {
  name: string;
  paths: string[];
  signedIn?: boolean;
  /** Pages are held to the p95 goal; the API is compared with its SQL instead. */
  page: boolean;
}

interface EngineReport {
  engine: "pg" | "pglite";
  sql: SqlResult;
  scenarios: (LoadResult & { name: string; maxRssMb: number })[];
  apiToSqlRatio: number;
}

const ms = (value: number) => value.toFixed(1);

async function waitForServer(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not answer within 3 minutes");
}

function startServer(target: DatabaseTarget, dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_URL: origin,
    SEED_DEMO: "false",
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  if (target.engine === "postgres") env.DATABASE_URL = target.url;
  return spawn(process.execPath, ["server.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The session cookie of one generated agent, through the sign-in dialog's own action. */
async function signIn(): Promise<string> {
  const agent = scaleUsers(4, Number(args.seed), new Date()).find((u) => u.role === "agent");
  if (!agent) throw new Error("no generated agent");
  const response = await fetch(`${origin}/auth/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: agent.email, password: SCALE_PASSWORD, redirectTo: "/" }),
  });
  const location = response.headers.get("location") ?? "";
  if (!location.startsWith("/dashboard")) {
    throw new Error(
      `sign-in of ${agent.email} went to "${location}" (seeded with another --seed?)`,
    );
  }
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function listingPaths(): Promise<string[]> {
  const response = await fetch(`${origin}/api/v1/listings?sort=newest`);
  const body = (await response.json()) as { listings: { id: number }[] };
  return body.listings.slice(0, 8).map((l) => `/listing/${l.id}`);
}

async function runLoad(job: LoadJob, pid: number): Promise<LoadResult & { maxRssMb: number }> {
  let maxRssMb = rssMb(pid);
  const sampler = setInterval(() => (maxRssMb = Math.max(maxRssMb, rssMb(pid))), 500);
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["scripts/bench/load-worker.ts", JSON.stringify(job)],
      { maxBuffer: 1 << 20 },
    );
    return { ...(JSON.parse(stdout) as LoadResult), maxRssMb: Math.max(maxRssMb, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

async function benchEngine(engine: "pg" | "pglite"): Promise<EngineReport> {
  const target: DatabaseTarget =
    engine === "pg"
      ? { engine: "postgres", url: args["database-url"] }
      : { engine: "pglite", dir: `${args["data-dir"]}/pglite` };
  // The SQL first: an embedded database admits one process, and the server is not up yet.
  const handle = await openDatabase(target);
  let sql: SqlResult;
  try {
    const queries = await captureBrowseSql(handle, { category: "real-estate", ...FILTERED_BROWSE });
    sql =
      target.engine === "postgres"
        ? await pgbenchThroughput(target.url, queries, connections, duration)
        : await pgliteThroughput(handle, queries, duration);
  } finally {
    await handle.close();
  }
  console.info(`${engine}: filtered browse SQL ${sql.tps.toFixed(0)} browses/s (${sql.tool})`);

  const server = startServer(target, engine === "pg" ? "/tmp/ga-scale-pg-data" : args["data-dir"]);
  try {
    await waitForServer(server);
    const pid = server.pid ?? 0;
    const cookie = await signIn();
    const scenarios: Scenario[] = [
      { name: "home /", paths: ["/"], page: true },
      { name: "/real-estate", paths: ["/real-estate"], page: true },
      { name: "/hospitality", paths: ["/hospitality"], page: true },
      { name: "/student-housing", paths: ["/student-housing"], page: true },
      { name: "real estate filtered", paths: [`/real-estate?${filteredQuery}`], page: true },
      { name: "/real-estate page 50", paths: ["/real-estate?page=50"], page: true },
      { name: "listing detail (8 ids)", paths: await listingPaths(), page: true },
      {
        name: "API filtered browse",
        paths: [`/api/v1/listings?category=real-estate&${filteredQuery}`],
        page: false,
      },
      { name: "dashboard overview", paths: ["/dashboard/overview"], signedIn: true, page: true },
    ];
    const results: EngineReport["scenarios"] = [];
    for (const scenario of scenarios) {
      const headers = scenario.signedIn ? { cookie } : undefined;
      for (const p of scenario.paths) {
        const warm = await fetch(`${origin}${p}`, { headers, redirect: "manual" });
        if (!warm.ok) throw new Error(`${p} answered ${warm.status}`);
      }
      const result = await runLoad(
        { origin, paths: scenario.paths, connections, duration, headers },
        pid,
      );
      results.push({ name: scenario.name, ...result });
      console.info(
        `${engine} ${scenario.name.padEnd(24)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(result.p50)} p95 ${ms(result.p95)} p99 ${ms(result.p99)} ms  errors ${result.errors}  ${result.bytesPerResponse} B  RSS ${result.maxRssMb.toFixed(0)} MB`,
      );
    }
    const api = results.find((r) => r.name === "API filtered browse");
    return { engine, sql, scenarios: results, apiToSqlRatio: (api?.rps ?? 0) / sql.tps };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

async function machine(): Promise<Record<string, string>> {
  const pgVersion = await promisify(execFile)("psql", [
    args["database-url"],
    "-Atc",
    "show server_version",
  ]).then(
    (r) => r.stdout.trim(),
    () => "n/a",
  );
  return {
    cpus: String(os.availableParallelism()),
    ramGb: (os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    postgres: pgVersion,
    date: new Date().toISOString(),
  };
}

function markdown(reports: EngineReport[], host: Record<string, string>): string {
  const lines = [
    `Machine: ${host.cpus} CPUs, ${host.ramGb} GB RAM, Node ${host.node}, PostgreSQL ${host.postgres}; ` +
      `${connections} connections, ${duration} s per scenario (${host.date}).`,
    "",
    "| engine | scenario | req/s | p50 ms | p95 ms | p99 ms | errors | bytes/resp | max RSS MB |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const r of reports) {
    for (const s of r.scenarios) {
      lines.push(
        `| ${r.engine} | ${s.name} | ${s.rps.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.errors} | ${s.bytesPerResponse} | ${s.maxRssMb.toFixed(0)} |`,
      );
    }
  }
  lines.push("");
  for (const r of reports) {
    lines.push(
      `- ${r.engine}: filtered browse SQL ${r.sql.tps.toFixed(0)} browses/s (${r.sql.tool}); API / SQL = ${r.apiToSqlRatio.toFixed(2)}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

const engines: ("pg" | "pglite")[] =
  args.engine === "both" ? ["pg", "pglite"] : [args.engine === "pglite" ? "pglite" : "pg"];
const reports: EngineReport[] = [];
for (const engine of engines) reports.push(await benchEngine(engine));
const host = await machine();
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/latest.json",
  `${JSON.stringify({ machine: host, connections, duration, reports }, null, 2)}\n`,
);
const table = markdown(reports, host);
writeFileSync("bench/results/latest.md", table);
console.info(`\n${table}`);
