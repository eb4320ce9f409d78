import { randomUUID } from "node:crypto";
import { readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * An exclusive lock on an embedded database directory. PGlite enforces nothing itself: a second
 * process (or a second PGlite in this one) opens a live directory without an error, and the two
 * then lose each other's writes and corrupt the files. The lock is a file beside the directory
 * (`<dir>.lock`) that holds the owner's PID:
 * - it is created with O_EXCL, so of two starters exactly one creates it;
 * - a lock whose process is gone (kill -9, a crash, a power cut) is stale and is taken over by
 *   an atomic rename, under a takeover guard created the same way, so two starters that both
 *   find it stale cannot both take it;
 * - it is removed when the database closes and, as a last resort, when the process exits.
 * The one case left open is a starter killed inside the few microseconds it holds the guard,
 * followed by two simultaneous starts: the guard is then stale too, and both may remove it.
 */
export interface DirectoryLock {
  readonly file: string;
  release(): void;
}

export class DatabaseInUseError extends Error {
  readonly dir: string;
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is in use by process ${pid}; stop it first ` +
        `(only one process may open the embedded database).`,
    );
    this.name = "DatabaseInUseError";
    this.dir = dir;
    this.pid = pid;
  }
}

/** A file just created by O_EXCL may be empty for an instant; an older empty one is debris. */
const SETTLE_MS = 1_000;
const RETRY_MS = 20;
const PATIENCE_MS = 5_000;

/** Lock files this process holds, shared by every copy of this module (the dev server reloads). */
const held = ((globalThis as { __gatewayDirectoryLocks?: Set<string> }).__gatewayDirectoryLocks ??=
  new Set<string>());

type Owner =
  { state: "absent" } | { state: "live"; pid: number } | { state: "stale" } | { state: "settling" };

export async function lockDatabaseDirectory(dir: string): Promise<DirectoryLock> {
  const file = lockFileFor(dir);
  if (held.has(file)) throw new DatabaseInUseError(dir, process.pid);
  // Reserved at once, so a concurrent open in this process is refused rather than racing this one.
  held.add(file);
  const mine = `${process.pid}\n`;
  try {
    await acquire(file, dir, mine);
  } catch (error) {
    held.delete(file);
    throw error;
  }
  const release = () => {
    if (!held.delete(file)) return;
    process.off("exit", release);
    if (readText(file) === mine) rmSync(file, { force: true });
  };
  process.on("exit", release);
  return { file, release };
}

async function acquire(file: string, dir: string, mine: string): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    if (createExclusive(file, mine)) return;
    const owner = inspect(file);
    if (owner.state === "live") throw new DatabaseInUseError(dir, owner.pid);
    if (owner.state === "stale" && takeOver(file, mine)) return;
    if (Date.now() > deadline) {
      throw new Error(`Could not take the lock ${file}: it keeps changing hands; try again.`);
    }
    if (owner.state !== "absent") await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/** `<dir>.lock`, with the parent's symbolic links resolved so every spelling finds one file. */
function lockFileFor(dir: string): string {
  const resolved = path.resolve(dir);
  return path.join(realpathSync(path.dirname(resolved)), `${path.basename(resolved)}.lock`);
}

/** Replaces a stale lock; false when someone else is doing so or the lock changed meanwhile. */
function takeOver(file: string, mine: string): boolean {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, mine)) {
    if (inspect(guard).state === "stale") rmSync(guard, { force: true });
    return false;
  }
  try {
    // Under the guard nobody else replaces the lock, and a stale owner never removes it.
    const owner = inspect(file);
    if (owner.state === "absent") return createExclusive(file, mine);
    if (owner.state !== "stale") return false;
    // Written aside and renamed over the stale lock, so the lock file never goes missing.
    const fresh = `${file}.${randomUUID()}`;
    writeFileSync(fresh, mine, { flag: "wx" });
    try {
      renameSync(fresh, file);
    } catch (error) {
      rmSync(fresh, { force: true });
      throw error;
    }
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

function createExclusive(file: string, content: string): boolean {
  try {
    writeFileSync(file, content, { flag: "wx" });
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
}

function inspect(file: string): Owner {
  const text = readText(file);
  if (text === undefined) return { state: "absent" };
  const pid = /^\d+\n?$/.test(text) ? Number(text) : 0;
  if (pid > 0) return isRunning(pid) ? { state: "live", pid } : { state: "stale" };
  try {
    return Date.now() - statSync(file).mtimeMs < SETTLE_MS
      ? { state: "settling" }
      : { state: "stale" };
  } catch {
    return { state: "absent" };
  }
}

/**
 * Whether the PID belongs to a running process. Our own PID in a file we are inspecting was left by
 * an earlier process that had the same PID, as happens in a container where the server is PID 1
 * (this process holds no such lock: it is reserved in `held` and refused before any inspection,
 * and takeOver never awaits while it holds the guard).
 */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) === "EPERM";
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

function errorCode(error: unknown): unknown {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
