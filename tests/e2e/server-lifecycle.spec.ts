import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "./support/e2e-env.ts";

/** The built production server as an operator runs it, on its own port and data directory. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      DATABASE_URL: "",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number) {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("The server did not become healthy");
}

test("SIGTERM finishes the request in flight, closes the database and exits cleanly", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lifecycle-"));
  const port = E2E.sparePort;
  try {
    const first = startServer(dataDir, port);
    await waitHealthy(port);
    const inFlight = fetch(`http://127.0.0.1:${port}/about`);
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Gateway Africa");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("Stopped.");

    // The embedded database was closed properly: the same directory opens again.
    const second = startServer(dataDir, port);
    await waitHealthy(port);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
