import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("server process", () => {
  it("refuses a bad environment with a clear message and exit code 1", () => {
    const result = spawnSync(process.execPath, ["server.ts"], {
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "mysql://db" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain('PORT="not-a-port"');
    expect(result.stderr).toContain('DATABASE_URL="mysql://db"');
  });
});
