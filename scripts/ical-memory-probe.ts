/**
 * `node scripts/ical-memory-probe.ts [--megabytes 600]` (run `npm run build` first)
 *
 * What importing a huge "calendar" costs the production server: a local server sends a body of
 * --megabytes (a calendar's first line, then filler) as fast as it is read, and a host imports it
 * on a listing through the API. The server reaches it as calendar.example, a name its test-only
 * PUBLIC_FETCH_TEST_HOSTS setting treats as a public host (decision 013); the import is refused.
 * Prints the server's resident memory before, during (its highest, sampled every 10 ms) and
 * after, and how many bytes the server took before it stopped reading. Goal: under 50 MB growth.
 * Then it imports the largest calendar allowed (3,000 events) while asking /api/v1/health again
 * and again, and prints the slowest answer. Goal: under 200 ms.
 */
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";
import { signUp } from "./soak/accounts.ts";
import { freePort, residentMemory, startServer } from "./soak/server-process.ts";

const { values: args } = parseArgs({
  options: { megabytes: { type: "string", default: "600" } },
});
const totalBytes = Number(args.megabytes) * 1024 * 1024;
if (!(totalBytes > 0)) {
  console.error("--megabytes must be a positive number");
  process.exit(2);
}

/** A calendar of as many events as an import may have (3,000), about 1.6 MB. */
function largeCalendar(): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Probe//EN"];
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
  for (let i = 0; i < 3_000; i++) {
    lines.push(
      "BEGIN:VEVENT",
      `DTSTART;VALUE=DATE:${day(10 + 2 * i)}`,
      `DTEND;VALUE=DATE:${day(11 + 2 * i)}`,
      `UID:${i}@probe.test`,
      "SUMMARY:Reserved",
      `DESCRIPTION:${"x".repeat(400)}`,
      "END:VEVENT",
    );
  }
  return [...lines, "END:VCALENDAR", ""].join("\r\n");
}
const large = largeCalendar();

let bytesSent = 0;
const calendarHost = createServer((request, response) => {
  response.writeHead(200, { "content-type": "text/calendar" });
  if (request.url === "/large.ics") return void response.end(large);
  response.write("BEGIN:VCALENDAR\r\n");
  const chunk = Buffer.alloc(256 * 1024, "X");
  const more = () => {
    while (!response.destroyed && bytesSent < totalBytes) {
      bytesSent += chunk.length;
      if (!response.write(chunk)) return void response.once("drain", more);
    }
    response.end();
  };
  more();
});
await new Promise<void>((resolve) => calendarHost.listen(0, "127.0.0.1", resolve));
const hostPort = (calendarHost.address() as AddressInfo).port;

const sink = await startSmtpSink();
const dataDir = mkdtempSync(path.join(tmpdir(), "gateway-ical-probe-"));
const port = await freePort();
const server = await startServer(
  {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // Not production: the server refuses the test-only host setting there.
    NODE_ENV: "test",
    SEED_DEMO: "false",
    SMTP_URL: sink.url,
    PUBLIC_FETCH_TEST_HOSTS: `calendar.example=127.0.0.1:${hostPort}`,
    DATABASE_URL: "",
  },
  port,
);
const base = server.base;
const rss = () => Math.round(residentMemory(server.pid)?.rssMb ?? NaN);

try {
  const host = await signUp(base, sink, `ical-probe-${Date.now()}@example.com`);
  const headers = { Origin: base, Cookie: host.cookie, "content-type": "application/json" };
  const created = await fetch(`${base}/api/v1/my-listings`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      title: "Probe Guesthouse",
      category: "hospitality",
      listingType: "booking",
      propertyType: "guesthouse",
      price: "80",
      priceType: "per_night",
      countryCode: "GH",
      city: "Cape Coast",
      address: "7 Castle Road",
      description: "A listing the memory probe imports a calendar into.",
      bedrooms: 2,
      contactMethod: "email",
    }),
  });
  const { id } = (await created.json()) as { id: number };
  if (created.status !== 201) throw new Error(`The listing was refused: ${created.status}`);
  const settings = await fetch(`${base}/api/v1/listings/${id}/booking-settings`, {
    method: "PUT",
    headers,
    body: JSON.stringify({
      mode: "instant",
      cancellationPolicy: "moderate",
      minStay: 1,
      maxStay: 14,
      noticeDays: 0,
      preparationDays: 0,
      maxGuests: 4,
      cleaningFeeUsd: 0,
    }),
  });
  if (settings.status !== 200) throw new Error(`Booking settings refused: ${settings.status}`);

  // Let the server settle after start-up and the first requests.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
  const started = performance.now();
  const answer = await fetch(`${base}/api/v1/listings/${id}/ical-feeds`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: "http://calendar.example/huge.ics" }),
  });
  const seconds = (performance.now() - started) / 1000;
  const body = (await answer.json()) as { error?: { message?: string } };
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  clearInterval(sampler);
  const after = rss();

  console.info(
    `Import of a ${args.megabytes} MB calendar: ${answer.status} in ${seconds.toFixed(2)} s`,
  );
  console.info(`  answer: ${body.error?.message ?? JSON.stringify(body)}`);
  console.info(`  bytes the calendar host sent: ${(bytesSent / 1024 / 1024).toFixed(1)} MB`);
  console.info(`  server RSS: before ${before} MB, highest during ${peak} MB, after ${after} MB`);
  console.info(
    `  growth: during ${peak - before} MB, after ${after - before} MB (goal: under 50 MB)`,
  );

  // The largest calendar allowed, parsed in the worker while /api/v1/health is asked again and
  // again: the slowest answer shows whether the import held up other requests.
  let done = false;
  const importing = fetch(`${base}/api/v1/listings/${id}/ical-feeds`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: "http://calendar.example/large.ics" }),
  }).finally(() => (done = true));
  const healthWaits: number[] = [];
  const largeStarted = performance.now();
  while (!done) {
    const asked = performance.now();
    await (await fetch(`${base}/api/v1/health`)).arrayBuffer();
    healthWaits.push(performance.now() - asked);
  }
  const largeAnswer = await importing;
  const imported = (await largeAnswer.json()) as { nights?: number };
  const slowest = Math.round(Math.max(...healthWaits));
  console.info(
    `Import of a 3,000-event calendar (${(large.length / 1024 / 1024).toFixed(1)} MB): ` +
      `${largeAnswer.status} in ${((performance.now() - largeStarted) / 1000).toFixed(2)} s, ` +
      `${imported.nights} date ranges`,
  );
  console.info(
    `  /api/v1/health meanwhile: ${healthWaits.length} answers, slowest ${slowest} ms ` +
      `(goal: under 200 ms); server RSS now ${rss()} MB`,
  );
  process.exitCode = peak - before < 50 && after - before < 50 && slowest < 200 ? 0 : 1;
} finally {
  await server.stop();
  calendarHost.closeAllConnections();
  calendarHost.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
