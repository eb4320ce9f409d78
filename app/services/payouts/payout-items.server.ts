import { inArray, sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client.server.ts";
import { bookings, jobs, listings } from "../../db/schema/index.ts";
import type { PayoutItem } from "../../lib/schemas/payouts.ts";

/**
 * Where a host's money stands for each booking and job: still held, payable, or paid out.
 * Payouts are recorded per host and currency, not per booking, so what was paid out is counted
 * against the items in the order their money was released, the oldest first; a debt the host
 * still owes back (a refund after a payout) is not paid out.
 */

interface ItemMoney {
  booking_id: number | null;
  job_id: number | null;
  currency: string;
  held: string;
  released: string;
  released_at: string | null;
}

/** What was paid out to the host and not given back by a refund since, per currency. */
async function paidOutNet(db: Executor, hostId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ currency: string; paid: string }>(
    db,
    sql`select currency, sum(amount)::text as paid from (
          select currency, amount_minor as amount from payouts where host_id = ${hostId}
          union all
          select currency, -amount_minor from ledger_entries
          where user_id = ${hostId} and account = 'host_receivable') money
        group by currency`,
  );
  return new Map(rows.map((r) => [r.currency, Math.max(0, Number(r.paid))]));
}

function itemState(held: number, payable: number, paidOut: number): PayoutItem["state"] {
  if (payable > 0) return "payable";
  if (held > 0) return "held";
  return paidOut > 0 ? "paid_out" : "refunded";
}

/** Every booking and job of the host with money, newest first, with where it stands. */
export async function payoutItems(db: Executor, hostId: string): Promise<PayoutItem[]> {
  const [rows, paid] = await Promise.all([
    queryRows<ItemMoney>(
      db,
      sql`select booking_id, job_id, currency,
            (-sum(case when account = 'host_held' then amount_minor else 0 end))::text as held,
            (-sum(case when account <> 'host_held' then amount_minor else 0 end))::text
              as released,
            min(case when kind = 'release' then created_at end)::text as released_at
          from ledger_entries
          where user_id = ${hostId}
            and account in ('host_held', 'host_payable', 'host_receivable')
            and (booking_id is not null or job_id is not null)
          group by booking_id, job_id, currency`,
    ),
    paidOutNet(db, hostId),
  ]);
  const bookingIds = rows.flatMap((r) => (r.booking_id === null ? [] : [Number(r.booking_id)]));
  const jobIds = rows.flatMap((r) => (r.job_id === null ? [] : [Number(r.job_id)]));
  const [bookingTitles, jobTitles] = await Promise.all([
    bookingIds.length === 0
      ? []
      : db
          .select({ id: bookings.id, title: listings.title })
          .from(bookings)
          .innerJoin(listings, sql`${listings.id} = ${bookings.listingId}`)
          .where(inArray(bookings.id, bookingIds)),
    jobIds.length === 0
      ? []
      : db
          .select({ id: jobs.id, title: listings.title })
          .from(jobs)
          .innerJoin(listings, sql`${listings.id} = ${jobs.listingId}`)
          .where(inArray(jobs.id, jobIds)),
  ]);
  const titleOf = (kind: "booking" | "job", id: number) =>
    (kind === "booking" ? bookingTitles : jobTitles).find((r) => r.id === id)?.title ?? "";
  // The oldest release is the first paid out.
  const byRelease = [...rows].sort((a, b) =>
    (a.released_at ?? "9999").localeCompare(b.released_at ?? "9999"),
  );
  const left = new Map(paid);
  const items: PayoutItem[] = [];
  for (const row of byRelease) {
    const kind = row.booking_id === null ? "job" : "booking";
    const id = Number(row.booking_id ?? row.job_id);
    const held = Number(row.held);
    const released = Math.max(0, Number(row.released));
    const paidOut = Math.min(released, left.get(row.currency) ?? 0);
    left.set(row.currency, (left.get(row.currency) ?? 0) - paidOut);
    const payable = released - paidOut;
    if (held === 0 && released === 0 && row.released_at === null) continue;
    items.push({
      kind,
      id,
      title: titleOf(kind, id),
      currency: row.currency,
      heldMinor: held,
      payableMinor: payable,
      paidOutMinor: paidOut,
      state: itemState(held, payable, paidOut),
    });
  }
  return items.sort((a, b) => b.id - a.id || a.kind.localeCompare(b.kind));
}
