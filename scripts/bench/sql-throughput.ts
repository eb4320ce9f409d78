import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "../../app/db/client.server.ts";
import { inlineParams, type CapturedQuery } from "./capture-sql.ts";

export interface SqlResult {
  tool: string;
  /** One browse's statements per transaction: comparable with one API request. */
  tps: number;
  script: string;
}

/** pgbench runs the browse's statements, parameters written in, from `clients` connections. */
export async function pgbenchThroughput(
  url: string,
  queries: CapturedQuery[],
  clients: number,
  seconds: number,
): Promise<SqlResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-sql-"));
  const script = queries.map((q) => `${inlineParams(q)};`).join("\n");
  const file = path.join(dir, "browse.sql");
  writeFileSync(file, `${script}\n`);
  try {
    const { stdout } = await promisify(execFile)("pgbench", [
      "-n",
      "-f",
      file,
      "-c",
      String(clients),
      "-j",
      "2",
      "-T",
      String(seconds),
      url,
    ]);
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tool: `pgbench -c ${clients} -j 2 -T ${seconds}`, tps: Number(tps), script };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PGlite serves one query at a time: the statements in a loop on its one connection. */
export async function pgliteThroughput(
  handle: DatabaseHandle,
  queries: CapturedQuery[],
  seconds: number,
): Promise<SqlResult> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const end = performance.now() + seconds * 1000;
  let done = 0;
  while (performance.now() < end) {
    for (const q of queries) await client.query(q.text, q.params);
    done++;
  }
  return {
    tool: `in-process loop, ${seconds} s`,
    tps: done / seconds,
    script: queries.map((q) => `${inlineParams(q)};`).join("\n"),
  };
}
