import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server.ts";
import { DatabaseInUseError, lockDatabaseDirectory } from "../../app/db/data-dir-lock.server.ts";

/**
 * The embedded database is opened by one process only. These tests run real processes on a
 * PGlite directory whatever DATABASE_URL says: PostgreSQL has its own locking, and takes no lock.
 * They share one directory, as starting PGlite on a fresh one (initdb and migrations) is slow;
 * each test leaves it unlocked, with no process running.
 */

interface Held {
  pid: number;
  /** Rows in the probe table once this process added its own: the data it found, plus one. */
  rows: number;
}

interface Opener {
  /** Resolves when the database is open, rejects when the process exits first. */
  ready: Promise<Held>;
  exited: Promise<{ code: number | null; stderr: string }>;
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

function spawnOpener(args: string[], env: Record<string, string> = {}): Opener {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
  const ready = new Promise<Held>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /ready (\d+) (\d+)/.exec(stdout);
      if (match) resolve({ pid: Number(match[1]), rows: Number(match[2]) });
    });
    void exited.then(({ code, stderr }) =>
      reject(new Error(`exited with ${code} before opening the database: ${stderr}`)),
    );
  });
  ready.catch(() => undefined);
  return {
    ready,
    exited,
    async stop() {
      child.kill("SIGTERM");
      return (await exited).code;
    },
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

const holdDatabase = (dir: string, env?: Record<string, string>) =>
  spawnOpener(["tests/support/hold-database.ts", dir], env);

const inUse = (dir: string, pid: number) =>
  `The database in ${dir} is in use by process ${pid}; stop it first ` +
  `(only one process may open the embedded database).`;

/** The PID of a process that has already exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  if (!pid) throw new Error("Could not start a short-lived process");
  return pid;
}

/** Each test starts Node processes that open PGlite: slow on a busy two-core machine. */
const PROCESS_TEST_MS = 180_000;

let root: string;
let dir: string;
let lockFile: string;
const running: Opener[] = [];

function start(env?: Record<string, string>): Opener {
  const opener = holdDatabase(dir, env);
  running.push(opener);
  return opener;
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), "database-lock-")));
  dir = path.join(root, "pglite");
  lockFile = `${dir}.lock`;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((opener) => opener.stop()));
  rmSync(lockFile, { force: true });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the embedded database's directory lock", () => {
  it(
    "refuses a second process, naming the first, which keeps its data",
    async () => {
      const first = start();
      const { pid, rows } = await first.ready;
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(pid));

      const second = start();
      const refused = await second.exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(inUse(dir, pid));
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(pid));

      // The first closes cleanly, which removes the lock; its row is there for the next opener.
      expect(await first.stop()).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
      const third = start();
      expect((await third.ready).rows).toBe(rows + 1);
    },
    PROCESS_TEST_MS,
  );

  it(
    "takes over the lock of a process killed with kill -9, with its data intact",
    async () => {
      const killed = start();
      const { pid, rows } = await killed.ready;
      await killed.kill();
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(pid));

      const next = start();
      const held = await next.ready;
      expect(held.rows).toBe(rows + 1);
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(held.pid));
    },
    PROCESS_TEST_MS,
  );

  it(
    "lets exactly one of several simultaneous starters take over a stale lock",
    async () => {
      writeFileSync(lockFile, `${deadPid()}\n`);
      const starters = [start(), start(), start()];
      const outcomes = await Promise.all(
        starters.map((s) =>
          s.ready.then(
            (held) => ({ held }),
            async () => ({ refused: (await s.exited).stderr.trim() }),
          ),
        ),
      );
      const winners = outcomes.flatMap((o) => ("held" in o ? [o.held] : []));
      expect(winners).toHaveLength(1);
      const [winner] = winners;
      for (const outcome of outcomes) {
        if ("refused" in outcome) expect(outcome.refused).toBe(inUse(dir, winner!.pid));
      }
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(winner!.pid));
    },
    PROCESS_TEST_MS,
  );

  it(
    "leaves no lock behind when the database fails to open",
    async () => {
      const failed = start({ MIGRATIONS_DIR: path.join(root, "no-migrations") });
      expect((await failed.exited).code).toBe(1);
      expect(existsSync(lockFile)).toBe(false);
      await expect(start().ready).resolves.toBeDefined();
    },
    PROCESS_TEST_MS,
  );

  it(
    "refuses `npm run seed` while a server holds the data directory",
    async () => {
      const server = start();
      const { pid } = await server.ready;
      const seed = spawnOpener(["scripts/seed.ts"], {
        DATA_DIR: root,
        DATABASE_URL: "",
        SEED_DEMO: "true",
      });
      running.push(seed);
      const refused = await seed.exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(inUse(dir, pid));
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(pid));
    },
    PROCESS_TEST_MS,
  );

  it(
    "admits one handle per directory in a process too, until it is closed",
    async () => {
      const handle = await openDatabase({ engine: "pglite", dir });
      try {
        const otherSpelling = path.relative(process.cwd(), dir);
        const second = openDatabase({ engine: "pglite", dir: otherSpelling });
        await expect(second).rejects.toThrow(DatabaseInUseError);
        await expect(second).rejects.toMatchObject({ pid: process.pid });
      } finally {
        await handle.close();
      }
      expect(existsSync(lockFile)).toBe(false);
      const reopened = await openDatabase({ engine: "pglite", dir });
      await reopened.close();
    },
    PROCESS_TEST_MS,
  );
});

describe("the lock file's edge cases", () => {
  // The lock alone, without PGlite: `dir` need not exist for its lock file to be taken.
  const lockOnly = () => path.join(root, "lock-only");
  const lockOnlyFile = () => `${lockOnly()}.lock`;
  const aged = (file: string) => {
    const past = new Date(Date.now() - 60_000);
    utimesSync(file, past, past);
  };

  it("names a live process of another program that holds the lock", async () => {
    writeFileSync(lockOnlyFile(), `${process.ppid}\n`);
    await expect(lockDatabaseDirectory(lockOnly())).rejects.toMatchObject({
      name: "DatabaseInUseError",
      pid: process.ppid,
    });
    expect(readFileSync(lockOnlyFile(), "utf8")).toBe(`${process.ppid}\n`);
  });

  it("takes over a lock that an earlier process with this same PID left (a container's PID 1)", async () => {
    writeFileSync(lockOnlyFile(), `${process.pid}\n`);
    const lock = await lockDatabaseDirectory(lockOnly());
    lock.release();
    expect(existsSync(lockOnlyFile())).toBe(false);
  });

  it("waits for an empty lock file to be written, then takes it over as debris", async () => {
    writeFileSync(lockOnlyFile(), "");
    const started = Date.now();
    const lock = await lockDatabaseDirectory(lockOnly());
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(readFileSync(lockOnlyFile(), "utf8")).toBe(`${process.pid}\n`);
    lock.release();
  });

  it("clears a takeover guard left by a starter that died, then takes the stale lock", async () => {
    writeFileSync(lockOnlyFile(), `${deadPid()}\n`);
    writeFileSync(`${lockOnlyFile()}.takeover`, `${deadPid()}\n`);
    aged(`${lockOnlyFile()}.takeover`);
    const lock = await lockDatabaseDirectory(lockOnly());
    expect(readFileSync(lockOnlyFile(), "utf8")).toBe(`${process.pid}\n`);
    expect(existsSync(`${lockOnlyFile()}.takeover`)).toBe(false);
    lock.release();
  });

  it("leaves the lock alone on release once another process has taken it", async () => {
    const lock = await lockDatabaseDirectory(lockOnly());
    writeFileSync(lockOnlyFile(), `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(lockOnlyFile(), "utf8")).toBe(`${process.ppid}\n`);
    rmSync(lockOnlyFile());
  });
});
