import { randomBytes } from "node:crypto";
import type { Config } from "../../config.server.ts";
import { setPaymentProvider } from "./provider-registry.server.ts";
import { createFlutterwaveProvider } from "./providers/flutterwave.server.ts";
import { createPaystackProvider } from "./providers/paystack.server.ts";
import { createSandboxProvider } from "./providers/sandbox.server.ts";
import { createStripeProvider } from "./providers/stripe.server.ts";
import { startSandboxServer } from "./sandbox/sandbox-server.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * Sets up the configured payment provider. The sandbox is a service of its own on loopback,
 * started here with a secret made for this run; a real provider is only its adapter.
 */
export async function startPayments(config: Config): Promise<{ stop(): Promise<void> }> {
  const settings = config.payments;
  switch (settings.provider) {
    case "sandbox": {
      const secret = randomBytes(24).toString("hex");
      const sandbox = await startSandboxServer({
        port: settings.sandboxPort,
        secret,
        // The route of server/api/v1/payment-webhooks.ts.
        webhookUrl: `${config.appUrl}/api/v1/payments/webhooks/sandbox`,
      });
      setPaymentProvider(createSandboxProvider({ url: sandbox.url, secret }));
      logger.info(`Payments: the sandbox provider takes payments at ${sandbox.url}`);
      return {
        async stop() {
          setPaymentProvider(undefined);
          await sandbox.stop();
        },
      };
    }
    case "paystack":
      setPaymentProvider(
        createPaystackProvider({ secretKey: settings.secretKey, apiUrl: settings.apiUrl }),
      );
      break;
    case "flutterwave":
      setPaymentProvider(
        createFlutterwaveProvider({
          secretKey: settings.secretKey,
          webhookHash: settings.webhookHash,
          apiUrl: settings.apiUrl,
        }),
      );
      break;
    case "stripe":
      setPaymentProvider(
        createStripeProvider({
          secretKey: settings.secretKey,
          webhookSecret: settings.webhookSecret,
          apiUrl: settings.apiUrl,
        }),
      );
      break;
  }
  return {
    async stop() {
      setPaymentProvider(undefined);
    },
  };
}
