import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The service domains depend one way (eslint.config.js, DOMAIN_IMPORTS): an import across
 * domains that the list does not name fails `npm run lint`. Linted as if the text were a new
 * file in a domain, against the real configuration and the real files it imports.
 */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(source, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "boundaries/dependencies")
    .map((message) => message.message);
}

describe("service domain boundaries", () => {
  it("refuses an import of another domain's file that the list does not name", async () => {
    const errors = await boundaryErrors(
      "app/services/reviews/probe.server.ts",
      'export { bookingRow } from "../bookings/booking-read.server.ts";\n',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('domain="bookings"');
  });

  it("refuses payments importing a domain it collects for", async () => {
    const errors = await boundaryErrors(
      "app/services/payments/probe.server.ts",
      'export { bookingPaymentHandler } from "../bookings/booking-payment.server.ts";\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("allows the domain's own folder, the core and a listed public file", async () => {
    const errors = await boundaryErrors(
      "app/services/quotes/probe.server.ts",
      [
        'export * from "./quote-offers.server.ts";',
        'export * from "../core/actor.server.ts";',
        'export * from "../bookings/stay-price.server.ts";',
        "",
      ].join("\n"),
    );
    expect(errors).toEqual([]);
  });
});
