import { Link } from "react-router";
import type { MessageKey, Translate } from "../../i18n/translator.ts";
import { ROLES, type Role } from "../../lib/roles.ts";

/** An audit entry as the Audit Log tab receives it. */
export interface AuditEntryView {
  action: string;
  targetType: string;
  targetId: string | null;
  detail: Record<string, unknown>;
}

/** Detail keys with a label of their own; any other key is shown as it was recorded. */
const FIELD_LABELS: Record<string, MessageKey> = {
  title: "dashboard.audit.fields.title",
  reason: "dashboard.audit.fields.reason",
  featured: "dashboard.audit.fields.featured",
  premium: "dashboard.audit.fields.premium",
  email: "dashboard.audit.fields.email",
  name: "dashboard.audit.fields.name",
  role: "dashboard.audit.fields.role",
  listings: "dashboard.audit.fields.listings",
  listing: "dashboard.audit.fields.listing",
  rating: "dashboard.audit.fields.rating",
};
/** Keys the target column already shows. */
const IN_TARGET = ["title", "email"];

function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

function label(t: Translate, key: string): string {
  const known = FIELD_LABELS[key];
  return known ? t(known) : key;
}

function valueText(t: Translate, key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return t("dashboard.audit.none");
  if (typeof value === "boolean") return value ? t("dashboard.audit.on") : t("dashboard.audit.off");
  if (key === "role" && isRole(value)) return t(`auth.badge.${value}`);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * The detail as lines a person reads: a pair `oldX` / `newX` becomes "X: old → new", every other
 * value "Key: value".
 */
export function detailLines(t: Translate, entry: AuditEntryView): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(entry.detail)) {
    if (IN_TARGET.includes(key)) continue;
    const paired = /^(old|new)([A-Z]\w*)$/.exec(key);
    if (paired) {
      const [, side, rest = ""] = paired;
      if (side === "new" && `old${rest}` in entry.detail) continue;
      const field = rest.charAt(0).toLowerCase() + rest.slice(1);
      const from = entry.detail[`old${rest}`];
      const to = entry.detail[`new${rest}`];
      lines.push(
        t("dashboard.audit.change", {
          field: label(t, field),
          from: valueText(t, field, from),
          to: valueText(t, field, to),
        }),
      );
      continue;
    }
    lines.push(
      t("dashboard.audit.value", { field: label(t, key), value: valueText(t, key, value) }),
    );
  }
  return lines;
}

const TARGET_LABELS: Record<string, MessageKey> = {
  listing: "dashboard.audit.targets.listing",
  user: "dashboard.audit.targets.user",
  currency: "dashboard.audit.targets.currency",
  settings: "dashboard.audit.targets.settings",
  hero: "dashboard.audit.targets.hero",
  plan: "dashboard.audit.targets.plan",
  message: "dashboard.audit.targets.message",
  report: "dashboard.audit.targets.report",
  review: "dashboard.audit.targets.review",
  booking: "dashboard.audit.targets.booking",
  verification: "dashboard.audit.targets.verification",
  "licence-kind": "dashboard.audit.targets.licence-kind",
};

/** What the action was done to: a listing links to its page, a user to a search for them. */
export function AuditTarget({ t, entry }: { t: Translate; entry: AuditEntryView }) {
  const id = entry.targetId ?? "";
  const { title, email } = entry.detail;
  if (entry.targetType === "listing" && id) {
    return (
      <span>
        <Link to={`/listing/${id}`} className="font-medium text-primary hover:underline">
          {t("dashboard.audit.targets.listing", { id })}
        </Link>
        {typeof title === "string" && <span className="block text-muted">{title}</span>}
      </span>
    );
  }
  if (entry.targetType === "user" && typeof email === "string") {
    const text = t("dashboard.audit.targets.user", { id: email });
    return entry.action === "user.delete" ? (
      <span className="wrap-anywhere">{text}</span>
    ) : (
      <Link
        to={`/dashboard/user-management?q=${encodeURIComponent(email)}`}
        className="font-medium wrap-anywhere text-primary hover:underline"
      >
        {text}
      </Link>
    );
  }
  const known = TARGET_LABELS[entry.targetType];
  if (known) return <span>{t(known, { id })}</span>;
  return <span>{[entry.targetType, id].filter(Boolean).join(" ")}</span>;
}
