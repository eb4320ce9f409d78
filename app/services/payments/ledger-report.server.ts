import { inArray, sql } from "drizzle-orm";
import { getDb, queryRows } from "../../db/client.server.ts";
import { ledgerEntries, user } from "../../db/schema/index.ts";
import { DEBIT_ACCOUNTS, LEDGER_ACCOUNTS, type LedgerAccount } from "../../lib/payment-values.ts";
import type { LedgerReport } from "../../lib/schemas/payments.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { ledgerHealth } from "./ledger-health.server.ts";

/**
 * The administrator's view of the ledger: every account's balance per currency, whether the
 * ledger balances and is healthy (with each problem named), and which hosts owe money back.
 */
export async function ledgerReport(actor: Actor | null): Promise<LedgerReport> {
  requireAllowed(actor, "payment:list-all");
  const db = await getDb();
  const [rows, health, debts] = await Promise.all([
    queryRows<{ currency: string; account: LedgerAccount; balance: string }>(
      db,
      sql`select currency, account, sum(amount_minor)::text as balance from ${ledgerEntries}
          group by currency, account order by currency`,
    ),
    ledgerHealth(db),
    queryRows<{ currency: string; user_id: string; owed: string }>(
      db,
      sql`select currency, user_id, sum(amount_minor)::text as owed from ${ledgerEntries}
          where account = 'host_receivable' and user_id is not null
          group by currency, user_id having sum(amount_minor) <> 0
          order by sum(amount_minor) desc`,
    ),
  ]);
  const people = [
    ...new Set([
      ...debts.map((d) => d.user_id),
      ...health.flatMap((h) => h.problems.flatMap((p) => (p.userId ? [p.userId] : []))),
    ]),
  ];
  const names = new Map(
    people.length === 0
      ? []
      : (
          await db
            .select({ id: user.id, name: user.name })
            .from(user)
            .where(inArray(user.id, people))
        ).map((u) => [u.id, u.name]),
  );
  return {
    currencies: health.map(({ currency, balanced, problems }) => {
      const balances = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Record<
        LedgerAccount,
        number
      >;
      for (const row of rows.filter((r) => r.currency === currency)) {
        const balance = Number(row.balance);
        balances[row.account] = DEBIT_ACCOUNTS.includes(row.account) ? balance : -balance;
      }
      return {
        currency,
        balances,
        balanced,
        healthy: balanced && problems.length === 0,
        problems: problems.map((p) => ({
          ...p,
          userName: p.userId ? (names.get(p.userId) ?? null) : null,
        })),
        hostDebts: debts
          .filter((d) => d.currency === currency)
          .map((d) => ({
            hostId: d.user_id,
            hostName: names.get(d.user_id) ?? "",
            owedMinor: Number(d.owed),
          })),
      };
    }),
  };
}
