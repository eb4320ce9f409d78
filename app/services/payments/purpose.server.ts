import type { DbTransaction } from "../../db/client.server.ts";
import type { LedgerLeg } from "../../db/schema/index.ts";
import type { PaymentPurpose } from "../../lib/payment-values.ts";
import type { PaymentRow } from "./checkout.server.ts";

/**
 * What a payment's purpose (a plan, a booking, a job) does when its money arrives or does not.
 * Each domain writes its own and registers it where the app is assembled
 * (app/services/payment-purposes.server.ts), so payments depend on none of the domains they
 * collect for; settle.server.ts calls them inside the webhook's transaction.
 */
export interface PurposeHandler {
  /**
   * The money arrived — also after the checkout was given up, when a late webhook or the
   * reconciliation job finds it paid after all: activate what it paid for and say which accounts it is credited to
   * (legs summing to the payment's amount), or `null` when it can no longer be applied (the
   * booking expired meanwhile): then it is refunded in full. `afterCommit` sends e-mails.
   */
  onPaid(
    tx: DbTransaction,
    payment: PaymentRow,
  ): Promise<{ credits: LedgerLeg[] | null; afterCommit?: () => Promise<void> }>;
  /** The checkout failed or was abandoned: let go of what waited for it. */
  onUnpaid(tx: DbTransaction, payment: PaymentRow): Promise<{ afterCommit?: () => Promise<void> }>;
}

const handlers = new Map<PaymentPurpose, PurposeHandler>();

/** Called once where the app is assembled; registering a purpose again replaces its handler. */
export function registerPurposeHandler(purpose: PaymentPurpose, handler: PurposeHandler): void {
  handlers.set(purpose, handler);
}

/** The handler of a payment's purpose; a purpose nobody registered is a fault of the assembly. */
export function purposeHandler(purpose: PaymentPurpose): PurposeHandler {
  const handler = handlers.get(purpose);
  if (!handler) {
    throw new Error(
      `No handler for payments of purpose "${purpose}": app/services/payment-purposes.server.ts registers them at start-up`,
    );
  }
  return handler;
}
