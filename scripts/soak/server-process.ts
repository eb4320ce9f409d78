import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * The production server (`node server.ts`, after `npm run build`) as a child process the soak
 * can watch (its resident memory from /proc), kill -9 and start again on the same data.
 */
export interface ServerProcess {
  readonly base: string;
  readonly pid: number;
  /** SIGKILL, as a crash or the OOM killer would; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts the server again with the same environment and data; resolves once it is healthy. */
  restart(): Promise<void>;
  /** SIGTERM (the graceful shutdown); resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * How `npm run start:built` runs the server (package.json): the environment assignments before
 * `node` and the Node flags after it, so the soak measures the server as it is deployed.
 */
export function startCommand(): { env: Record<string, string>; flags: string[] } {
  const scripts = (
    JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const words = (scripts["start:built"] ?? "").split(/\s+/);
  const node = words.indexOf("node");
  const env = Object.fromEntries(
    words
      .slice(0, Math.max(node, 0))
      .map((word) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
  const flags = words
    .slice(node + 1)
    .filter((word) => word.startsWith("--") && !word.startsWith("--env-file"));
  return { env, flags };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function waitForHealth(base: string, child?: ChildProcess, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`The server stopped (exit ${child.exitCode}) before it answered.`);
    }
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server at ${base} did not answer /api/v1/health in ${ms / 1000} s.`);
}

export async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  const launch = () => {
    const start = startCommand();
    return spawn(process.execPath, [...start.flags, "server.ts"], {
      env: { ...start.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
  };
  let child = launch();
  // The server never outlives the soak, whatever ends it (Ctrl-C, a timeout, an error).
  process.on("exit", () => child.kill("SIGKILL"));
  await waitForHealth(base, child);
  const exited = (c: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) resolve(c.exitCode);
      else c.once("exit", (code) => resolve(code));
    });
  return {
    base,
    get pid() {
      return child.pid ?? 0;
    },
    async kill() {
      const gone = exited(child);
      child.kill("SIGKILL");
      await gone;
    },
    async restart() {
      child = launch();
      await waitForHealth(base, child);
    },
    async stop() {
      const gone = exited(child);
      child.kill("SIGTERM");
      return gone;
    },
  };
}

/** The process's resident set and its peak, in MB, from /proc (Linux). */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    const rssMb = kb("VmRSS") / 1024;
    // A killed process not yet reaped (a zombie) has no memory lines.
    return Number.isNaN(rssMb) ? null : { rssMb, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}
