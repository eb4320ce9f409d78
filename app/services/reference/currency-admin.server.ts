import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { currencies } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { BASE_CURRENCY, type DisplayCurrency } from "../../lib/money.ts";
import {
  currencyInputSchema,
  currencyRateInputSchema,
  type CurrencyInput,
} from "../../lib/schemas/currency.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { invalidateReferenceData } from "./reference.server.ts";

/**
 * The administrator's changes to the display currencies. Each write carries its audit entry in
 * the same transaction and then drops the kept reference data, so every visitor's next page
 * converts with the new rate.
 */

const currencyColumns = {
  code: currencies.code,
  name: currencies.name,
  symbol: currencies.symbol,
  ratePerUsd: currencies.ratePerUsd,
  countryCode: currencies.countryCode,
  decimals: currencies.decimals,
};

/** Adds a currency; a code already in use is refused (CONFLICT) and nothing is written. */
export async function addCurrency({
  actor,
  input,
}: {
  actor: Actor | null;
  input: unknown;
}): Promise<DisplayCurrency> {
  requireAllowed(actor, "currency:manage");
  const currency: CurrencyInput = parsedOrRefused(
    currencyInputSchema.safeParse(input),
    "dashboard.currency.errors.invalidNumber",
  );
  const db = await getDb();
  const added = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(currencies)
      .values(currency)
      .onConflictDoNothing({ target: currencies.code })
      .returning(currencyColumns);
    if (!row) {
      throw new AppError("CONFLICT", "dashboard.currency.errors.codeInUse", {
        code: "dashboard.currency.errors.codeInUse",
      });
    }
    await recordAudit(tx, actor.id, {
      action: "currency.add",
      targetType: "currency",
      targetId: row.code,
      detail: {
        name: row.name,
        symbol: row.symbol,
        rate: row.ratePerUsd,
        countryCode: row.countryCode,
      },
    });
    return row;
  });
  invalidateReferenceData();
  return added;
}

/** Sets a currency's rate against the US dollar; the entry keeps the old and the new rate. */
export async function updateCurrencyRate({
  actor,
  code: rawCode,
  input,
}: {
  actor: Actor | null;
  code: string;
  input: unknown;
}): Promise<DisplayCurrency> {
  requireAllowed(actor, "currency:manage");
  const code = rawCode.trim().toUpperCase();
  const { ratePerUsd } = parsedOrRefused(
    currencyRateInputSchema.safeParse(input),
    "dashboard.currency.errors.invalidNumber",
  );
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ ratePerUsd: currencies.ratePerUsd })
      .from(currencies)
      .where(eq(currencies.code, code))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND", "dashboard.currency.errors.notFound");
    if (code === BASE_CURRENCY && Number(ratePerUsd) !== 1) {
      throw new AppError("VALIDATION_FAILED", "dashboard.currency.errors.baseRate", {
        ratePerUsd: "dashboard.currency.errors.baseRate",
      });
    }
    const [row] = await tx
      .update(currencies)
      .set({ ratePerUsd })
      .where(eq(currencies.code, code))
      .returning(currencyColumns);
    await recordAudit(tx, actor.id, {
      action: "currency.edit",
      targetType: "currency",
      targetId: code,
      detail: { oldRate: before.ratePerUsd, newRate: row!.ratePerUsd },
    });
    return row!;
  });
  invalidateReferenceData();
  return updated;
}
