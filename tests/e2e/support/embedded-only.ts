import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Browser specs that run once, in the pass on the embedded database, and not again on
 * PostgreSQL (DATABASE_URL set), each with the reason. The rule: a spec is listed when it sends
 * the shared test server no request that writes (any method but GET and HEAD). What it then
 * reaches on the server is page and API loaders on the demo data, and every one of those runs on
 * PostgreSQL in `npm run test:db` (the permission matrix calls each page loader and each API
 * endpoint as six callers); the server code a browser reaches is the same on both engines, only
 * app/db/client.server.ts differs. Specs whose journeys write (sign-up, publishing, bookings,
 * payments, messages, admin changes) stay in both passes: their transactions, constraints and
 * concurrent requests through the connection pool are where the engines differ.
 *
 * tests/e2e/support/test.ts keeps the list honest: in a listed spec, a write request to the
 * shared server fails the test. A spec that starts its own server (always on an embedded
 * database of its own) may write to that one.
 */
export const EMBEDDED_ONLY: Record<string, string> = {
  "tests/e2e/browse.spec.ts": "reads the demo catalogue's sections, filters, sorting and pages",
  "tests/e2e/client-state.spec.ts": "opens and closes dialogs that ask the server for nothing",
  "tests/e2e/currency-picker.spec.ts": "reads the currency picker's layout",
  "tests/e2e/demo-sign-in.spec.ts":
    "starts its own server on an embedded database of its own, whatever the pass",
  "tests/e2e/hero-search.spec.ts": "reads search results",
  "tests/e2e/verified-hosts.spec.ts":
    "starts its own server on an embedded database of its own, whatever the pass",
  "tests/e2e/server-lifecycle.spec.ts":
    "starts its own servers on embedded databases of their own, whatever the pass",
};

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** The listed specs' absolute paths, for Playwright's testIgnore in the PostgreSQL pass. */
export const embeddedOnlyFiles = Object.keys(EMBEDDED_ONLY).map((file) => {
  const absolute = path.join(repoRoot, file);
  // A renamed spec would silently run in both passes again, and its check would stop.
  if (!existsSync(absolute)) throw new Error(`embedded-only.ts lists ${file}: not found`);
  return absolute;
});
