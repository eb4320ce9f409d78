import { Link } from "react-router";
import type { Route } from "./+types/agency";
import { AgencyMembers } from "../../components/agencies/agency-members.tsx";
import { brandStyle } from "../../components/agents/brand-preview.tsx";
import { pageJsonLd } from "../../components/agents/page-structured-data.ts";
import { ProfileHeader } from "../../components/agents/profile-header.tsx";
import { ProfileReviews } from "../../components/agents/profile-reviews.tsx";
import { PublisherListings } from "../../components/agents/publisher-listings.tsx";
import { ContactSection, WebsiteSections } from "../../components/agents/website-sections.tsx";
import { summarize } from "../../components/listing-detail/structured-data.ts";
import { AgencyBadge } from "../../components/listings/agency-badge.tsx";
import { getConfig } from "../../config.server.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { SAFETY_MESSAGES } from "../../lib/safety-values.ts";
import { hasActiveFilters } from "../../lib/schemas/browse.ts";
import { getAgencyPage } from "../../services/profiles/agency-page.server.ts";
import { readPageBrowse } from "../../services/profiles/page-browse.server.ts";
import { loadOrErrorPage } from "../../services/session/action-answer.server.ts";

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { params: browse, currency, countries } = await readPageBrowse(request, url);
  const agency = await loadOrErrorPage(() =>
    getAgencyPage({ handle: params.handle, params: browse, currency }),
  );
  return {
    agency,
    params: browse,
    filtered: hasActiveFilters(browse) || browse.category !== "all" || browse.page > 1,
    countries,
    appUrl: getConfig().appUrl,
    messages: pickMessages([
      "agencies",
      "agents",
      "browse",
      "bookings.units",
      "listing.card",
      "reviews.section",
      "reviews.item",
      ...SAFETY_MESSAGES,
    ]),
  };
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function AgencyPage({ loaderData }: Route.ComponentProps) {
  const { agency, params, countries } = loaderData;
  const t = useT();
  const website = agency.website;

  return (
    <div
      style={brandStyle(agency.brand)}
      className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="agency-page"
      data-website={website ? "on" : "off"}
    >
      <ProfileHeader
        name={agency.name}
        kindLabel={t("agencies.kind")}
        avatarUrl={agency.avatarUrl}
        memberSince={agency.memberSince}
        languages={agency.languages}
        response={agency.response}
        coverUrl={website?.coverUrl ?? null}
        brand={agency.brand}
      >
        <AgencyBadge
          badge={agency.badge && { agency: agency.name, verified: agency.badge.verified }}
          withName={false}
        />
      </ProfileHeader>

      <WebsiteSections website={website} />

      {agency.members.length > 0 && <AgencyMembers members={agency.members} />}

      <PublisherListings listings={agency.listings} params={params} countries={countries} />

      <ProfileReviews
        name={agency.name}
        rating={agency.reviews.rating}
        ratingCount={agency.reviews.ratingCount}
        reviews={agency.reviews.latest}
      />

      <ContactSection listing={website?.featured[0] ?? agency.listings.items[0]}>
        <p className="mt-2 text-secondary" data-testid="agency-owner">
          {t("agencies.contact.owner")}{" "}
          <Link
            to={`/agents/${agency.owner.handle}`}
            className="font-semibold text-[var(--brand,var(--color-primary-strong))] underline"
          >
            {agency.owner.name}
          </Link>
        </p>
      </ContactSection>
    </div>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData || error) {
    return [{ title: t("agents.meta.notFound") }, { name: "robots", content: "noindex" }];
  }
  const { agency, appUrl, filtered } = loaderData;
  const path = `/agencies/${agency.handle}`;
  return [
    ...pageMeta({
      appUrl,
      siteName: matches[0].loaderData.settings.siteName,
      path,
      title: t("agents.meta.title", { name: agency.name }),
      description: agency.website?.about
        ? summarize(agency.website.about)
        : t("agencies.meta.description", { name: agency.name }),
      shareTitle: agency.name,
      image:
        agency.website?.coverUrl ??
        (agency.avatarUrl.startsWith("/avatars/") ? undefined : agency.avatarUrl),
      // A paused team's page stays for its links, but is not offered to search engines.
      noindex: filtered || !agency.running,
    }),
    {
      "script:ld+json": pageJsonLd({
        type: "RealEstateAgent",
        appUrl,
        path,
        name: agency.name,
        image: agency.website?.coverUrl ?? agency.avatarUrl,
        logoUrl: agency.brand?.logoUrl,
        about: agency.website?.about,
        rating: agency.reviews.rating,
        ratingCount: agency.reviews.ratingCount,
        extra: {
          ...(agency.members.length > 0 && {
            member: agency.members.map((m) => ({
              "@type": "Person",
              name: m.name,
              url: `${appUrl}/agents/${m.handle}`,
            })),
          }),
          ...(agency.languages.length > 0 && { knowsLanguage: agency.languages }),
        },
      }),
    },
  ];
}
