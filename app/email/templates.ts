import { createTranslator } from "../i18n/translate.ts";
import type { Category, ContactReason, ListingStatus } from "../lib/listing-values.ts";
import type { Role } from "../lib/roles.ts";
import type { EmailMessage } from "./mailer.server.ts";

const t = createTranslator();

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A subject is one header line: a line break in text someone typed must not start another. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** One simple, light layout for every e-mail: readable on any phone, no images, no tracking. */
export function layout(opts: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  /** Text someone wrote (a contact message), shown as written, line breaks included. */
  quote?: string;
  action?: { label: string; url: string };
  footer: string;
  replyTo?: EmailMessage["replyTo"];
  attachments?: EmailMessage["attachments"];
}): EmailMessage {
  const text = [
    opts.greeting,
    "",
    ...opts.lines,
    ...(opts.quote ? ["", opts.quote] : []),
    ...(opts.action ? ["", `${opts.action.label}: ${opts.action.url}`] : []),
    "",
    opts.footer,
    "",
    t("email.signature"),
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#f5f5f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;padding:24px">
<p style="font-size:18px;font-weight:700;color:#13644d;margin:0 0 16px">${escapeHtml(t("email.brand"))}</p>
<div style="background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 12px">${escapeHtml(opts.greeting)}</p>
${opts.lines.map((l) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(l)}</p>`).join("\n")}
${opts.quote ? `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #13644d;background:#f5f5f4;white-space:pre-wrap;line-height:1.5">${escapeHtml(opts.quote)}</blockquote>` : ""}
${opts.action ? `<p style="margin:20px 0"><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:#13644d;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(opts.action.label)}</a></p><p style="font-size:12px;color:#78716c;word-break:break-all">${escapeHtml(opts.action.url)}</p>` : ""}
<p style="margin:16px 0 0;font-size:13px;color:#78716c">${escapeHtml(opts.footer)}</p>
</div></div></body></html>`;
  return {
    to: opts.to,
    subject: oneLine(opts.subject),
    text,
    html,
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
    ...(opts.attachments ? { attachments: opts.attachments } : {}),
  };
}

export function confirmationEmail(to: string, name: string, url: string): EmailMessage {
  return layout({
    to,
    subject: t("email.confirmation.subject"),
    greeting: t("email.hello", { name }),
    lines: [t("email.confirmation.welcome"), t("email.confirmation.validity")],
    action: { label: t("email.confirmation.action"), url },
    footer: t("email.confirmation.footer"),
  });
}

export function passwordResetEmail(to: string, name: string, url: string): EmailMessage {
  return layout({
    to,
    subject: t("email.reset.subject"),
    greeting: t("email.hello", { name }),
    lines: [t("email.reset.body")],
    action: { label: t("email.reset.action"), url },
    footer: t("email.reset.footer"),
  });
}

export function adminMagicLinkEmail(to: string, url: string): EmailMessage {
  return layout({
    to,
    subject: t("email.magicLink.subject"),
    greeting: t("email.helloNoName"),
    lines: [t("email.magicLink.body")],
    action: { label: t("email.magicLink.action"), url },
    footer: t("email.magicLink.footer"),
  });
}

export function listingApprovedEmail(
  to: string,
  name: string,
  listing: { title: string; url: string },
): EmailMessage {
  return layout({
    to,
    subject: t("email.approved.subject", { title: listing.title }),
    greeting: t("email.hello", { name }),
    lines: [t("email.approved.body", { title: listing.title }), t("email.approved.next")],
    action: { label: t("email.approved.action"), url: listing.url },
    footer: t("email.listingFooter"),
  });
}

export function listingRejectedEmail(
  to: string,
  name: string,
  listing: { title: string; reason: string | null; editUrl: string },
): EmailMessage {
  return layout({
    to,
    subject: t("email.rejected.subject", { title: listing.title }),
    greeting: t("email.hello", { name }),
    lines: [
      t("email.rejected.body", { title: listing.title }),
      listing.reason
        ? t("email.rejected.reason", { reason: listing.reason })
        : t("email.rejected.noReason"),
      t("email.rejected.next"),
    ],
    action: { label: t("email.rejected.action"), url: listing.editUrl },
    footer: t("email.listingFooter"),
  });
}

/**
 * To the owner: reports from several people hid their listing pending review, with what they
 * reported (never who).
 */
export function listingHiddenByReportsEmail(
  to: string,
  name: string,
  listing: { title: string; reasons: string[]; dashboardUrl: string },
): EmailMessage {
  return layout({
    to,
    subject: t("email.reportedHidden.subject", { title: listing.title }),
    greeting: t("email.hello", { name }),
    lines: [
      t("email.reportedHidden.body", { title: listing.title }),
      t("email.reportedHidden.reasons", { reasons: listing.reasons.join(", ") }),
      t("email.reportedHidden.next"),
    ],
    action: { label: t("email.reportedHidden.action"), url: listing.dashboardUrl },
    footer: t("email.listingFooter"),
  });
}

/** To the owner: the reports that hid their listing were dismissed; it is public again. */
export function listingRestoredEmail(
  to: string,
  name: string,
  listing: { title: string; url: string },
): EmailMessage {
  return layout({
    to,
    subject: t("email.reportedRestored.subject", { title: listing.title }),
    greeting: t("email.hello", { name }),
    lines: [t("email.reportedRestored.body", { title: listing.title })],
    action: { label: t("email.reportedRestored.action"), url: listing.url },
    footer: t("email.listingFooter"),
  });
}

/** The administrator's decision on someone's identity or business documents. */
export function verificationDecidedEmail(
  to: string,
  name: string,
  decision: { step: "identity" | "business"; url: string } & (
    { approved: true; until: string } | { approved: false; reason: string }
  ),
): EmailMessage {
  const step = t(`email.verification.${decision.step}`);
  return layout({
    to,
    subject: decision.approved
      ? t("email.verification.approvedSubject", { step })
      : t("email.verification.rejectedSubject", { step }),
    greeting: t("email.hello", { name }),
    lines: decision.approved
      ? [
          t("email.verification.approvedBody", { step }),
          t("email.verification.approvedUntil", { date: decision.until }),
          t("email.verification.deletion"),
        ]
      : [
          t("email.verification.rejectedBody", { step }),
          t("email.verification.reason", { reason: decision.reason }),
          t("email.verification.rejectedNext"),
          t("email.verification.deletion"),
        ],
    action: { label: t("email.verification.action"), url: decision.url },
    footer: t("email.verification.footer"),
  });
}

/** A stored contact message, as the e-mails about it need it. */
export interface ContactMessageMail {
  id: number;
  name: string;
  email: string;
  reason: ContactReason;
  subject: string;
  message: string;
  /** The account it was sent from, when the sender was signed in. */
  account: { email: string; role: Role | null } | null;
}

/** To the team: the whole message; answering it replies to the sender. */
export function contactNotificationEmail(to: string, m: ContactMessageMail): EmailMessage {
  const reason = t(`contact.reasons.${m.reason}`);
  const account = !m.account
    ? t("email.contactNotification.visitor")
    : m.account.role
      ? t("email.contactNotification.account", {
          email: m.account.email,
          role: t(`auth.badge.${m.account.role}`),
        })
      : t("email.contactNotification.accountNoRole", { email: m.account.email });
  return layout({
    to,
    subject: t("email.contactNotification.subject", { reason, subject: m.subject }),
    greeting: t("email.contactNotification.intro", { id: m.id }),
    lines: [
      t("email.contactNotification.from", { name: m.name, email: m.email }),
      t("email.contactNotification.reason", { reason }),
      t("email.contactNotification.subjectLine", { subject: m.subject }),
      account,
    ],
    quote: m.message,
    footer: t("email.contactNotification.footer", { name: m.name }),
    replyTo: { name: m.name, address: m.email },
  });
}

/**
 * To the sender. It repeats nothing they typed (not even the name): anyone can enter any address
 * in the form, and an acknowledgement that echoed their words would carry spam to that inbox.
 */
export function contactAcknowledgementEmail(m: ContactMessageMail): EmailMessage {
  return layout({
    to: m.email,
    subject: t("email.contactAcknowledgement.subject"),
    greeting: t("email.helloNoName"),
    lines: [
      t("email.contactAcknowledgement.body", {
        id: m.id,
        reason: t(`contact.reasons.${m.reason}`),
      }),
    ],
    footer: t("email.contactAcknowledgement.footer"),
  });
}

/** To the team's notification address: a publisher's new listing, waiting for review or live. */
export function newListingNotificationEmail(
  to: string,
  listing: {
    id: number;
    title: string;
    category: Category;
    ownerName: string;
    ownerEmail: string;
    status: ListingStatus;
    appUrl: string;
  },
): EmailMessage {
  const pending = listing.status === "pending_approval";
  return layout({
    to,
    subject: t(pending ? "email.newListing.subjectPending" : "email.newListing.subjectApproved", {
      title: listing.title,
    }),
    greeting: t("email.helloNoName"),
    lines: [
      t("email.newListing.body", {
        title: listing.title,
        category: t(`categories.${listing.category}.title`),
        name: listing.ownerName,
        email: listing.ownerEmail,
      }),
      t(pending ? "email.newListing.pending" : "email.newListing.approved"),
    ],
    action: pending
      ? { label: t("email.newListing.reviewAction"), url: `${listing.appUrl}/dashboard/moderation` }
      : { label: t("email.newListing.viewAction"), url: `${listing.appUrl}/listing/${listing.id}` },
    footer: t("email.newListing.footer"),
  });
}

/**
 * The administrator's answer to a contact message, to its sender. It repeats nothing the sender
 * typed (anyone can enter any address in the form): only the administrator's own words, and the
 * message's number and date.
 */
export function contactReplyEmail(reply: {
  to: string;
  subject: string;
  body: string;
  original: { id: number; sentAt: Date };
  replyTo: EmailMessage["replyTo"];
}): EmailMessage {
  const date = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(
    reply.original.sentAt,
  );
  return layout({
    to: reply.to,
    subject: reply.subject,
    greeting: t("email.contactReply.intro", { id: reply.original.id, date }),
    lines: reply.body
      .split(/\r?\n/)
      .map((line) => line.trimEnd())
      .filter((line) => line !== ""),
    footer: t("email.contactReply.footer"),
    replyTo: reply.replyTo,
  });
}
