/**
 * The vocabularies of the admin console: what counts as a lead, and which administrator actions
 * the audit log records. The database's CHECK constraints and the services read these lists.
 */

/** A visitor's contact click by channel, a share, a favourite or a WhatsApp call-back request. */
export const LEAD_KINDS = ["call", "whatsapp", "email", "share", "favorite", "callback"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const AUDIT_ACTIONS = [
  "listing.approve",
  "listing.reject",
  "listing.feature",
  "listing.premium",
  "listing.unflag",
  "user.edit",
  "user.delete",
  "user.suspend",
  "user.ban",
  "user.unsuspend",
  "currency.add",
  "currency.edit",
  "settings.edit",
  "hero.edit",
  "plan.edit",
  "message.reply",
  "review.hide",
  "report.resolve",
  "listing.reports_dismiss",
  "listing.take_down",
  "payout.record",
  "booking.cancel",
  "verification.approve",
  "verification.reject",
  "licence-kind.add",
  "licence-kind.edit",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
