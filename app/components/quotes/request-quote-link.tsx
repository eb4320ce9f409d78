import { Icon } from "../ui/icon.tsx";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { buttonVariants } from "../ui/button.tsx";

/**
 * "Request a Quote" on a professional's service: a plain link to the request form, so it works
 * before hydration; the form asks a visitor to sign in first.
 */
export function RequestQuoteCard({ listingId, name }: { listingId: number; name: string }) {
  const t = useT();
  return (
    <section
      aria-label={t("quotes.listing.button")}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <Link
        to={`/listing/${listingId}/quote`}
        className={buttonVariants({
          variant: "accent",
          className: "h-12 w-full rounded-xl text-base",
        })}
      >
        <Icon name="file-text" className="size-5" />
        {t("quotes.listing.button")}
      </Link>
      <p className="mt-3 text-sm text-muted">{t("quotes.listing.hint", { name })}</p>
    </section>
  );
}
