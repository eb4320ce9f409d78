import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/translate.ts";
import { paymentMethodList, truthfulText, type Capabilities } from "./capabilities.ts";

const t = createTranslator();
const NOTHING: Capabilities = { onlineBooking: false, paymentMethods: [] };
const ONLINE: Capabilities = {
  onlineBooking: true,
  paymentMethods: ["card", "mobile_money", "bank_transfer"],
};

describe("truthfulText", () => {
  it("says what people do instead while the site neither books nor takes payments", () => {
    expect(truthfulText("legal.faq.items.booking.a", NOTHING)).toBe(
      "legal.faq.items.booking.aDirect",
    );
    expect(truthfulText("legal.faq.items.payments.a", NOTHING)).toBe(
      "legal.faq.items.payments.aDirect",
    );
    expect(truthfulText("legal.terms.sections.payments.body", NOTHING)).toBe(
      "legal.terms.sections.payments.bodyDirect",
    );
    expect(truthfulText("services.areas.items.hospitality.body", NOTHING)).toBe(
      "services.areas.items.hospitality.bodyDirect",
    );
    expect(truthfulText("legal.faq.items.free.a", NOTHING)).toBe("legal.faq.items.free.a");
  });

  it("keeps the spec's answers when the site books and takes payments, each capability its own", () => {
    expect(t(truthfulText("legal.faq.items.booking.a", ONLINE))).toMatch(/request-to-book/);
    expect(truthfulText("legal.faq.items.payments.a", ONLINE)).toBe("legal.faq.items.payments.a");
    const bookingOnly = { onlineBooking: true, paymentMethods: [] };
    expect(truthfulText("legal.faq.items.payments.a", bookingOnly)).toBe(
      "legal.faq.items.payments.aDirect",
    );
    expect(truthfulText("legal.faq.items.booking.a", bookingOnly)).toBe(
      "legal.faq.items.booking.a",
    );
  });

  it("names the provider's methods as a sentence's list", () => {
    const label = (method: string) => method.replace("_", " ");
    expect(paymentMethodList(ONLINE, label)).toBe("card, mobile money, or bank transfer");
    expect(paymentMethodList({ onlineBooking: true, paymentMethods: ["card"] }, label)).toBe(
      "card",
    );
  });
});
