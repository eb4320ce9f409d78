import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../app/config.server.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("has working defaults for a laptop", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it("derives APP_URL from PORT and trims a trailing slash from an explicit one", () => {
    expect(parseConfig({ PORT: "8080" }).appUrl).toBe("http://localhost:8080");
    expect(parseConfig({ APP_URL: "https://gateway.africa/" }).appUrl).toBe(
      "https://gateway.africa",
    );
  });

  it("normalises the administrator address", () => {
    expect(parseConfig({ ADMIN_EMAIL: "  Admin@Gateway.Africa " }).adminEmail).toBe(
      "admin@gateway.africa",
    );
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
  });

  it("serves the development outbox in development on this machine, and never in production", () => {
    // `npm start` sets no NODE_ENV: development, at http://localhost:3000.
    expect(parseConfig({}).devOutbox).toBe(true);
    expect(parseConfig({ APP_URL: "http://127.0.0.1:3000" }).devOutbox).toBe(true);
    expect(parseConfig({ DEV_OUTBOX: "false" }).devOutbox).toBe(false);
    // Published under another name (a reverse proxy): only when asked for.
    expect(parseConfig({ APP_URL: "https://gateway.example" }).devOutbox).toBe(false);
    expect(parseConfig({ APP_URL: "https://gateway.example", DEV_OUTBOX: "true" }).devOutbox).toBe(
      true,
    );
    expect(parseConfig({ NODE_ENV: "test" }).devOutbox).toBe(false);
    expect(
      parseConfig({
        NODE_ENV: "production",
        SMTP_URL: "smtp://127.0.0.1:2525",
        PAYMENT_PROVIDER: "sandbox",
        VERIFICATION_DOCUMENT_KEY: "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
      }).devOutbox,
    ).toBe(false);
    expect(problemsOf({ DEV_OUTBOX: "sure" })).toEqual([
      'DEV_OUTBOX="sure": must be true or false',
    ]);
    expect(
      problemsOf({
        NODE_ENV: "production",
        SMTP_URL: "smtp://127.0.0.1:2525",
        PAYMENT_PROVIDER: "sandbox",
        VERIFICATION_DOCUMENT_KEY: "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
        DEV_OUTBOX: "true",
      }),
    ).toEqual([
      'DEV_OUTBOX="true": never in production (its page shows every e-mail\'s sign-in links)',
    ]);
  });

  it("treats loopback test servers as public hosts only when asked, and never in production", () => {
    expect(parseConfig({}).publicFetchTestHosts).toEqual({});
    expect(
      parseConfig({
        PUBLIC_FETCH_TEST_HOSTS: "calendar.example=127.0.0.1:4100,b.example=127.0.0.1:80",
      }).publicFetchTestHosts,
    ).toEqual({ "calendar.example": 4100, "b.example": 80 });
    expect(problemsOf({ PUBLIC_FETCH_TEST_HOSTS: "calendar.example=10.0.0.1:80" })).toEqual([
      'PUBLIC_FETCH_TEST_HOSTS="calendar.example=10.0.0.1:80": must be name=127.0.0.1:port, separated by commas',
    ]);
    expect(
      problemsOf({
        NODE_ENV: "production",
        SMTP_URL: "smtp://127.0.0.1:2525",
        PAYMENT_PROVIDER: "sandbox",
        VERIFICATION_DOCUMENT_KEY: "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
        PUBLIC_FETCH_TEST_HOSTS: "calendar.example=127.0.0.1:4100",
      }),
    ).toEqual([
      "PUBLIC_FETCH_TEST_HOSTS: never in production (it lets users' URLs reach this machine)",
    ]);
  });

  it("reads SEED_DEMO=false", () => {
    expect(parseConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("names each bad variable with a clear message", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://localhost/db",
      SMTP_URL: "http://mail",
      ADMIN_EMAIL: "not-an-email",
      AUTH_SECRET: "short",
      SEED_DEMO: "maybe",
      APP_URL: "ftp://x",
    });
    expect(problems).toHaveLength(7);
    expect(problems.join("\n")).toMatch(/PORT="eighty": must be a port number/);
    expect(problems.join("\n")).toMatch(
      /DATABASE_URL="mysql:\/\/localhost\/db": must be a postgres:\/\//,
    );
    expect(problems.join("\n")).toMatch(/SMTP_URL="http:\/\/mail": must be an smtp:\/\//);
    expect(problems.join("\n")).toMatch(/ADMIN_EMAIL="not-an-email": must be an e-mail address/);
    expect(problems.join("\n")).toMatch(/AUTH_SECRET="short": must be at least 32 characters/);
    expect(problems.join("\n")).toMatch(/SEED_DEMO="maybe": must be true or false/);
    expect(problems.join("\n")).toMatch(/APP_URL="ftp:\/\/x": must be an http\(s\) URL/);
  });

  it("reads the rate limit scale", () => {
    expect(parseConfig({}).rateLimitScale).toBe(1);
    expect(parseConfig({ RATE_LIMIT_SCALE: "20" }).rateLimitScale).toBe(20);
    expect(problemsOf({ RATE_LIMIT_SCALE: "0" })[0]).toMatch(
      /RATE_LIMIT_SCALE="0": must be a whole number from 1 to 1000/,
    );
  });

  it("rejects a port out of range", () => {
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/between 1 and 65535/);
  });

  it("lists every problem in the error message", () => {
    expect(() => parseConfig({ PORT: "0" })).toThrow(/Invalid configuration:\n {2}- PORT="0"/);
  });
});
