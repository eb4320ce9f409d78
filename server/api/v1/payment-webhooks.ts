import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../../app/lib/app-error.ts";
import { PROVIDER_IDS } from "../../../app/lib/payment-values.ts";
import { handlePaymentWebhook } from "../../../app/services/payments/settle.server.ts";
import { apiRouter, errorSchema, jsonResponse } from "./router.ts";

/** Far above any provider's event (Stripe's largest are a few kilobytes). */
const MAX_WEBHOOK_BYTES = 64 * 1024;

const webhookAnswer = z
  .object({ received: z.literal(true), outcome: z.string() })
  .openapi("WebhookAnswer");

/**
 * The payment provider's webhook. It carries no session: the provider's signature over the raw
 * body is the only credential, checked before anything is read. It is the only way a payment
 * becomes paid (besides the reconciliation job asking the provider itself).
 */
export const paymentWebhookRoutes = apiRouter();

paymentWebhookRoutes.openapi(
  createRoute({
    method: "post",
    path: "/payments/webhooks/{provider}",
    summary: "A payment provider's signed event (payment succeeded, failed, cancelled, refunded)",
    description:
      "Called by the configured provider, never by people. The body is the provider's own JSON, verified with its signature header (x-sandbox-signature, x-paystack-signature, verif-hash or Stripe-Signature). The same event twice changes nothing.",
    operationId: "receivePaymentWebhook",
    request: { params: z.object({ provider: z.enum(PROVIDER_IDS) }) },
    responses: {
      200: jsonResponse(webhookAnswer, "Received (applied, or already applied)"),
      401: jsonResponse(errorSchema, "Signature missing or wrong"),
      404: jsonResponse(errorSchema, "No such provider configured"),
    },
  }),
  async (c) => {
    c.header("Cache-Control", "no-store");
    if (Number(c.req.header("content-length") ?? 0) > MAX_WEBHOOK_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", "requests.tooLarge");
    }
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > MAX_WEBHOOK_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", "requests.tooLarge");
    }
    const answer = await handlePaymentWebhook(
      c.req.valid("param").provider,
      raw,
      c.req.raw.headers,
    );
    if (answer.status === 401)
      throw new AppError("UNAUTHENTICATED", "payments.errors.badSignature");
    if (answer.status === 404) throw new AppError("NOT_FOUND", "payments.errors.noProvider");
    return c.json({ received: true as const, outcome: answer.outcome }, 200);
  },
);
