import { Icon } from "../ui/icon.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { ContactMethod } from "../../lib/listing-values.ts";
import { contactAction } from "../../lib/contact-links.ts";
import { reportLead } from "./report-lead.ts";

const primaryClass =
  "inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl text-base font-semibold text-white shadow-sm";
const secondaryClass =
  "inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-stone-300 bg-white text-sm font-semibold text-stone-800 hover:bg-stone-50";

/** The sticky Contact Agent card: who lists it, how to reach them, Favorite and Share. */
export function ContactCard({
  listing,
  agent,
  favorite,
  onToggleFavorite,
}: {
  listing: { id: number; title: string; contactMethod: ContactMethod };
  agent: { name: string; avatarUrl: string; phone: string | null; email: string };
  favorite: boolean;
  onToggleFavorite: () => void;
}) {
  const t = useT();
  const showToast = useToast();
  const action = contactAction({
    method: listing.contactMethod,
    phone: agent.phone,
    email: agent.email,
    subject: t("detail.contact.emailSubject", { title: listing.title, id: listing.id }),
  });

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
      ? "bg-[#128c4a] hover:bg-[#0f7a40]"
      : "bg-brand-700 hover:bg-brand-800";

  return (
    <section
      aria-labelledby="contact-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="contact-title" className="text-lg font-semibold text-stone-900">
        {t("detail.contact.title")}
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <img
          src={agent.avatarUrl}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-full bg-stone-100 object-cover"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{agent.name}</p>
          <p className="text-sm text-stone-600">{t("detail.contact.listingAgent")}</p>
        </div>
      </div>

      <div className="mt-5 space-y-3">
        {action.kind === "missing" ? (
          <button
            type="button"
            onClick={() =>
              showToast({
                title: "detail.contact.missingTitle",
                description: "detail.contact.missingDescription",
                variant: "destructive",
              })
            }
            className={cn(primaryClass, tone)}
          >
            {icon}
            {label}
          </button>
        ) : (
          // The server's contact link records the lead, then sends the visitor on: it works
          // before hydration, and a WhatsApp chat opens in its own tab through it. A call or an
          // e-mail is handed to the phone or mail app directly once a beacon reported it,
          // because a redirect to tel: or mailto: is not followed by every browser.
          <a
            href={`/listing/${listing.id}/contact`}
            rel="nofollow noopener noreferrer"
            {...(action.kind === "whatsapp"
              ? { target: "_blank" }
              : {
                  onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
                    const lead = action.kind === "phone" ? "call" : "email";
                    if (!reportLead(listing.id, lead)) return;
                    event.preventDefault();
                    window.location.href = action.href;
                  },
                })}
            className={cn(primaryClass, tone)}
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
            className={cn(secondaryClass, favorite && "border-red-200 bg-red-50 text-red-700")}
          >
            <Icon name="heart" className={cn("size-4", favorite && "fill-red-600 text-red-600")} />
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
