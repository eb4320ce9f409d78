import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { E2E } from "./support/e2e-env.ts";

interface Server {
  child: ChildProcessWithoutNullStreams;
  port: number;
  exited: Promise<number | null>;
  output(): string;
  running(): boolean;
}
const started: Server[] = [];

/**
 * The built production server as an operator runs it (`npm start` sets no NODE_ENV), on its own
 * port and data directory.
 */
function startServer(dataDir: string, port: number, seedDemo = false): Server {
  const { NODE_ENV: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: String(seedDemo),
      DATABASE_URL: "",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running = false;
      resolve(code);
    }),
  );
  const server: Server = { child, port, exited, output: () => output, running: () => running };
  started.push(server);
  return server;
}

// A failed test leaves no server behind to answer on the next run's port.
test.afterEach(async () => {
  const servers = started.splice(0);
  for (const server of servers) server.child.kill("SIGKILL");
  await Promise.all(servers.map((server) => server.exited));
});

/** Waits until this server answers healthy; it listens before its database is open. */
async function waitHealthy(server: Server) {
  while (server.running()) {
    const ok = await fetch(`http://127.0.0.1:${server.port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server exited before it was healthy:\n${server.output()}`);
}

test("SIGTERM finishes the request in flight, closes the database and exits cleanly", async () => {
  // A fresh directory (initdb and migrations), twice, on a machine that may be busy.
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "lifecycle-"));
  const port = E2E.sparePort;
  try {
    const first = startServer(dataDir, port);
    await waitHealthy(first);
    const inFlight = fetch(`http://127.0.0.1:${port}/about`);
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Gateway Africa");
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain("Stopped.");

    // The embedded database was closed properly: the same directory opens again.
    const second = startServer(dataDir, port);
    await waitHealthy(second);
    second.child.kill("SIGTERM");
    expect(await second.exited, second.output()).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A request whose body arrives slowly: its headers and half its body now, the rest when `finish`
 * is called; resolves with the answer's status and body.
 */
function slowPost(port: number, pathname: string, body: string) {
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: "127.0.0.1",
    port,
    path: pathname,
    method: "POST",
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, half));
  return {
    answered,
    finish: () => request.end(body.slice(half)),
  };
}

test("SIGTERM drains a slow request in flight while refusing new connections, then exits 0", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "lifecycle-"));
  const port = E2E.sparePort;
  try {
    const server = startServer(dataDir, port);
    await waitHealthy(server);
    const slow = slowPost(
      port,
      "/api/v1/contact-messages",
      JSON.stringify({
        name: "Ada Drain",
        email: "ada@example.test",
        subject: "In flight at shutdown",
        message: "This message was still arriving when the server was told to stop.",
      }),
    );
    // The server is reading the body when it is told to stop.
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill("SIGTERM");
    await expect.poll(() => server.output()).toContain("SIGTERM received");

    // It no longer listens: a new connection is refused, not queued.
    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      () => null,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(refused).toBe("ECONNREFUSED");
    expect(server.running()).toBe(true);

    // The request in flight is still answered in full.
    slow.finish();
    const answer = await slow.answered;
    expect(answer.status, answer.text).toBe(201);
    expect(JSON.parse(answer.text)).toMatchObject({ id: expect.any(Number) });
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain("Stopped.");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function listingTotal(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/listings`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

test("one server per data directory: a second is refused, a kill -9 leaves a lock the next start takes over", async () => {
  // Loading the demo data on a fresh directory takes a while on a busy machine.
  test.setTimeout(360_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "lifecycle-"));
  const lockFile = path.join(dataDir, "pglite.lock");
  const port = E2E.sparePort;
  const start = (onPort: number) => startServer(dataDir, onPort, true);
  try {
    const first = start(port);
    await waitHealthy(first);
    const firstPid = String(first.child.pid);
    const total = await listingTotal(port);
    expect(total).toBeGreaterThan(0);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(firstPid);
    // With the demo loaded (it imports React Router before the build does), pages still render.
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status, first.output()).toBe(200);

    await test.step("a second server on another port is refused, naming the first", async () => {
      const second = start(E2E.secondSparePort);
      expect(await second.exited, second.output()).toBe(1);
      expect(second.output()).toContain(
        `The database in ${path.join(dataDir, "pglite")} is in use by process ${firstPid}; stop it first`,
      );
    });

    await test.step("a second server on the same port stops before opening the database", async () => {
      const second = start(port);
      expect(await second.exited, second.output()).toBe(1);
      expect(second.output()).toContain(`Port ${port} is already in use`);
      expect(second.output()).not.toContain("in use by process");
    });

    // The first server kept its lock, its data and its port.
    expect(readFileSync(lockFile, "utf8").trim()).toBe(firstPid);
    expect(await listingTotal(port)).toBe(total);

    await test.step("after kill -9, the next start takes the stale lock over", async () => {
      first.child.kill("SIGKILL");
      await first.exited;
      expect(readFileSync(lockFile, "utf8").trim()).toBe(firstPid);
      const next = start(port);
      await waitHealthy(next);
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(next.child.pid));
      expect(await listingTotal(port)).toBe(total);
      next.child.kill("SIGTERM");
      expect(await next.exited, next.output()).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
