import { desc, eq, or, sql } from "drizzle-orm";
import { getDb, queryRows } from "../../db/client.server.ts";
import { payouts, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { formatMinor } from "../../lib/money.ts";
import { parseAmount } from "../../lib/amount.ts";
import { currencyExponent } from "../../lib/payment-values.ts";
import {
  recordPayoutInputSchema,
  type PayableHost,
  type PayoutReport,
  type PayoutView,
} from "../../lib/schemas/payouts.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { lockHost, payableLeft, settleHostDebt } from "../payments/host-debt.server.ts";
import { accountBalances, cashOut, coverCash, postLedger } from "../payments/ledger.server.ts";
import { payoutItems } from "./payout-items.server.ts";

/**
 * Payouts to hosts and professionals. The ledger says what each is owed: held (paid, not yet due),
 * payable (released 48 hours after check-in, or when a job is completed) and paid out. No payout
 * runs here: the administrator pays outside the site and records it, never more than is payable.
 */

/** Credits are negative: what the platform owes reads as a positive amount. */
function owed(balances: Map<string, number>): Map<string, number> {
  return new Map([...balances].map(([currency, balance]) => [currency, 0 - balance]));
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

/**
 * The actor's payout report: per currency what is held, payable, paid out and owed back (a refund
 * of money already paid out, taken from what next becomes payable); each booking and
 * job with money held or released; and the payouts recorded, newest first.
 */
export async function payoutReport(actor: Actor | null): Promise<PayoutReport> {
  requireAllowed(actor, "payout:view-own");
  const db = await getDb();
  const [held, payable, debt, paidRows, items, recorded] = await Promise.all([
    accountBalances(db, "host_held", { userId: actor.id }).then(owed),
    accountBalances(db, "host_payable", { userId: actor.id }).then(owed),
    accountBalances(db, "host_receivable", { userId: actor.id }),
    db
      .select({
        currency: payouts.currency,
        paid: sql<string>`sum(${payouts.amountMinor})::text`,
      })
      .from(payouts)
      .where(eq(payouts.hostId, actor.id))
      .groupBy(payouts.currency),
    payoutItems(db, actor.id),
    db
      .select({ payout: payouts, name: user.name })
      .from(payouts)
      .innerJoin(user, eq(user.id, payouts.hostId))
      .where(eq(payouts.hostId, actor.id))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(50),
  ]);
  const paid = new Map(paidRows.map((r) => [r.currency, Number(r.paid)]));
  const currencies = [
    ...new Set([...held.keys(), ...payable.keys(), ...paid.keys(), ...debt.keys()]),
  ].sort();
  return {
    totals: currencies
      .map((currency) => ({
        currency,
        heldMinor: held.get(currency) ?? 0,
        payableMinor: payable.get(currency) ?? 0,
        paidMinor: paid.get(currency) ?? 0,
        owedMinor: debt.get(currency) ?? 0,
      }))
      .filter(
        (t) => t.heldMinor !== 0 || t.payableMinor !== 0 || t.paidMinor !== 0 || t.owedMinor !== 0,
      ),
    items,
    payouts: recorded.map((r) => payoutView(r.payout, r.name)),
  };
}

/**
 * Hosts with money payable, the largest first: whom the administrator has to pay. What a host
 * owes back comes off first, as it does when the payout is recorded.
 */
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
        where e.account in ('host_payable', 'host_receivable')
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
 * More than the host's payable balance in that currency (less refunds still to take from it, and
 * less what they owe back) is refused; the host is locked so two payouts at once cannot both pass.
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
    await lockHost(tx, host.id);
    // What the host owes back from a refund after an earlier payout comes off first.
    await settleHostDebt(tx, host.id, values.currency);
    const balance = (await payableLeft(tx, host.id)).get(values.currency) ?? 0;
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
    await coverCash(tx, values.currency, amountMinor, { payoutId: payout!.id });
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
