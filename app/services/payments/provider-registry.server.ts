import type { PaymentProvider } from "./providers/provider.server.ts";

/**
 * The payment provider in use: chosen by the environment at start (app/startup.server.ts), or
 * set by a test to a sandbox it started. One per process.
 */
const state = globalThis as { __gatewayPaymentProvider?: PaymentProvider };

export function setPaymentProvider(provider: PaymentProvider | undefined): void {
  state.__gatewayPaymentProvider = provider;
}

/** Undefined when payments are not set up (then checkouts answer that payment is unavailable). */
export function findPaymentProvider(): PaymentProvider | undefined {
  return state.__gatewayPaymentProvider;
}
