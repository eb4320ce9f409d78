import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "../ui/icon.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { ContactMethod } from "../../lib/listing-values.ts";
import type { RevealedContact } from "../../lib/schemas/analytics.ts";
import type { AgencyLink, Brand } from "../../lib/schemas/public-profile.ts";
import { BrandLogo, brandStyle } from "../agents/brand-preview.tsx";
import { reportLead } from "./report-lead.ts";
import { AgencyBadge } from "../listings/agency-badge.tsx";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import type { TrustLine } from "../../lib/trust-lines.ts";

const primaryClass =
  "inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl text-base font-semibold text-white shadow-sm";
const channelClass =
  "inline-flex h-12 w-full min-w-0 items-center justify-center gap-2 rounded-xl border-2 bg-surface px-3 text-base font-semibold";
const secondaryClass =
  "inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-line-strong bg-surface text-sm font-semibold text-ink-soft hover:bg-canvas";

/**
 * The sticky Contact Agent card: who lists it, a message kept on the site, the lister's own
 * channel (its number or address revealed on a click, never in the page), Favorite and Share.
 */
export function ContactCard({
  listing,
  agent,
  favorite,
  onToggleFavorite,
  listerRating,
  lister,
  trust,
}: {
  listing: {
    id: number;
    title: string;
    contactMethod: ContactMethod;
    agencyBadge?: ListingSummary["agencyBadge"];
  };
  agent: { name: string; avatarUrl: string; contactAvailable: boolean };
  favorite: boolean;
  onToggleFavorite: () => void;
  /** The lister's own average over all their listings' reviews, under their name. */
  listerRating?: React.ReactNode;
  /**
   * Their public page, their logo and colour while their plan grants custom branding, and the
   * agency the listing is under while its team runs.
   */
  lister?: { href: string; brand: Brand | null; agency: AgencyLink | null } | null;
  /** The host's trust signals, already in words (app/lib/trust-lines.ts). */
  trust?: { title: string; lines: TrustLine[] } | null;
}) {
  const t = useT();
  const showToast = useToast();
  const [revealed, setRevealed] = useState<RevealedContact | null>(null);
  const contactHref = `/listing/${listing.id}/contact`;

  /**
   * A call or an e-mail: the number or address is asked for on the click (which records the
   * lead) and shown as a link. Without JavaScript, or when the answer fails, the server's
   * contact link records the lead and hands over to the phone or mail app itself.
   */
  const reveal = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    try {
      const response = await fetch(`/api/v1/listings/${listing.id}/contact`, {
        method: "POST",
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(String(response.status));
      setRevealed((await response.json()) as RevealedContact);
    } catch {
      window.location.href = contactHref;
    }
  };

  const share = async () => {
    const url = window.location.href.split("#")[0] ?? window.location.href;
    try {
      if (typeof navigator.share === "function") {
        try {
          await navigator.share({
            title: listing.title,
            text: t("detail.share.text", { title: listing.title }),
            url,
          });
          reportLead(listing.id, "share");
          showToast({ title: "detail.share.successTitle" });
        } catch (error) {
          // Closing the share sheet is a choice, not a failure.
          if (error instanceof DOMException && error.name === "AbortError") return;
          throw error;
        }
        return;
      }
      if (!navigator.clipboard) throw new Error(t("detail.share.unsupported"));
      await navigator.clipboard.writeText(url);
      reportLead(listing.id, "share");
      showToast({
        title: "detail.share.copiedTitle",
        description: "detail.share.copiedDescription",
      });
    } catch (error) {
      showToast({
        title: "detail.share.failedTitle",
        description: "detail.share.failedDescription",
        params: { message: error instanceof Error ? error.message : String(error) },
        variant: "destructive",
      });
    }
  };

  const icon =
    listing.contactMethod === "whatsapp" ? (
      <Icon name="message-circle" className="size-5" />
    ) : listing.contactMethod === "phone" ? (
      <Icon name="phone" className="size-5" />
    ) : (
      <Icon name="mail" className="size-5" />
    );
  const label =
    listing.contactMethod === "whatsapp"
      ? t("detail.contact.whatsapp")
      : listing.contactMethod === "phone"
        ? t("detail.contact.call")
        : t("detail.contact.email");
  const tone =
    listing.contactMethod === "whatsapp"
      ? "border-[#128c4a] text-[#0b5e31] hover:bg-success-tint"
      : "border-primary text-primary-strong hover:bg-primary-tint";

  return (
    <section
      aria-labelledby="contact-title"
      style={brandStyle(lister?.brand ?? null)}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <h2 id="contact-title" className="text-lg font-semibold text-ink">
        {t("detail.contact.title")}
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <img
          src={agent.avatarUrl}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-full bg-surface-muted object-cover"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{agent.name}</p>
          <p className="text-sm text-muted">{t("detail.contact.listingAgent")}</p>
          <AgencyBadge badge={listing.agencyBadge ?? null} />
          {listerRating}
          {lister && (
            <Link
              to={lister.href}
              className="text-sm font-semibold text-[var(--brand,var(--color-primary-strong))] underline"
              data-testid="lister-page-link"
            >
              {t("detail.contact.viewProfile")}
            </Link>
          )}
          {lister?.agency && (
            <Link
              to={`/agencies/${lister.agency.handle}`}
              className="block text-sm font-semibold text-[var(--brand,var(--color-primary-strong))] underline"
              data-testid="lister-agency-link"
            >
              {t("detail.contact.agency", { agency: lister.agency.name })}
            </Link>
          )}
        </div>
      </div>
      {lister?.brand?.logoUrl && (
        <BrandLogo brand={lister.brand} className="mt-4 h-10 w-auto max-w-48 object-contain" />
      )}
      {trust && (
        // The words say what was and was not checked; the colour only repeats it.
        <div className="mt-4 text-sm">
          <h3 className="font-semibold text-ink">{trust.title}</h3>
          <ul className="mt-1 space-y-1 text-secondary">
            {trust.lines.map((line) => (
              <li key={line.key} className={line.ok ? "text-success-strong" : undefined}>
                {line.text}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-5 space-y-3">
        <Link
          to={`/listing/${listing.id}/message`}
          rel="nofollow"
          className={cn(
            primaryClass,
            lister?.brand?.color
              ? "bg-[var(--brand)] hover:opacity-90"
              : "bg-primary hover:bg-primary-strong",
          )}
        >
          <Icon name="message-circle" className="size-5" />
          {t("detail.contact.message")}
        </Link>
        {!agent.contactAvailable ? (
          <button
            type="button"
            onClick={() =>
              showToast({
                title: "detail.contact.missingTitle",
                description: "detail.contact.missingDescription",
                variant: "destructive",
              })
            }
            className={cn(channelClass, tone)}
          >
            {icon}
            {label}
          </button>
        ) : revealed ? (
          <a href={revealed.href} className={cn(channelClass, tone)}>
            {icon}
            <span className="sr-only">{label}: </span>
            <span className="truncate">{revealed.display}</span>
          </a>
        ) : (
          // The server's contact link records the lead, then sends the visitor on: it works
          // before hydration, and a WhatsApp chat opens in its own tab through it.
          <a
            href={contactHref}
            rel="nofollow noopener noreferrer"
            {...(listing.contactMethod === "whatsapp"
              ? { target: "_blank" }
              : { onClick: (event: React.MouseEvent<HTMLAnchorElement>) => void reveal(event) })}
            className={cn(channelClass, tone)}
          >
            {icon}
            {label}
          </a>
        )}
        <div className="grid grid-cols-2 gap-3">
          <button
            type="button"
            onClick={onToggleFavorite}
            aria-pressed={favorite}
            className={cn(
              secondaryClass,
              favorite && "border-danger-pale bg-danger-tint text-danger",
            )}
          >
            <Icon
              name="heart"
              className={cn("size-4", favorite && "fill-danger-vivid text-danger-vivid")}
            />
            {favorite ? t("detail.contact.favorited") : t("detail.contact.favorite")}
          </button>
          <button type="button" onClick={() => void share()} className={secondaryClass}>
            <Icon name="share-2" className="size-4" />
            {t("detail.contact.share")}
          </button>
        </div>
      </div>
    </section>
  );
}
