import { CATEGORIES } from "../../app/lib/listing-values.ts";
import { signIn, type SoakAccount } from "./accounts.ts";

export const KINDS = ["category", "listing", "sign-in", "favourite", "create-listing"] as const;
export type Kind = (typeof KINDS)[number];

/** Share of each kind in the mix (browsing dominates, as on the real site). */
const MIX: Record<Kind, number> = {
  category: 35,
  listing: 30,
  "sign-in": 5,
  favourite: 20,
  "create-listing": 10,
};

/** One finished request: when it ended (ms since the start), how long it took, what came back. */
export interface Outcome {
  kind: Kind;
  endedAt: number;
  ms: number;
  /** The HTTP status, or 0 when no response came (refused connection, reset, timeout). */
  status: number;
  ok: boolean;
}

/**
 * Every write the server acknowledged. A favourite's last acknowledged state must be in the
 * database unless a later attempt on the same pair went unanswered (it may or may not have been
 * applied: the pair is then left out, and counted).
 */
export class Ledger {
  readonly listings: { id: number; title: string }[] = [];
  readonly favourites = new Map<string, { email: string; listingId: number; saved: boolean }>();
  readonly uncertain = new Set<string>();
  acknowledgedFavourites = 0;

  favouriteAttempt(email: string, listingId: number, saved: boolean, acknowledged: boolean): void {
    const key = `${email} ${listingId}`;
    if (acknowledged) {
      this.favourites.set(key, { email, listingId, saved });
      this.uncertain.delete(key);
      this.acknowledgedFavourites += 1;
    } else {
      this.uncertain.add(key);
    }
  }

  /** The pairs whose state is known, with the state the database must hold. */
  certainFavourites() {
    return [...this.favourites].filter(([key]) => !this.uncertain.has(key)).map(([, v]) => v);
  }
}

export interface WorkloadOptions {
  base: string;
  accounts: SoakAccount[];
  /** The administrator's session: listings are created there (a free plan allows three). */
  admin: SoakAccount;
  listingIds: number[];
  durationMs: number;
  thinkMs: number;
  started: number;
  ledger: Ledger;
  record(outcome: Outcome): void;
}

const TIMEOUT_MS = 30_000;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function pickKind(): Kind {
  let roll = Math.random() * KINDS.reduce((sum, kind) => sum + MIX[kind], 0);
  for (const kind of KINDS) {
    roll -= MIX[kind];
    if (roll < 0) return kind;
  }
  return "category";
}

function listingInput(title: string) {
  return {
    category: "real-estate",
    title,
    listingType: "rent",
    price: "750",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "7 Soak Street",
    description: "A flat published by the soak test, to check that no write is lost.",
    propertyType: "apartment",
    bedrooms: "2",
    bathrooms: "1",
    areaM2: "70",
    contactMethod: "email",
  };
}

/**
 * One virtual user: requests one after the other (a closed loop, so the concurrency is bounded
 * by the number of users) until the time is up. Each has its own account; favourites are toggled
 * on its own saved state, so the last acknowledged state of a pair is well defined.
 */
export async function virtualUser(index: number, o: WorkloadOptions): Promise<void> {
  const account = o.accounts[index]!;
  const saved = new Map<number, boolean>();
  let created = 0;
  const jsonHeaders = (cookie: string) => ({
    Origin: o.base,
    Cookie: cookie,
    "Content-Type": "application/json",
  });
  while (performance.now() - o.started < o.durationMs) {
    const kind = pickKind();
    const begun = performance.now();
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    let status = 0;
    let ok = false;
    let favourite: { listingId: number; target: boolean } | undefined;
    let refused = false;
    try {
      switch (kind) {
        case "category": {
          const page = Math.random() < 0.3 ? "?page=2" : "";
          const response = await fetch(`${o.base}/${pick(CATEGORIES)}${page}`, { signal });
          status = response.status;
          await response.arrayBuffer();
          ok = status === 200;
          break;
        }
        case "listing": {
          const response = await fetch(`${o.base}/listing/${pick(o.listingIds)}`, {
            signal,
            headers: { Cookie: account.cookie },
          });
          status = response.status;
          await response.arrayBuffer();
          ok = status === 200;
          break;
        }
        case "sign-in": {
          const { response, cookie } = await signIn(o.base, account, signal);
          status = response.status;
          ok = status === 302 && cookie !== undefined;
          if (ok && cookie) account.cookie = cookie;
          break;
        }
        case "favourite": {
          const listingId = pick(o.listingIds);
          favourite = { listingId, target: !(saved.get(listingId) ?? false) };
          const response = await fetch(`${o.base}/api/v1/me/favorites/${listingId}`, {
            method: favourite.target ? "PUT" : "DELETE",
            signal,
            headers: jsonHeaders(account.cookie),
          });
          status = response.status;
          await response.arrayBuffer();
          ok = status === 200;
          if (ok) saved.set(listingId, favourite.target);
          break;
        }
        case "create-listing": {
          const title = `Soak flat ${index + 1}-${++created}`;
          const response = await fetch(`${o.base}/api/v1/my-listings`, {
            method: "POST",
            signal,
            headers: jsonHeaders(o.admin.cookie),
            body: JSON.stringify(listingInput(title)),
          });
          status = response.status;
          const body = (await response.json().catch(() => null)) as { id?: number } | null;
          ok = status === 201 && typeof body?.id === "number";
          if (ok && body?.id) o.ledger.listings.push({ id: body.id, title });
          break;
        }
      }
    } catch (error) {
      status = 0;
      ok = false;
      // A refused connection never reached the server: nothing can have been applied.
      if ((error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") refused = true;
    }
    if (favourite && !refused) {
      o.ledger.favouriteAttempt(account.email, favourite.listingId, favourite.target, ok);
    }
    const now = performance.now();
    o.record({ kind, endedAt: now - o.started, ms: now - begun, status, ok });
    if (!ok) await new Promise((r) => setTimeout(r, 200));
    else if (o.thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * 2 * o.thinkMs));
  }
}
