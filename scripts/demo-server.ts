import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";

/**
 * The built production server on a fresh data directory with the demo data, a local SMTP sink and
 * the sandbox payment provider, for the measuring scripts (perf:pages, perf:js). Needs a prior
 * `npm run build`.
 */
export interface DemoServer {
  base: string;
  server: ChildProcess;
  sink: Awaited<ReturnType<typeof startSmtpSink>>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}).`);
    const ok = await fetch(`${base}/api/v1/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not answer /api/v1/health within 2 minutes.");
}

/** Starts the server on `port` and waits until it answers /api/v1/health. */
export async function startDemoServer(port: number): Promise<DemoServer> {
  const base = `http://localhost:${port}`;
  const busy = await fetch(base).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`Port ${port} is in use: set PERF_PORT, or BASE_URL to measure it.`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "gateway-demo-"));
  // A production server refuses to start without mail; perf:pages reads a confirmation from it.
  const sink = await startSmtpSink();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: "true",
    SMTP_URL: sink.url,
    // The demo pays through the local sandbox provider the server starts on loopback.
    PAYMENT_PROVIDER: "sandbox",
    VERIFICATION_DOCUMENT_KEY: randomBytes(32).toString("base64"),
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ["server.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, server, sink, stop };
}
