import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../db/client.server.ts";
import { ledgerEntries } from "../../db/schema/index.ts";
import { DEBIT_ACCOUNTS, LEDGER_ACCOUNTS, type LedgerAccount } from "../../lib/payment-values.ts";
import type { LedgerReport } from "../../lib/schemas/payments.ts";
import { requireAllowed, type Actor } from "../listings/listing-actor.server.ts";
import { ledgerTotals } from "./ledger.server.ts";

/**
 * The administrator's view of the ledger: every account's balance per currency, and whether the
 * ledger balances (every transaction, hence every currency, sums to zero).
 */
export async function ledgerReport(actor: Actor | null): Promise<LedgerReport> {
  requireAllowed(actor, "payment:list-all");
  const db = await getDb();
  const [rows, totals] = await Promise.all([
    queryRows<{ currency: string; account: LedgerAccount; balance: string }>(
      db,
      sql`select currency, account, sum(amount_minor)::text as balance from ${ledgerEntries}
          group by currency, account order by currency`,
    ),
    ledgerTotals(db),
  ]);
  return {
    currencies: totals.map(({ currency, total, unbalancedTransactions }) => {
      const balances = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Record<
        LedgerAccount,
        number
      >;
      for (const row of rows.filter((r) => r.currency === currency)) {
        const balance = Number(row.balance);
        balances[row.account] = DEBIT_ACCOUNTS.includes(row.account) ? balance : -balance;
      }
      return { currency, balances, balanced: total === 0 && unbalancedTransactions === 0 };
    }),
  };
}
