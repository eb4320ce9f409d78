import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client.server.ts";
import { ledgerEntries, payouts } from "../../db/schema/index.ts";
import {
  DEBIT_ACCOUNTS,
  HOST_ACCOUNTS,
  NON_NEGATIVE_ACCOUNTS,
  type LedgerAccount,
} from "../../lib/payment-values.ts";
import type { LedgerProblem } from "../../lib/schemas/payments.ts";
import { ledgerTotals } from "./ledger.server.ts";

/**
 * Whether the ledger is healthy, not only balanced: every transaction sums to zero; no cash or
 * holding account is below zero, for the platform nor for any one host or payer; and each host's
 * held + payable + paid out − owed back equals what their bookings and jobs earned (charged to
 * them, less what refunds took back). Any break is a problem naming the account and the person.
 */

export interface CurrencyHealth {
  currency: string;
  balanced: boolean;
  problems: LedgerProblem[];
}

/** An account's balance as people read it: debits for the debit accounts, credits for the rest. */
function natural(account: LedgerAccount, sum: number): number {
  return DEBIT_ACCOUNTS.includes(account) ? sum : -sum;
}

const PER_PERSON: readonly LedgerAccount[] = [...HOST_ACCOUNTS, "payer_unapplied"];

export async function ledgerHealth(db: Executor): Promise<CurrencyHealth[]> {
  const [totals, byAccount, byPerson, hosts] = await Promise.all([
    ledgerTotals(db),
    queryRows<{ currency: string; account: LedgerAccount; sum: string }>(
      db,
      sql`select currency, account, sum(amount_minor)::text as sum from ${ledgerEntries}
          group by currency, account`,
    ),
    queryRows<{ currency: string; account: LedgerAccount; user_id: string; sum: string }>(
      db,
      sql`select currency, account, user_id, sum(amount_minor)::text as sum from ${ledgerEntries}
          where user_id is not null
            and account in (${sql.join(
              PER_PERSON.map((account) => sql`${account}`),
              sql`, `,
            )})
          group by currency, account, user_id`,
    ),
    queryRows<{
      currency: string;
      user_id: string;
      held: string;
      payable: string;
      receivable: string;
      earned: string;
      paid: string;
    }>(
      db,
      sql`with host_entries as (
            select currency, user_id,
              -sum(case when account = 'host_held' then amount_minor else 0 end) as held,
              -sum(case when account = 'host_payable' then amount_minor else 0 end) as payable,
              sum(case when account = 'host_receivable' then amount_minor else 0 end) as receivable,
              -sum(case when kind = 'charge' or kind = 'refund' then amount_minor else 0 end)
                as earned
            from ${ledgerEntries}
            where user_id is not null and account in ('host_held', 'host_payable', 'host_receivable')
            group by currency, user_id),
          paid as (
            select currency, host_id as user_id, sum(amount_minor) as paid from ${payouts}
            group by currency, host_id)
          select coalesce(h.currency, p.currency) as currency,
            coalesce(h.user_id, p.user_id) as user_id,
            coalesce(h.held, 0)::text as held, coalesce(h.payable, 0)::text as payable,
            coalesce(h.receivable, 0)::text as receivable, coalesce(h.earned, 0)::text as earned,
            coalesce(p.paid, 0)::text as paid
          from host_entries h full join paid p on p.currency = h.currency and p.user_id = h.user_id`,
    ),
  ]);
  const currencies = new Set([...totals.map((t) => t.currency), ...hosts.map((h) => h.currency)]);
  return [...currencies].sort().map((currency) => {
    const problems: LedgerProblem[] = [];
    for (const row of byAccount.filter((r) => r.currency === currency)) {
      const balance = natural(row.account, Number(row.sum));
      if (NON_NEGATIVE_ACCOUNTS.includes(row.account) && balance < 0) {
        problems.push({
          rule: "negative",
          account: row.account,
          userId: null,
          balanceMinor: balance,
        });
      }
    }
    for (const row of byPerson.filter((r) => r.currency === currency)) {
      const balance = natural(row.account, Number(row.sum));
      if (balance < 0) {
        problems.push({
          rule: "negative",
          account: row.account,
          userId: row.user_id,
          balanceMinor: balance,
        });
      }
    }
    for (const host of hosts.filter((h) => h.currency === currency)) {
      const accounted =
        Number(host.held) + Number(host.payable) + Number(host.paid) - Number(host.receivable);
      if (accounted !== Number(host.earned)) {
        problems.push({
          rule: "host_mismatch",
          account: "host_payable",
          userId: host.user_id,
          balanceMinor: accounted,
          expectedMinor: Number(host.earned),
        });
      }
    }
    const total = totals.find((t) => t.currency === currency);
    return {
      currency,
      balanced: !total || (total.total === 0 && total.unbalancedTransactions === 0),
      problems,
    };
  });
}
