/**
 * Lighthouse in mobile mode (its default phone emulation and simulated slow 4G) on the pages
 * people land on: home, a category, a listing, its agent's public page, an agency's page and a
 * signed-in agent's dashboard, premium plans and payments, three runs each. Prints the medians and
 * the audits that keep a category under 100, and writes every run's figures to perf/pages.json.
 *
 * Needs a prior `npm run build`: starts the production server on a fresh data directory with the
 * demo data and a local SMTP sink, unless BASE_URL names a running one. The dashboard is measured
 * as a new agent account confirmed by its e-mail (with BASE_URL: the session in PERF_COOKIE).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { linkIn } from "../tests/support/smtp-sink.ts";
import { startDemoServer, type DemoServer } from "./demo-server.ts";

type SmtpSink = DemoServer["sink"];

const RUNS = Number(process.env.PERF_RUNS ?? 3);
const PORT = Number(process.env.PERF_PORT ?? 3950);
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RESOURCE_TYPES = ["script", "stylesheet", "image", "document", "font", "other", "total"];

/** A session for a new, confirmed agent account, as a Cookie header value. */
async function signedInCookie(base: string, sink: SmtpSink | undefined): Promise<string> {
  if (process.env.PERF_COOKIE) return process.env.PERF_COOKIE;
  if (!sink) throw new Error("With BASE_URL, give the session as PERF_COOKIE (name=value).");
  const email = `perf-${Date.now()}@example.com`;
  const signUp = await fetch(`${base}/auth/sign-up`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base },
    body: new URLSearchParams({
      name: "Perf Visitor",
      email,
      password: "perf-password-2026",
      accountType: "agent",
      redirectTo: "/",
    }),
  });
  if (signUp.status !== 302) throw new Error(`Sign-up refused: ${signUp.status}`);
  for (let i = 0; i < 100 && sink.to(email).length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [mail] = sink.to(email);
  if (!mail) throw new Error("No confirmation mail arrived.");
  const confirmed = await fetch(linkIn(mail, base), { redirect: "manual" });
  const session = confirmed.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!session) throw new Error("Confirming the account started no session.");
  return session.split(";")[0] ?? "";
}

/**
 * Puts the session cookie in the browser's cookie store through the DevTools protocol: Chrome
 * ignores a Cookie header given as an extra header, and Lighthouse keeps cookies between runs.
 */
async function setBrowserCookie(port: number, base: string, cookie: string): Promise<void> {
  const { webSocketDebuggerUrl } = (await (
    await fetch(`http://127.0.0.1:${port}/json/version`)
  ).json()) as { webSocketDebuggerUrl: string };
  const [name = "", value = ""] = cookie.split(/=(.*)/s);
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  await new Promise<void>((resolve, reject) => {
    socket.onmessage = (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      if (answer.error) reject(new Error(answer.error.message));
      else resolve();
    };
    socket.send(
      JSON.stringify({
        id: 1,
        method: "Storage.setCookies",
        params: { cookies: [{ name, value, url: base, httpOnly: true, sameSite: "Lax" }] },
      }),
    );
  });
  socket.close();
}

interface Run {
  /** Lighthouse's code when a run failed (its scores are then 0). */
  error?: string;
  /** Where the page ended up, to see a redirect (a dashboard without its session). */
  finalUrl: string;
  scores: Record<string, number>;
  metrics: Record<string, number>;
  bytes: Record<string, number>;
  failing: string[];
}

function summarise(lhr: Result): Run {
  const scores: Record<string, number> = {};
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    if (scores[id] === 100 || !category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0) {
        failing.push(`${id}:${ref.id}`);
      }
    }
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const bytes: Record<string, number> = {};
  const details = lhr.audits["resource-summary"]?.details;
  if (details?.type === "table") {
    for (const item of details.items) {
      bytes[String(item.resourceType)] = Number(item.transferSize ?? 0);
    }
  }
  return {
    error: lhr.runtimeError?.code,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics: {
      FCP: metric("first-contentful-paint"),
      LCP: metric("largest-contentful-paint"),
      TBT: metric("total-blocking-time"),
      CLS: metric("cumulative-layout-shift"),
    },
    bytes,
    failing,
  };
}

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_FLAGS });
const started = process.env.BASE_URL ? undefined : await startDemoServer(PORT);
const base = (process.env.BASE_URL ?? started?.base ?? "").replace(/\/$/, "");
try {
  const listings = (await (await fetch(`${base}/api/v1/listings`)).json()) as {
    listings: { id: number }[];
  };
  const listingId = listings.listings[0]?.id;
  // The lister's public page, as a visitor reaches it: the listing's contact card links to it.
  const listingPage = await (await fetch(`${base}/listing/${listingId}`)).text();
  const agentPath = /href="(\/agents\/[a-z0-9-]+)"/.exec(listingPage)?.[1];
  if (!agentPath) throw new Error("The listing's contact card links to no agent page.");
  // An agency's page, as search engines reach it: the sitemap lists the agencies whose team runs.
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const agencyPath = /<loc>[^<]*?(\/agencies\/[a-z0-9-]+)<\/loc>/.exec(sitemap)?.[1];
  if (!agencyPath) throw new Error("The sitemap lists no agency page.");
  const cookie = await signedInCookie(base, started?.sink);
  // The signed-in page comes last: its cookie stays in the browser from then on.
  const pages: { name: string; path: string; cookie?: string }[] = [
    { name: "home", path: "/" },
    { name: "category", path: "/real-estate" },
    { name: "listing", path: `/listing/${listingId}` },
    { name: "agent", path: agentPath },
    { name: "agency", path: agencyPath },
    { name: "dashboard", path: "/dashboard/overview", cookie },
    { name: "plans", path: "/dashboard/premium-plans", cookie },
    { name: "payments", path: "/dashboard/payments", cookie },
  ];

  const results: Record<string, { url: string; runs: Run[] }> = {};
  for (const page of pages) {
    const url = `${base}${page.path}`;
    const runs: Run[] = [];
    if (page.cookie) await setBrowserCookie(chrome.port, base, page.cookie);
    // A run Lighthouse could not finish (NO_NAVSTART on a busy machine) is tried again, once.
    for (let i = 0; runs.filter((r) => !r.error).length < RUNS && i < RUNS * 2; i++) {
      const flags: Flags = {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: [...CATEGORIES],
      };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      runs.push(summarise(result.lhr));
      const run = runs.at(-1);
      const failed = run?.error ? ` (failed: ${run.error})` : "";
      if (run && run.finalUrl !== url) console.warn(`${url} ended at ${run.finalUrl}`);
      console.info(
        `${page.name} run ${i + 1}/${RUNS}: performance ${run?.scores.performance}${failed}`,
      );
    }
    results[page.name] = { url, runs };
  }

  const kb = (n: number) => (Number.isNaN(n) ? "-" : `${(n / 1024).toFixed(1)}`);
  const ms = (n: number) => `${Math.round(n)}`;
  const header = [
    "page",
    "perf",
    "a11y",
    "best-pr.",
    "SEO",
    "FCP ms",
    "LCP ms",
    "TBT ms",
    "CLS",
    ...RESOURCE_TYPES.map((t) => `${t} KB`),
  ];
  const rows = Object.entries(results).map(([name, { runs }]) => {
    // A run Lighthouse could not finish scores 0 everywhere: it is left out of the medians.
    const finished = runs.filter((r) => !r.error);
    const m = (pick: (r: Run) => number) => median(finished.map(pick));
    return [
      name,
      ...CATEGORIES.map((c) => String(m((r) => r.scores[c] ?? 0))),
      ms(m((r) => r.metrics.FCP ?? NaN)),
      ms(m((r) => r.metrics.LCP ?? NaN)),
      ms(m((r) => r.metrics.TBT ?? NaN)),
      m((r) => r.metrics.CLS ?? NaN).toFixed(3),
      ...RESOURCE_TYPES.map((t) => kb(m((r) => r.bytes[t] ?? 0))),
    ];
  });
  console.info(
    `\nMedians of ${RUNS} Lighthouse mobile runs (simulated slow 4G), transfer sizes in KB:\n`,
  );
  console.info(`| ${header.join(" | ")} |`);
  console.info(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.info(`| ${row.join(" | ")} |`);
  for (const [name, { runs }] of Object.entries(results)) {
    const failing = [...new Set(runs.filter((r) => !r.error).flatMap((r) => r.failing))];
    if (failing.length > 0) console.info(`\n${name}, audits under 100: ${failing.join(", ")}`);
  }
  mkdirSync("perf", { recursive: true });
  writeFileSync("perf/pages.json", `${JSON.stringify({ base, runs: RUNS, results }, null, 2)}\n`);
  console.info("\nEvery run's figures: perf/pages.json");
} finally {
  chrome.kill();
  await started?.stop();
}
