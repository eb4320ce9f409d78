import { desc, eq, inArray, or, sql } from "drizzle-orm";
import { getDb, queryRows, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  bookings,
  jobs,
  listings,
  payments,
  payouts,
  refunds,
  user,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { formatMinor } from "../../lib/money.ts";
import { parseAmount } from "../../lib/amount.ts";
import { currencyExponent } from "../../lib/payment-values.ts";
import {
  recordPayoutInputSchema,
  type PayableHost,
  type PayoutItem,
  type PayoutReport,
  type PayoutView,
} from "../../lib/schemas/payouts.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../listings/listing-actor.server.ts";
import { accountBalances, cashOut, postLedger } from "../payments/ledger.server.ts";

/**
 * Payouts to hosts and professionals. The ledger says what each is owed: held (paid, not yet due),
 * payable (released 48 hours after check-in, or when a job is completed) and paid out. No payout
 * runs here: the administrator pays outside the site and records it, never more than is payable.
 */

type Executor = Database | DbTransaction;

/** Credits are negative: what the platform owes reads as a positive amount. */
function owed(balances: Map<string, number>): Map<string, number> {
  return new Map([...balances].map(([currency, balance]) => [currency, 0 - balance]));
}

/** What refunds waiting for the provider will take from the host's payable money, per currency. */
async function payableReserved(db: Executor, hostId: string): Promise<Map<string, number>> {
  const pending = await db
    .select({ sources: refunds.sources, currency: payments.currency })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.status, "pending"));
  const reserved = new Map<string, number>();
  for (const { sources, currency } of pending) {
    for (const leg of sources) {
      if (leg.account === "host_payable" && leg.userId === hostId) {
        reserved.set(currency, (reserved.get(currency) ?? 0) + leg.amountMinor);
      }
    }
  }
  return reserved;
}

function payoutView(row: typeof payouts.$inferSelect, hostName: string): PayoutView {
  return {
    id: row.id,
    hostId: row.hostId,
    hostName,
    currency: row.currency,
    amountMinor: row.amountMinor,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Held and payable per booking and job of the host, newest first, those with money only. */
async function reportItems(db: Executor, hostId: string): Promise<PayoutItem[]> {
  const rows = await queryRows<{
    booking_id: number | null;
    job_id: number | null;
    currency: string;
    held: string;
    payable: string;
  }>(
    db,
    sql`select booking_id, job_id, currency,
          sum(case when account = 'host_held' then amount_minor else 0 end)::text as held,
          sum(case when account = 'host_payable' then amount_minor else 0 end)::text as payable
        from ledger_entries
        where user_id = ${hostId} and account in ('host_held', 'host_payable')
          and (booking_id is not null or job_id is not null)
        group by booking_id, job_id, currency`,
  );
  const bookingIds = rows.flatMap((r) => (r.booking_id === null ? [] : [Number(r.booking_id)]));
  const jobIds = rows.flatMap((r) => (r.job_id === null ? [] : [Number(r.job_id)]));
  const [bookingTitles, jobTitles] = await Promise.all([
    bookingIds.length === 0
      ? []
      : db
          .select({ id: bookings.id, title: listings.title })
          .from(bookings)
          .innerJoin(listings, eq(listings.id, bookings.listingId))
          .where(inArray(bookings.id, bookingIds)),
    jobIds.length === 0
      ? []
      : db
          .select({ id: jobs.id, title: listings.title })
          .from(jobs)
          .innerJoin(listings, eq(listings.id, jobs.listingId))
          .where(inArray(jobs.id, jobIds)),
  ]);
  const titleOf = (kind: "booking" | "job", id: number) =>
    (kind === "booking" ? bookingTitles : jobTitles).find((r) => r.id === id)?.title ?? "";
  return rows
    .map((row): PayoutItem => {
      const kind = row.booking_id === null ? "job" : "booking";
      const id = Number(row.booking_id ?? row.job_id);
      return {
        kind,
        id,
        title: titleOf(kind, id),
        currency: row.currency,
        heldMinor: 0 - Number(row.held),
        payableMinor: 0 - Number(row.payable),
      };
    })
    .filter((item) => item.heldMinor !== 0 || item.payableMinor !== 0)
    .sort((a, b) => b.id - a.id || a.kind.localeCompare(b.kind));
}

/**
 * The actor's payout report: per currency what is held, payable and paid out; each booking and
 * job with money held or released; and the payouts recorded, newest first.
 */
export async function payoutReport(actor: Actor | null): Promise<PayoutReport> {
  requireAllowed(actor, "payout:view-own");
  const db = await getDb();
  const [held, payable, paidRows, items, recorded] = await Promise.all([
    accountBalances(db, "host_held", { userId: actor.id }).then(owed),
    accountBalances(db, "host_payable", { userId: actor.id }).then(owed),
    db
      .select({
        currency: payouts.currency,
        paid: sql<string>`sum(${payouts.amountMinor})::text`,
      })
      .from(payouts)
      .where(eq(payouts.hostId, actor.id))
      .groupBy(payouts.currency),
    reportItems(db, actor.id),
    db
      .select({ payout: payouts, name: user.name })
      .from(payouts)
      .innerJoin(user, eq(user.id, payouts.hostId))
      .where(eq(payouts.hostId, actor.id))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(50),
  ]);
  const paid = new Map(paidRows.map((r) => [r.currency, Number(r.paid)]));
  const currencies = [...new Set([...held.keys(), ...payable.keys(), ...paid.keys()])].sort();
  return {
    totals: currencies
      .map((currency) => ({
        currency,
        heldMinor: held.get(currency) ?? 0,
        payableMinor: payable.get(currency) ?? 0,
        paidMinor: paid.get(currency) ?? 0,
      }))
      .filter((t) => t.heldMinor !== 0 || t.payableMinor !== 0 || t.paidMinor !== 0),
    items,
    payouts: recorded.map((r) => payoutView(r.payout, r.name)),
  };
}

/** Hosts with money payable, the largest first: whom the administrator has to pay. */
export async function payableHosts(actor: Actor | null): Promise<PayableHost[]> {
  requireAllowed(actor, "payout:record");
  const db = await getDb();
  const rows = await queryRows<{
    user_id: string;
    name: string;
    email: string;
    currency: string;
    payable: string;
  }>(
    db,
    sql`select e.user_id, u.name, u.email, e.currency, (-sum(e.amount_minor))::text as payable
        from ledger_entries e join ${user} u on u.id = e.user_id
        where e.account = 'host_payable'
        group by e.user_id, u.name, u.email, e.currency
        having sum(e.amount_minor) < 0
        order by sum(e.amount_minor) asc
        limit 100`,
  );
  return rows.map((r) => ({
    hostId: r.user_id,
    hostName: r.name,
    hostEmail: r.email,
    currency: r.currency,
    payableMinor: Number(r.payable),
  }));
}

/** An amount typed in major units, in the currency's minor units, or the field's refusal. */
function amountInMinor(amount: number | string, currency: string): number {
  let digits: number | null = null;
  try {
    digits = currencyExponent(currency);
  } catch {
    // Not a currency: refused below as the field's problem.
  }
  const minor = digits === null ? null : parseAmount(amount, digits);
  if (minor !== null && minor > 0) return minor;
  throw new AppError("VALIDATION_FAILED", "payments.payouts.errors.amount", {
    amount: "payments.payouts.errors.amount",
  });
}

/**
 * Records a payout the administrator made outside the site: the payouts row, the ledger's
 * "payout" (payable money leaves the provider's cash) and the audit entry, in one transaction.
 * More than the host's payable balance in that currency (less refunds still to take from it) is
 * refused; the host's account row is locked so two payouts at once cannot both pass.
 */
export async function recordPayout(actor: Actor | null, input: unknown): Promise<PayoutView> {
  requireAllowed(actor, "payout:record");
  const values = parsedOrRefused(
    recordPayoutInputSchema.safeParse(input),
    "payments.payouts.errors.invalid",
  );
  const amountMinor = amountInMinor(values.amount, values.currency);
  const db = await getDb();
  const [host] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(or(eq(user.id, values.host), eq(sql`lower(${user.email})`, values.host.toLowerCase())))
    .limit(1);
  if (!host) {
    throw new AppError("VALIDATION_FAILED", "payments.payouts.errors.hostNotFound", {
      host: "payments.payouts.errors.hostNotFound",
    });
  }
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, host.id)).for("update");
    const balance =
      (owed(await accountBalances(tx, "host_payable", { userId: host.id })).get(values.currency) ??
        0) - ((await payableReserved(tx, host.id)).get(values.currency) ?? 0);
    if (amountMinor > balance) {
      throw new AppError("CONFLICT", "payments.payouts.errors.overPayable", undefined, {
        amount: formatMinor(Math.max(0, balance), values.currency),
      });
    }
    const [payout] = await tx
      .insert(payouts)
      .values({
        hostId: host.id,
        currency: values.currency,
        amountMinor,
        reference: values.reference,
        recordedBy: actor.id,
      })
      .returning();
    await postLedger(tx, {
      kind: "payout",
      currency: values.currency,
      legs: cashOut(amountMinor, [{ account: "host_payable", userId: host.id, amountMinor }]),
      refs: { payoutId: payout!.id },
    });
    await recordAudit(tx, actor.id, {
      action: "payout.record",
      targetType: "user",
      targetId: host.id,
      detail: {
        payoutId: payout!.id,
        currency: values.currency,
        amountMinor,
        reference: values.reference,
      },
    });
    return payout!;
  });
  return payoutView(row, host.name);
}
