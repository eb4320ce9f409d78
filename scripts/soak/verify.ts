import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type DatabaseTarget } from "../../app/db/client.server.ts";
import type { SoakAccount } from "./accounts.ts";
import type { Ledger } from "./workload.ts";

export interface WriteCheck {
  listingsAcknowledged: number;
  listingsMissing: number[];
  favouritesChecked: number;
  favouritesUncertain: number;
  favouritesWrong: string[];
}

function compare(ledger: Ledger, listingIds: Set<number>, saved: Set<string>): WriteCheck {
  const favouritesWrong: string[] = [];
  const certain = ledger.certainFavourites();
  for (const f of certain) {
    if (saved.has(`${f.email} ${f.listingId}`) !== f.saved) {
      favouritesWrong.push(
        `${f.email} listing ${f.listingId}: acknowledged ${f.saved ? "saved" : "removed"}`,
      );
    }
  }
  return {
    listingsAcknowledged: ledger.listings.length,
    listingsMissing: ledger.listings.map((l) => l.id).filter((id) => !listingIds.has(id)),
    favouritesChecked: certain.length,
    favouritesUncertain: ledger.uncertain.size,
    favouritesWrong,
  };
}

/** Reads the database itself (the server that held the embedded one has stopped). */
export async function verifyInDatabase(
  target: DatabaseTarget,
  ledger: Ledger,
  emails: string[],
): Promise<WriteCheck> {
  const handle = await openDatabase(target);
  try {
    const ids = ledger.listings.map((l) => l.id);
    const found = ids.length
      ? await queryRows<{ id: number }>(
          handle.db,
          sql`select id from listings where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : [];
    const favourites = await queryRows<{ email: string; listing_id: number }>(
      handle.db,
      sql`select u.email, f.listing_id from favorites f join "user" u on u.id = f.user_id
          where u.email in (${sql.join(
            emails.map((e) => sql`${e}`),
            sql`, `,
          )})`,
    );
    return compare(
      ledger,
      new Set(found.map((r) => Number(r.id))),
      new Set(favourites.map((f) => `${f.email} ${Number(f.listing_id)}`)),
    );
  } finally {
    await handle.close();
  }
}

/** Asks the running server (a server the soak did not start: its database is out of reach). */
export async function verifyThroughApi(
  base: string,
  ledger: Ledger,
  accounts: SoakAccount[],
  admin: SoakAccount,
): Promise<WriteCheck> {
  const found = new Set<number>();
  for (const { id } of ledger.listings) {
    const response = await fetch(`${base}/api/v1/my-listings/${id}`, {
      headers: { Cookie: admin.cookie },
    });
    if (response.ok) found.add(id);
  }
  const saved = new Set<string>();
  for (const account of accounts) {
    const response = await fetch(`${base}/api/v1/me/favorites`, {
      headers: { Cookie: account.cookie },
    });
    if (!response.ok) throw new Error(`Reading ${account.email}'s favourites: ${response.status}`);
    const { listingIds } = (await response.json()) as { listingIds: number[] };
    for (const id of listingIds) saved.add(`${account.email} ${id}`);
  }
  return compare(ledger, found, saved);
}
