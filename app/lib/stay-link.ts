/**
 * What a search's results carry to a listing: the dates and guests searched (read back by
 * carried-stay.ts on the listing page) and the total those dates cost there. Apart from the
 * contract's schemas, so the results' cards do not download zod.
 */

/**
 * The query a search result's link carries to the listing: the dates and guests searched, so
 * the listing's booking card starts with them ("" without any).
 */
export function stayLinkQuery(stay: {
  checkIn?: string;
  checkOut?: string;
  guests?: number;
}): string {
  const out = new URLSearchParams();
  if (stay.checkIn && stay.checkOut) {
    out.set("checkIn", stay.checkIn);
    out.set("checkOut", stay.checkOut);
  }
  if (stay.guests !== undefined) out.set("guests", String(stay.guests));
  const text = out.toString();
  return text ? `?${text}` : "";
}

/** The total a search result's card shows for the dates searched (stay-price.server.ts). */
export interface StayTotal {
  unit: "night" | "month";
  /** Nights or months. */
  quantity: number;
  totalUsdCents: number;
}
