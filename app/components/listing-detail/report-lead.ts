import type { REPORTED_LEAD_KINDS } from "../../lib/schemas/analytics.ts";

/**
 * Tells the server about a contact click or a share without holding the visitor up: a beacon is
 * delivered even as the page hands over to the phone or mail app. Returns false when the browser
 * would not queue it, so the caller can fall back to the server's own contact link.
 */
export function reportLead(listingId: number, kind: (typeof REPORTED_LEAD_KINDS)[number]): boolean {
  if (typeof navigator.sendBeacon !== "function") return false;
  const body = new Blob([JSON.stringify({ kind })], { type: "application/json" });
  return navigator.sendBeacon(`/api/v1/listings/${listingId}/leads`, body);
}
