import { z } from "zod";
import { PROVIDER_IDS } from "./lib/payment-values.ts";
import { SMS_PROVIDER_IDS, type SmsProviderId } from "./lib/phone-verification-values.ts";
import { LOG_LEVELS, type LogLevel } from "./lib/logger.server.ts";
import { isLoopbackAddress } from "./lib/loopback.ts";

export const GOOGLE_AUTHORIZATION_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const httpUrl = optionalText.pipe(
  z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: optionalText,
  APP_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://gateway.africa" })
      .optional(),
  ),
  DATA_DIR: optionalText.default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error:
          "must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)",
      })
      .optional(),
  ),
  ADMIN_EMAIL: optionalText
    .pipe(z.email({ error: "must be an e-mail address" }).optional())
    .default("admin@gateway-africa.test"),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  AUTH_SECRET: optionalText.pipe(
    z
      .string()
      .min(32, "must be at least 32 characters (leave it unset to generate one)")
      .optional(),
  ),
  VERIFICATION_DOCUMENT_KEY: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32,
        "must be 32 random bytes in base64, e.g. `openssl rand -base64 32`",
      )
      .optional(),
  ),
  SEED_DEMO: optionalText.pipe(booleanFlag.optional()).default(true),
  DEV_OUTBOX: optionalText.pipe(booleanFlag.optional()),
  RATE_LIMIT_SCALE: optionalText
    .pipe(
      z
        .string()
        .regex(/^([1-9]\d{0,2}|1000)$/, "must be a whole number from 1 to 1000")
        .optional(),
    )
    .transform((v) => (v === undefined ? 1 : Number(v))),
  PUBLIC_FETCH_TEST_HOSTS: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9.-]+=127\.0\.0\.1:\d{1,5}(,[a-z0-9.-]+=127\.0\.0\.1:\d{1,5})*$/,
        "must be name=127.0.0.1:port, separated by commas",
      )
      .optional(),
  ),
  LOG_LEVEL: optionalText.pipe(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
  ),
  MAIL_FROM: optionalText.default("Gateway Africa <no-reply@gateway-africa.test>"),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTHORIZATION_URL: optionalText
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional())
    .default(GOOGLE_AUTHORIZATION_URL),
  GOOGLE_TOKEN_URL: optionalText
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional())
    .default(GOOGLE_TOKEN_URL),
  PAYMENT_PROVIDER: optionalText.pipe(
    z.enum(PROVIDER_IDS, { error: `must be one of ${PROVIDER_IDS.join(", ")}` }).optional(),
  ),
  PAYMENT_SANDBOX_PORT: optionalText
    .pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, "must be a port number (0 picks a free one)")
        .refine((v) => Number(v) <= 65535, "must be between 0 and 65535")
        .optional(),
    )
    .transform((v) => (v === undefined ? 0 : Number(v))),
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_API_URL: httpUrl,
  FLUTTERWAVE_SECRET_KEY: optionalText,
  FLUTTERWAVE_WEBHOOK_HASH: optionalText,
  FLUTTERWAVE_API_URL: httpUrl,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: httpUrl,
  SMS_PROVIDER: optionalText.pipe(
    z.enum(SMS_PROVIDER_IDS, { error: `must be one of ${SMS_PROVIDER_IDS.join(", ")}` }).optional(),
  ),
  AFRICASTALKING_USERNAME: optionalText,
  AFRICASTALKING_API_KEY: optionalText,
  AFRICASTALKING_SENDER_ID: optionalText,
  AFRICASTALKING_API_URL: httpUrl,
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_API_URL: httpUrl,
});

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Google's endpoints unless configured otherwise (a local OpenID Connect stand-in in tests). */
  authorizationUrl: string;
  tokenUrl: string;
}

/**
 * The payment provider: the local sandbox (started by the app on loopback) or a real one, with
 * its keys. `apiUrl` overrides the provider's API address (tests use local stand-ins).
 */
export type PaymentsConfig =
  | { provider: "sandbox"; sandboxPort: number }
  | { provider: "paystack"; secretKey: string; apiUrl: string | undefined }
  | {
      provider: "flutterwave";
      secretKey: string;
      webhookHash: string;
      apiUrl: string | undefined;
    }
  | { provider: "stripe"; secretKey: string; webhookSecret: string; apiUrl: string | undefined };

/**
 * Where text messages (phone verification codes) go: the local sandbox, which keeps them in
 * DATA_DIR/sms for the developer and the tests, or a real gateway with its keys. `apiUrl`
 * overrides the gateway's address (tests use local stand-ins). Null in production when
 * SMS_PROVIDER is unset: the phone step then says it is unavailable rather than pretend to send.
 */
export type SmsConfig =
  | { provider: "sandbox" }
  | {
      provider: "africastalking";
      username: string;
      apiKey: string;
      senderId: string | undefined;
      apiUrl: string | undefined;
    }
  | {
      provider: "twilio";
      accountSid: string;
      authToken: string;
      from: string;
      apiUrl: string | undefined;
    };

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string | undefined;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  smtpUrl: string | undefined;
  authSecret: string | undefined;
  /**
   * The AES-256-GCM key of identity and business documents (32 bytes), from
   * VERIFICATION_DOCUMENT_KEY; unset outside production, where one is generated and kept in
   * DATA_DIR (app/services/verification/document-key.server.ts).
   */
  verificationDocumentKey: Buffer | undefined;
  seedDemo: boolean;
  /**
   * Serve the development outbox at /dev/outbox (development without SMTP only, to requests from
   * this machine). On by default in development when the site's own address is this machine
   * (APP_URL unset or loopback), so a newcomer who ran only `npm start` reads the sign-up e-mail;
   * a site published under another name (behind a reverse proxy every request comes from this
   * machine, and the outbox's links sign anyone in) has it only when DEV_OUTBOX=true asks.
   */
  devOutbox: boolean;
  mailFrom: string;
  /** Multiplies every abuse limit (app/auth/rate-limit.server.ts): tests sign up many accounts. */
  rateLimitScale: number;
  /**
   * Test servers on loopback that fetches of users' URLs treat as public hosts: the name in a URL
   * (with port 80) reaches this local port. Never in production; the default is none.
   */
  publicFetchTestHosts: Record<string, number>;
  /** The logger's level; unset keeps its default (info, or warn under the test runner). */
  logLevel: LogLevel | undefined;
  /** Null when Google sign-in is not configured: the button is hidden. */
  google: GoogleConfig | null;
  payments: PaymentsConfig;
  sms: SmsConfig | null;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Reads the environment once; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        return `${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`;
      }),
    );
  }
  const e = result.data;
  const problems: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both, or neither");
  }
  if (e.NODE_ENV === "production" && !e.SMTP_URL) {
    problems.push('SMTP_URL="": required when NODE_ENV=production (e-mail must really be sent)');
  }
  if (e.NODE_ENV === "production" && e.DEV_OUTBOX) {
    problems.push(
      'DEV_OUTBOX="true": never in production (its page shows every e-mail\'s sign-in links)',
    );
  }
  if (e.NODE_ENV === "production" && e.PUBLIC_FETCH_TEST_HOSTS) {
    problems.push(
      "PUBLIC_FETCH_TEST_HOSTS: never in production (it lets users' URLs reach this machine)",
    );
  }
  if (e.NODE_ENV === "production" && !e.VERIFICATION_DOCUMENT_KEY) {
    problems.push(
      'VERIFICATION_DOCUMENT_KEY="": required when NODE_ENV=production (identity documents are encrypted with it; `openssl rand -base64 32`)',
    );
  }
  const provider = e.PAYMENT_PROVIDER ?? "sandbox";
  const required: Record<Exclude<typeof provider, "sandbox">, (keyof typeof e)[]> = {
    paystack: ["PAYSTACK_SECRET_KEY"],
    flutterwave: ["FLUTTERWAVE_SECRET_KEY", "FLUTTERWAVE_WEBHOOK_HASH"],
    stripe: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
  };
  if (provider !== "sandbox") {
    for (const name of required[provider].filter((key) => !e[key])) {
      problems.push(`${name}="": required when PAYMENT_PROVIDER=${provider}`);
    }
  }
  if (e.NODE_ENV === "production" && !e.PAYMENT_PROVIDER) {
    problems.push(
      'PAYMENT_PROVIDER="": required when NODE_ENV=production (paystack, flutterwave or stripe; sandbox only on purpose)',
    );
  }
  const smsRequired: Record<Exclude<SmsProviderId, "sandbox">, (keyof typeof e)[]> = {
    africastalking: ["AFRICASTALKING_USERNAME", "AFRICASTALKING_API_KEY"],
    twilio: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"],
  };
  if (e.SMS_PROVIDER && e.SMS_PROVIDER !== "sandbox") {
    for (const name of smsRequired[e.SMS_PROVIDER].filter((key) => !e[key])) {
      problems.push(`${name}="": required when SMS_PROVIDER=${e.SMS_PROVIDER}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    smtpUrl: e.SMTP_URL,
    authSecret: e.AUTH_SECRET,
    verificationDocumentKey: e.VERIFICATION_DOCUMENT_KEY
      ? Buffer.from(e.VERIFICATION_DOCUMENT_KEY, "base64")
      : undefined,
    seedDemo: e.SEED_DEMO,
    devOutbox:
      e.DEV_OUTBOX ??
      (e.NODE_ENV === "development" && (!e.APP_URL || isLoopbackHost(new URL(e.APP_URL).hostname))),
    mailFrom: e.MAIL_FROM,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    publicFetchTestHosts: Object.fromEntries(
      (e.PUBLIC_FETCH_TEST_HOSTS?.split(",") ?? []).map((entry) => {
        const [name = "", target = ""] = entry.split("=");
        return [name, Number(target.split(":")[1])];
      }),
    ),
    logLevel: e.LOG_LEVEL,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
          }
        : null,
    payments: paymentsConfig(e, provider),
    sms: smsConfig(e),
  };
}

/** A host name that can only mean this machine: localhost, 127.x.x.x or [::1]. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || isLoopbackAddress(hostname);
}

function paymentsConfig(
  e: z.infer<typeof envSchema>,
  provider: NonNullable<z.infer<typeof envSchema>["PAYMENT_PROVIDER"]>,
): PaymentsConfig {
  switch (provider) {
    case "sandbox":
      return { provider, sandboxPort: e.PAYMENT_SANDBOX_PORT };
    case "paystack":
      return { provider, secretKey: e.PAYSTACK_SECRET_KEY!, apiUrl: e.PAYSTACK_API_URL };
    case "flutterwave":
      return {
        provider,
        secretKey: e.FLUTTERWAVE_SECRET_KEY!,
        webhookHash: e.FLUTTERWAVE_WEBHOOK_HASH!,
        apiUrl: e.FLUTTERWAVE_API_URL,
      };
    case "stripe":
      return {
        provider,
        secretKey: e.STRIPE_SECRET_KEY!,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
        apiUrl: e.STRIPE_API_URL,
      };
  }
}

/**
 * The sandbox by default outside production; in production only when SMS_PROVIDER names it, so a
 * site that configured no gateway never tells people a code was sent when none was.
 */
function smsConfig(e: z.infer<typeof envSchema>): SmsConfig | null {
  const provider = e.SMS_PROVIDER ?? (e.NODE_ENV === "production" ? undefined : "sandbox");
  switch (provider) {
    case undefined:
      return null;
    case "sandbox":
      return { provider };
    case "africastalking":
      return {
        provider,
        username: e.AFRICASTALKING_USERNAME!,
        apiKey: e.AFRICASTALKING_API_KEY!,
        senderId: e.AFRICASTALKING_SENDER_ID,
        apiUrl: e.AFRICASTALKING_API_URL,
      };
    case "twilio":
      return {
        provider,
        accountSid: e.TWILIO_ACCOUNT_SID!,
        authToken: e.TWILIO_AUTH_TOKEN!,
        from: e.TWILIO_FROM!,
        apiUrl: e.TWILIO_API_URL,
      };
  }
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The configuration the process was started with (so it is parsed once, by the entry point). */
export function setConfig(config: Config): void {
  cached = config;
}
