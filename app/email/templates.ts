import { createTranslator } from "../i18n/translate.ts";
import type { EmailMessage } from "./mailer.server.ts";

const t = createTranslator();

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** One simple, light layout for every e-mail: readable on any phone, no images, no tracking. */
function layout(opts: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  footer: string;
}): EmailMessage {
  const text = [
    opts.greeting,
    "",
    ...opts.lines,
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
${opts.action ? `<p style="margin:20px 0"><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:#13644d;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(opts.action.label)}</a></p><p style="font-size:12px;color:#78716c;word-break:break-all">${escapeHtml(opts.action.url)}</p>` : ""}
<p style="margin:16px 0 0;font-size:13px;color:#78716c">${escapeHtml(opts.footer)}</p>
</div></div></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
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
