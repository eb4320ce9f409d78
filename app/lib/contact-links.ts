import type { ContactMethod } from "./listing-values.ts";

/** What the contact button does: open a link, or say that the phone number is missing. */
export type ContactAction =
  | { kind: "phone"; href: string }
  | { kind: "whatsapp"; href: string }
  | { kind: "email"; href: string }
  | { kind: "missing" };

/** "+234 803 123 4567" → "+2348031234567"; null when there are too few digits to call. */
export function dialable(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return null;
  return phone.trim().startsWith("+") ? `+${digits}` : digits;
}

/**
 * The contact button of a listing by its contact method: phone → tel:, WhatsApp → a wa.me chat
 * built from the phone's digits, e-mail (and anything else) → mailto: with a subject naming the
 * listing's title and id.
 */
export function contactAction({
  method,
  phone,
  email,
  subject,
}: {
  method: ContactMethod;
  phone: string | null;
  email: string;
  subject: string;
}): ContactAction {
  if (method === "phone" || method === "whatsapp") {
    const number = dialable(phone);
    if (!number) return { kind: "missing" };
    return method === "phone"
      ? { kind: "phone", href: `tel:${number}` }
      : { kind: "whatsapp", href: `https://wa.me/${number.replace(/\D/g, "")}` };
  }
  return { kind: "email", href: `mailto:${email}?subject=${encodeURIComponent(subject)}` };
}
