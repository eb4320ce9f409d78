import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { initialFullName, getAuth } from "../../auth/auth.server.ts";
import { requireUnderRateLimit } from "../../auth/rate-limit.server.ts";
import type { Config } from "../../config.server.ts";
import { getDb } from "../../db/client.server.ts";
import { user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { DEMO_PEOPLE, type DemoPersonKey } from "../../lib/demo-people.ts";
import { barOfAccount, signInRefusal } from "../../auth/standing.server.ts";

/**
 * Demo sign-in: one button per demo person starts their session without a password, so a
 * newcomer sees every role's screens within a minute of `npm start`. Only a start that is not
 * production and loads the demo offers it; anywhere else the action does not exist (404), what
 * ever the page shows.
 */
export function demoSignInEnabled(config: Pick<Config, "nodeEnv" | "seedDemo">): boolean {
  return config.seedDemo && config.nodeEnv !== "production";
}

/** The demo person's account: a seeded one, or the administrator's (made on first sign-in). */
async function demoAccountId(key: DemoPersonKey, adminEmail: string): Promise<string> {
  const db = await getDb();
  const person = DEMO_PEOPLE.find((p) => p.key === key);
  if (person?.userId) {
    const [row] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.id, person.userId))
      .limit(1);
    // A database started without the demo (or whose demo was replaced) has nobody to sign in as.
    if (!row) throw new AppError("NOT_FOUND", "auth.demo.unavailable");
    return row.id;
  }
  const [admin] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, adminEmail))
    .limit(1);
  if (admin) return admin.id;
  // As the magic link's first use would create it: confirmed, with the admin role.
  const id = randomUUID();
  await db.insert(user).values({
    id,
    email: adminEmail,
    name: initialFullName(null, adminEmail),
    role: "admin",
    emailVerified: true,
  });
  return id;
}

/**
 * A new better-auth session for the demo person, as the Set-Cookie header that carries it (signed
 * as better-auth signs its own). Counted by the shared limiter per client address.
 */
export async function startDemoSession(
  config: Config,
  key: DemoPersonKey,
  address: string | null,
): Promise<string> {
  if (!demoSignInEnabled(config)) throw new AppError("NOT_FOUND", "auth.demo.unavailable");
  await requireUnderRateLimit("demoSignIn", { address });
  const userId = await demoAccountId(key, config.adminEmail);
  // As every other way in: a suspended or banned person is told why (auth.server.ts refuses the
  // session too, but its refusal is better-auth's, not one this route can show).
  const bar = await barOfAccount(await getDb(), userId);
  if (bar) {
    const { key: message, params } = signInRefusal(bar);
    throw new AppError("FORBIDDEN", message, undefined, params);
  }
  const context = await getAuth().$context;
  const session = await context.internalAdapter.createSession(userId);
  const signature = createHmac("sha256", context.secret).update(session.token).digest("base64");
  const { name, attributes } = context.authCookies.sessionToken;
  const maxAge = Math.round((session.expiresAt.getTime() - Date.now()) / 1000);
  return [
    `${name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
    `Path=${attributes.path ?? "/"}`,
    `Max-Age=${maxAge}`,
    "HttpOnly",
    `SameSite=${attributes.sameSite ?? "Lax"}`,
    ...(attributes.secure ? ["Secure"] : []),
  ].join("; ");
}
