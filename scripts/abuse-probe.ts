/**
 * `npm run probe:abuse -- [--database-url postgres://…] [--messages 300] [--racers 20]`
 *
 * Repeats the abuse cases of issue 24 against the production server (run `npm run build` first),
 * started with the limits as deployed (RATE_LIMIT_SCALE=1) on a fresh embedded database, or on
 * the empty PostgreSQL database of --database-url:
 *
 * - overlapping race (first, before the others spend the address's booking limit: every guest of
 *   the probe comes from 127.0.0.1): --racers guests ask for overlapping stays on a listing with
 *   preparation days, all at once; it prints the answers by status and checks that no two stays
 *   overlap;
 * - whole-calendar hold: one new guest asks for 25 stays of 30 nights on an instant listing and
 *   on a request listing, back to back; it prints the holds accepted, refused and nights held;
 * - message flood: one guest sends --messages messages in a conversation; it prints the 201s,
 *   the 429s and whether each 429 carried Retry-After.
 *
 * Every 500 seen is counted and the script exits 1 when there was one, or a double booking.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";
import { adminSession, signUp, type SoakAccount } from "./soak/accounts.ts";
import { freePort, residentMemory, startServer } from "./soak/server-process.ts";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    messages: { type: "string", default: "300" },
    racers: { type: "string", default: "20" },
  },
});
const messageCount = Number(args.messages);
const racerCount = Number(args.racers);
if (!(messageCount > 0) || !(racerCount > 1)) {
  console.error("--messages must be positive and --racers at least 2");
  process.exit(2);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

const ADMIN_EMAIL = "probe-admin@example.com";
const sink = await startSmtpSink({});
const dataDir = mkdtempSync(path.join(tmpdir(), "gateway-probe-"));
const port = await freePort();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  SEED_DEMO: "false",
  SMTP_URL: sink.url,
  PAYMENT_PROVIDER: "sandbox",
  VERIFICATION_DOCUMENT_KEY: randomBytes(32).toString("base64"),
  ADMIN_EMAIL,
  RATE_LIMIT_SCALE: "1",
  LOG_LEVEL: "warn",
};
if (args["database-url"]) env.DATABASE_URL = args["database-url"];
else delete env.DATABASE_URL;
const server = await startServer(env, port);
const base = server.base;
console.info(
  `Server ${base} on ${args["database-url"] ? "PostgreSQL" : "the embedded database"}, limits as deployed.`,
);

/** Every answer by status, across the whole probe. */
const statuses = new Map<number, number>();
async function call(
  account: SoakAccount,
  method: string,
  route: string,
  body?: unknown,
): Promise<Response> {
  const response = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: {
      Cookie: account.cookie,
      Origin: base,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  return response;
}

/**
 * Sign-ups and confirmation mails from one address are limited too (docs/decisions/009): past
 * the limit the probe waits for the window to end, as a patient person would, and tries again.
 */
async function newAccount(label: string): Promise<SoakAccount> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signUp(base, sink, `probe-${label}-${attempt}-${Date.now()}@example.com`);
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    }
  }
}

function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function stayListing(
  admin: SoakAccount,
  title: string,
  settings: Record<string, unknown>,
): Promise<number> {
  const created = await call(admin, "POST", "/my-listings", {
    category: "hospitality",
    title,
    listingType: "booking",
    price: "80",
    priceType: "per_night",
    countryCode: "KE",
    city: "Nairobi",
    address: "1 Probe Road",
    description: "A guesthouse the abuse probe books, to see what one guest can hold.",
    propertyType: "guesthouse",
    bedrooms: "3",
    bathrooms: "2",
    contactMethod: "email",
  });
  const { id } = (await created.json()) as { id: number };
  if (created.status !== 201) throw new Error(`Listing refused: ${created.status}`);
  const saved = await call(admin, "PUT", `/listings/${id}/booking-settings`, {
    cancellationPolicy: "flexible",
    minStay: 1,
    maxStay: 30,
    noticeDays: 0,
    maxGuests: 4,
    cleaningFeeUsd: "0",
    paymentMode: "on_arrival",
    preparationDays: 0,
    ...settings,
  });
  if (saved.status !== 200) throw new Error(`Booking settings refused: ${saved.status}`);
  return id;
}

const admin = await adminSession(base, sink, ADMIN_EMAIL);
const instant = await stayListing(admin, "Probe Instant Guesthouse", { mode: "instant" });
const request = await stayListing(admin, "Probe Request Guesthouse", { mode: "request" });
const raced = await stayListing(admin, "Probe Raced Guesthouse", {
  mode: "instant",
  preparationDays: 2,
});

console.info(`\n1. ${racerCount} guests ask for overlapping stays at once (preparation days: 2)`);
const racers: SoakAccount[] = [];
for (let i = 0; i < racerCount; i++) racers.push(await newAccount(`racer-${i}`));
const raceAnswers = await Promise.all(
  racers.map((racer, i) =>
    call(racer, "POST", `/listings/${raced}/bookings`, {
      checkIn: day(20 + i),
      checkOut: day(22 + i),
      guests: 1,
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { checkIn?: string; checkOut?: string },
    })),
  ),
);
const byStatus = new Map<number, number>();
for (const answer of raceAnswers)
  byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
const dayNumber = (iso: string) => Math.round(Date.parse(iso) / 86_400_000);
const stays = raceAnswers
  .filter((a) => a.status === 201 && a.body.checkIn && a.body.checkOut)
  .map((a) => ({ from: dayNumber(a.body.checkIn!), to: dayNumber(a.body.checkOut!) }))
  .sort((a, b) => a.from - b.from);
// Each confirmed stay and its two preparation days must end before the next stay begins.
const overlapping = stays.filter((stay, i) => i > 0 && stay.from < stays[i - 1]!.to + 2).length;
console.info(
  `   answers ${JSON.stringify(Object.fromEntries(byStatus))}; stays confirmed ${stays.length}; ` +
    `overlapping or inside preparation days: ${overlapping}`,
);

console.info("\n2. Whole-calendar hold: 25 stays of 30 nights by one new guest");
const hoarder = await newAccount("hoarder");
for (const [name, listingId] of [
  ["instant", instant],
  ["request", request],
] as const) {
  const answers = new Map<number, number>();
  let nights = 0;
  let firstRefusal = "";
  const began = performance.now();
  for (let i = 0; i < 25; i++) {
    const response = await call(hoarder, "POST", `/listings/${listingId}/bookings`, {
      checkIn: day(1 + i * 30),
      checkOut: day(31 + i * 30),
      guests: 1,
    });
    answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
    if (response.status === 201) nights += 30;
    else if (!firstRefusal) {
      const body = (await response.json()) as { error?: { message?: string } };
      firstRefusal = `${response.status} "${body.error?.message ?? ""}"`;
    }
  }
  console.info(
    `   ${name}: ${answers.get(201) ?? 0} held (${nights} nights), refused ${25 - (answers.get(201) ?? 0)}` +
      ` in ${Math.round(performance.now() - began)} ms; answers ${JSON.stringify(Object.fromEntries(answers))}` +
      (firstRefusal ? `; first refusal ${firstRefusal}` : ""),
  );
}

console.info(`\n3. Message flood: ${messageCount} messages from one guest`);
const chatty = await newAccount("chatty");
const started = await call(chatty, "POST", `/listings/${instant}/conversations`, {
  body: "Hello, is the guesthouse quiet at night?",
});
const { conversationId } = (await started.json()) as { conversationId: number };
let sent = 0;
let limited = 0;
let withRetryAfter = 0;
for (let i = 0; i < messageCount; i++) {
  const response = await call(chatty, "POST", `/conversations/${conversationId}/messages`, {
    body: `Message ${i + 1}`,
  });
  if (response.status === 201) sent++;
  if (response.status === 429) {
    limited++;
    if (response.headers.get("Retry-After")) withRetryAfter++;
  }
  await response.body?.cancel();
}
console.info(`   ${sent} accepted, ${limited} answered 429 (${withRetryAfter} with Retry-After)`);

const memory = residentMemory(server.pid);
const errors = statuses.get(500) ?? 0;
console.info(
  `\nAll answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}` +
    `\n500s seen: ${errors}; server RSS ${memory ? `${Math.round(memory.rssMb)} MB` : "unknown"}`,
);
await server.stop();
await sink.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(errors > 0 || overlapping > 0 ? 1 : 0);
