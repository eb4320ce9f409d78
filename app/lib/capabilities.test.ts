import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/translate.ts";
import { CAPABILITIES, truthfulText } from "./capabilities.ts";

const t = createTranslator();
const ONLINE = { onlineBooking: true, onlinePayment: true };

describe("truthfulText", () => {
  it("shows, while nothing is paid on the site, what people do instead", () => {
    expect(CAPABILITIES).toEqual({ onlineBooking: true, onlinePayment: false });
    expect(truthfulText("legal.faq.items.booking.a")).toBe("legal.faq.items.booking.a");
    expect(truthfulText("legal.faq.items.payments.a")).toBe("legal.faq.items.payments.aDirect");
    expect(truthfulText("legal.terms.sections.bookings.body")).toBe(
      "legal.terms.sections.bookings.body",
    );
    expect(truthfulText("legal.terms.sections.payments.body")).toBe(
      "legal.terms.sections.payments.bodyDirect",
    );
    expect(truthfulText("services.areas.items.hospitality.body")).toBe(
      "services.areas.items.hospitality.body",
    );
    expect(truthfulText("legal.faq.items.free.a")).toBe("legal.faq.items.free.a");
    const offline = { onlineBooking: false, onlinePayment: false };
    expect(truthfulText("legal.faq.items.booking.a", offline)).toBe(
      "legal.faq.items.booking.aDirect",
    );
  });

  it("keeps the spec's answers for the day the site books and takes payments", () => {
    expect(truthfulText("legal.faq.items.booking.a", ONLINE)).toBe("legal.faq.items.booking.a");
    expect(t(truthfulText("legal.faq.items.booking.a", ONLINE))).toMatch(/booked instantly/);
    expect(t(truthfulText("legal.faq.items.booking.a", ONLINE))).toMatch(/request-to-book/);
    expect(t(truthfulText("legal.faq.items.payments.a", ONLINE))).toMatch(/card \/ mobile-money/);
    // Each capability switches only its own texts.
    expect(
      truthfulText("legal.faq.items.payments.a", { onlineBooking: true, onlinePayment: false }),
    ).toBe("legal.faq.items.payments.aDirect");
  });
});
