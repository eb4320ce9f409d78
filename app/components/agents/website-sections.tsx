import { Link } from "react-router";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import { ResultsGrid } from "../browse/results.tsx";

const panelClass = "rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6";

/** The property website's long "about" and featured listings, when the perk is granted. */
export function WebsiteSections({
  website,
}: {
  website: { about: string | null; featured: ListingSummary[] } | null;
}) {
  const t = useT();
  const { currency } = useRootData();
  if (!website) return null;
  return (
    <>
      {website.about && (
        <section aria-labelledby="about-title" className={panelClass} data-testid="website-about">
          <h2 id="about-title" className="text-xl font-bold text-ink">
            {t("agents.about")}
          </h2>
          <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-secondary">
            {website.about}
          </p>
        </section>
      )}
      {website.featured.length > 0 && (
        <section aria-labelledby="featured-title" className="space-y-4" data-testid="featured">
          <h2 id="featured-title" className="text-xl font-bold text-ink">
            {t("agents.featured")}
          </h2>
          <ResultsGrid listings={website.featured} currency={currency} />
        </section>
      )}
    </>
  );
}

/**
 * How to reach them: a message about one of their listings, kept on the site; `children` add
 * what the page has besides (an agency names its owner).
 */
export function ContactSection({
  listing,
  children,
}: {
  listing: { id: number; title: string } | undefined;
  children?: React.ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby="contact-title" className={panelClass}>
      <h2 id="contact-title" className="text-xl font-bold text-ink">
        {t("agents.contact.title")}
      </h2>
      <p className="mt-2 text-secondary">{t("agents.contact.intro")}</p>
      {children}
      {listing && (
        <Link
          to={`/listing/${listing.id}/message`}
          rel="nofollow"
          className="mt-4 inline-flex min-h-12 items-center justify-center rounded-xl bg-[var(--brand,var(--color-primary))] px-6 py-2 text-center font-semibold text-white hover:opacity-90"
          data-testid="agent-contact"
        >
          {t("agents.contact.message", { title: listing.title })}
        </Link>
      )}
    </section>
  );
}
