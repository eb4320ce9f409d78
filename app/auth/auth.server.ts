import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Config } from "../config.server.ts";
import type { Database } from "../db/client.server.ts";
import { account, session, user, verification } from "../db/schema/index.ts";
import type { Mailer } from "../email/mailer.server.ts";
import { isStorableText } from "../lib/schemas/text.ts";
import {
  isProfileErrorCode,
  personNameSchema,
  profileErrorDescription,
} from "../lib/schemas/profile.ts";
import { adminMagicLinkEmail, confirmationEmail, passwordResetEmail } from "../email/templates.ts";
import { createTranslator } from "../i18n/translate.ts";
import { RateLimitError } from "../lib/app-error.ts";
import {
  countHits,
  emailAccount,
  requireUnderRateLimit,
  type RateLimitName,
} from "./rate-limit.server.ts";
import { isAdminEmail } from "./admin-email.ts";
import { confirmationLanding } from "../lib/auth-dialog-url.ts";
import { endPasswordResetLinks } from "./reset-links.server.ts";
import { resolveAuthSecret } from "./secret.server.ts";
import { isDatabaseUnavailable, reportDatabaseFailure } from "../lib/database-unavailable.ts";
import { logger } from "../lib/logger.server.ts";
import { barOfAccount, signInRefusal } from "./standing.server.ts";

/** The header the server sets from the socket's address; a client-sent one is always replaced. */
export const CLIENT_IP_HEADER = "x-gateway-client-ip";

export const MIN_PASSWORD_LENGTH = 6;

/**
 * Every confirmation link lands on the "Email Confirmed!" screen (or its expired-link form), which
 * goes on to the home page, or back to the form the person signed up from. Set on the link itself,
 * whichever flow sent it (sign-up, signing in before confirming, the resend form): better-auth
 * otherwise takes the caller's callbackURL, and falls back to "/", which signs the person in with
 * no word of confirmation. The caller's `next` is kept only when it is a form to resume.
 */
function confirmationLink(url: string, appUrl: string): string {
  const link = new URL(url);
  const asked = link.searchParams.get("callbackURL");
  const next = asked ? new URL(asked, appUrl).searchParams.get("next") : null;
  link.searchParams.set("callbackURL", confirmationLanding(next, appUrl));
  return link.toString();
}

/** The error code of a password sign-in or sign-up attempted with the administrator's address. */
export const ADMIN_PASSWORD_REFUSED = "ADMIN_USES_MAGIC_LINK";

/** The error codes of a sign-in refused because the account is suspended or banned. */
export const ACCOUNT_SUSPENDED = "ACCOUNT_SUSPENDED";
export const ACCOUNT_BANNED = "ACCOUNT_BANNED";

/** Endpoints that would give the administrator's address a password: the admin has none. */
const PASSWORD_ENDPOINTS = new Set(["/sign-up/email", "/sign-in/email"]);

/** Text no account may hold (a NUL cannot even be stored): see lib/schemas/text.ts. */
function hasUnstorableText(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  return Object.values(body).some((value) => typeof value === "string" && !isStorableText(value));
}

/** The endpoints that set a person's name: held to the Profile tab's rules (personNameSchema). */
const NAME_ENDPOINTS = new Set(["/sign-up/email", "/update-user"]);

/**
 * The name a body sets as the Profile tab would save it (one line, trimmed), or undefined when it
 * sets none; a name the tab refuses is refused here with its words.
 */
function profileName(body: unknown): string | undefined {
  if (!body || typeof body !== "object" || !("name" in body)) return undefined;
  const parsed = personNameSchema.safeParse(body.name);
  if (parsed.success) return parsed.data;
  const code = parsed.error.issues[0]?.message;
  throw new APIError("BAD_REQUEST", {
    code: "INVALID_NAME",
    message: createTranslator()(
      profileErrorDescription(isProfileErrorCode(code) ? code : "nameRequired"),
    ),
  });
}

function bodyEmail(body: unknown): string | undefined {
  const email: unknown = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email : undefined;
}

/**
 * The endpoints our own limits guard (./rate-limit.server.ts), per account (the e-mail
 * in the body) and per client address; better-auth's per-address rule is switched off for them.
 */
const AUTH_LIMITS = new Map<string, RateLimitName>([
  ["/sign-in/email", "signIn"],
  ["/sign-up/email", "signUp"],
  ["/request-password-reset", "passwordReset"],
  ["/send-verification-email", "verificationEmail"],
  ["/sign-in/magic-link", "magicLink"],
]);

/** An over-limit attempt, answered as better-auth answers its own refusals, with Retry-After. */
async function requireUnderAuthLimit(
  db: Database,
  name: RateLimitName,
  request: Request,
  email: string | undefined,
): Promise<void> {
  try {
    await requireUnderRateLimit(
      name,
      { account: emailAccount(email), address: request.headers.get(CLIENT_IP_HEADER) },
      { db },
    );
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { code: error.code, message: createTranslator()(error.message) },
      { "Retry-After": String(error.retryAfterSeconds) },
    );
  }
}

/** Full name at creation: the given name, else the e-mail's local part, else "User" (spec §3). */
export function initialFullName(name: string | null | undefined, email: string): string {
  const given = name?.trim();
  if (given) return given;
  const local = email.split("@")[0]?.trim();
  return local || "User";
}

export function createAuth(options: { config: Config; db: Database; mailer: Mailer }) {
  const { config, db, mailer } = options;
  const google = config.google;
  return betterAuth({
    appName: "Gateway Africa",
    baseURL: config.appUrl,
    secret: resolveAuthSecret(config),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    user: {
      additionalFields: {
        phone: { type: "string", required: false, input: false },
        avatarUrl: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false },
        premiumStatus: { type: "string", required: false, input: false, defaultValue: "none" },
        // Read by the session loader, which turns a barred person away (issue 28).
        banned: { type: "boolean", required: false, input: false },
        banReason: { type: "string", required: false, input: false },
        banExpires: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // better-auth consumes the link used; every other one of the account ends with it.
      onPasswordReset: async ({ user: u }) => {
        await endPasswordResetLinks(db, u.id);
      },
      sendResetPassword: async ({ user: u, url, token }) => {
        // The administrator signs in by magic link only; a reset would give the account a password,
        // so even the link just made is ended unsent.
        if (isAdminEmail(u.email, config.adminEmail)) {
          await endPasswordResetLinks(db, u.id);
          return;
        }
        // Only the newest link works: the ones sent before it end now.
        await endPasswordResetLinks(db, u.id, token);
        // Not awaited: answering only after the SMTP round trip would tell, by its delay alone,
        // that the address has an account.
        mailer.send(passwordResetEmail(u.email, u.name, url)).catch((error: unknown) => {
          logger.error({ err: error }, "Password reset e-mail not sent:");
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in before confirming sends a fresh link: the dialog says so.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: u, url }) => {
        await mailer.send(confirmationEmail(u.email, u.name, confirmationLink(url, config.appUrl)));
      },
    },
    socialProviders: google
      ? {
          google: {
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            prompt: "select_account",
          },
        }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    plugins: [
      magicLink({
        expiresIn: 60 * 5,
        sendMagicLink: async ({ email, url }) => {
          // Checked before the endpoint runs too; this guard keeps the rule in one more place.
          if (!isAdminEmail(email, config.adminEmail)) return;
          await mailer.send(adminMagicLinkEmail(email, url));
        },
      }),
    ],
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      // better-auth's own per-address limits count in the same table as ours, so every server
      // process shares them and a restart keeps them.
      customStorage: {
        consume: async (key, rule) => {
          const stored = `auth:${key}`;
          const hit = (await countHits(db, [stored], rule.window)).get(stored);
          return hit && hit.count > rule.max
            ? { allowed: false, retryAfter: hit.retryAfterSeconds }
            : { allowed: true, retryAfter: null };
        },
      },
      customRules: {
        ...Object.fromEntries([...AUTH_LIMITS.keys()].map((path) => [path, false as const])),
        // The magic-link plugin limits following a link to 5 a minute of its own; scaled here with
        // the rest, or the tests' admin sign-ins (RATE_LIMIT_SCALE) run into it after five.
        "/magic-link/verify": { window: 60, max: 5 * config.rateLimitScale },
        // Signing in with Google is a redirect, no password to guess: better-auth's default of
        // 3 per 10 s per address would turn away people sharing a mobile network's address.
        "/sign-in/social": { window: 60, max: 60 * config.rateLimitScale },
      },
    },
    // better-auth's own lines go to the server's log as JSON (an error's failed query without
    // its parameters: they may hold a session token), and a failure to reach the database it
    // reports is noted, so that its 500 is answered 503 instead (server/create-app.ts).
    // An unexpected error (not one of its refusals) reaches the server's error handler, which
    // answers 503 or logs it, instead of better-call printing it and answering 500.
    onAPIError: { throw: true },
    logger: {
      level: "warn",
      log: (level, message, ...details: unknown[]) => {
        details.forEach(reportDatabaseFailure);
        const err = details.find((detail) => detail instanceof Error);
        const quiet = level === "error" && err !== undefined && isDatabaseUnavailable(err);
        logger[quiet ? "warn" : level]({ err }, `better-auth: ${message}`);
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    databaseHooks: {
      // Every way in (password, Google, magic link, a confirmation link) ends in a new session:
      // a suspended or banned person is refused here, with the end date and the reason.
      session: {
        create: {
          before: async (s) => {
            const bar = await barOfAccount(db, s.userId);
            if (!bar) return;
            const { key, params } = signInRefusal(bar);
            throw new APIError("FORBIDDEN", {
              code: bar.until === null ? ACCOUNT_BANNED : ACCOUNT_SUSPENDED,
              message: createTranslator()(key, params),
            });
          },
        },
      },
      user: {
        create: {
          before: async (u) => {
            const email = u.email.trim().toLowerCase();
            return {
              data: {
                ...u,
                email,
                name: initialFullName(u.name, email),
                role: isAdminEmail(email, config.adminEmail) ? "admin" : null,
              },
            };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (hasUnstorableText(ctx.body)) {
          throw new APIError("BAD_REQUEST", {
            message: "The request contains invisible control characters.",
          });
        }
        const email = bodyEmail(ctx.body);
        const limit = AUTH_LIMITS.get(ctx.path);
        // Only requests from outside: the server's own auth.api calls carry no request.
        if (limit && ctx.request) await requireUnderAuthLimit(db, limit, ctx.request, email);
        if (ctx.path === "/sign-in/magic-link") {
          if (email === undefined || !isAdminEmail(email, config.adminEmail)) {
            throw new APIError("FORBIDDEN", {
              message: "This email address is not authorized for admin access.",
            });
          }
        }
        // Otherwise whoever signed up first with the admin's address would hold a password to
        // the admin account once the real admin confirmed the address through the magic link.
        if (
          PASSWORD_ENDPOINTS.has(ctx.path) &&
          email !== undefined &&
          isAdminEmail(email, config.adminEmail)
        ) {
          throw new APIError("FORBIDDEN", {
            code: ADMIN_PASSWORD_REFUSED,
            message: "The administrator signs in with a magic link.",
          });
        }
        const name = NAME_ENDPOINTS.has(ctx.path) ? profileName(ctx.body) : undefined;
        if (name !== undefined) return { context: { body: { ...ctx.body, name } } };
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * A request to /api/auth/*: better-auth's own refusals for too many requests say when to try
 * again in its X-Retry-After header only; the standard Retry-After is added beside it.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const response = await getAuth().handler(request);
  const retryAfter = response.headers.get("x-retry-after");
  if (response.status !== 429 || !retryAfter || response.headers.has("retry-after")) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Retry-After", retryAfter);
  return new Response(response.body, { status: 429, statusText: response.statusText, headers });
}

let current: Auth | undefined;

export function setAuth(auth: Auth | undefined): void {
  current = auth;
}

export function getAuth(): Auth {
  if (!current) throw new Error("Auth has not been set up (startApp does it).");
  return current;
}
