/**
 * Vitest setup file: the services assembled as start-up assembles them, for tests that call
 * services without starting the app (payments settle through the purposes registered here).
 */
import { registerPaymentPurposes } from "../../app/services/payment-purposes.server.ts";

registerPaymentPurposes();
