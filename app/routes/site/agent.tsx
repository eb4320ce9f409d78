import { Link } from "react-router";
import type { Route } from "./+types/agent";
import { brandStyle } from "../../components/agents/brand-preview.tsx";
import { pageJsonLd } from "../../components/agents/page-structured-data.ts";
import { ProfileHeader } from "../../components/agents/profile-header.tsx";
import { HostBadges } from "../../components/listings/host-badges.tsx";
import { ProfileReviews } from "../../components/agents/profile-reviews.tsx";
import { PublisherListings } from "../../components/agents/publisher-listings.tsx";
import { ContactSection, WebsiteSections } from "../../components/agents/website-sections.tsx";
import { SAFETY_MESSAGES } from "../../lib/safety-values.ts";
import { summarize } from "../../components/listing-detail/structured-data.ts";
import { getConfig } from "../../config.server.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { hasActiveFilters } from "../../lib/schemas/browse.ts";
import { readPageBrowse } from "../../services/profiles/page-browse.server.ts";
import { getPublicProfile } from "../../services/profiles/public-profile.server.ts";
import { loadOrErrorPage } from "../../services/session/action-answer.server.ts";

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { params: browse, currency, countries } = await readPageBrowse(request, url);
  const profile = await loadOrErrorPage(() =>
    getPublicProfile({ handle: params.handle, params: browse, currency }),
  );
  return {
    profile,
    params: browse,
    filtered: hasActiveFilters(browse) || browse.category !== "all" || browse.page > 1,
    countries,
    appUrl: getConfig().appUrl,
    messages: pickMessages([
      "agents",
      "browse",
      "bookings.units",
      "reviews.section",
      "reviews.item",
      ...SAFETY_MESSAGES,
    ]),
  };
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function AgentPage({ loaderData }: Route.ComponentProps) {
  const { profile, params, countries } = loaderData;
  const t = useT();
  const website = profile.website;

  return (
    <div
      style={brandStyle(profile.brand)}
      className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="agent-page"
      data-website={website ? "on" : "off"}
    >
      <ProfileHeader
        name={profile.name}
        kindLabel={t(`agents.kind.${profile.kind}`)}
        avatarUrl={profile.avatarUrl}
        memberSince={profile.memberSince}
        languages={profile.languages}
        verification={profile.verification}
        response={profile.response}
        coverUrl={website?.coverUrl ?? null}
        brand={profile.brand}
      >
        {(profile.trust.verification.identityVerified ||
          profile.trust.verification.businessVerified) && (
          <p className="flex flex-wrap gap-1.5">
            <HostBadges
              verified={profile.trust.verification.identityVerified}
              businessVerified={profile.trust.verification.businessVerified}
            />
          </p>
        )}
        <p className="text-sm text-secondary" data-testid="completed-work">
          {profile.trust.completedBookings > 0
            ? t("agents.trust.bookings", { count: profile.trust.completedBookings })
            : t("agents.trust.noBookings")}
          {profile.trust.completedJobs > 0 &&
            ` · ${t("agents.trust.jobs", { count: profile.trust.completedJobs })}`}
        </p>
        {profile.agency && (
          <p className="text-sm text-secondary" data-testid="member-of">
            {t("agents.memberOf")}{" "}
            <Link
              to={`/agencies/${profile.agency.handle}`}
              className="font-semibold text-[var(--brand,var(--color-primary-strong))] underline"
            >
              {profile.agency.name}
            </Link>
          </p>
        )}
      </ProfileHeader>

      <WebsiteSections website={website} />

      <PublisherListings listings={profile.listings} params={params} countries={countries} />

      <ProfileReviews
        name={profile.name}
        rating={profile.reviews.rating}
        ratingCount={profile.reviews.ratingCount}
        reviews={profile.reviews.latest}
      />

      <ContactSection listing={website?.featured[0] ?? profile.listings.items[0]} />
    </div>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData || error) {
    return [{ title: t("agents.meta.notFound") }, { name: "robots", content: "noindex" }];
  }
  const { profile, appUrl, filtered } = loaderData;
  const path = `/agents/${profile.handle}`;
  const title = t("agents.meta.title", { name: profile.name });
  const description = profile.website?.about
    ? summarize(profile.website.about)
    : t("agents.meta.description", {
        name: profile.name,
        kind: t(`agents.kind.${profile.kind}`).toLowerCase(),
      });
  return [
    ...pageMeta({
      appUrl,
      siteName: matches[0].loaderData.settings.siteName,
      path,
      title,
      description,
      shareTitle: profile.name,
      // A generated initials picture is no photo to share.
      image:
        profile.website?.coverUrl ??
        (profile.avatarUrl.startsWith("/avatars/") ? undefined : profile.avatarUrl),
      noindex: filtered,
    }),
    {
      // schema.org: a real estate agent, or a local business for professionals.
      "script:ld+json": pageJsonLd({
        type: profile.kind === "agent" ? "RealEstateAgent" : "LocalBusiness",
        appUrl,
        path,
        name: profile.name,
        image: profile.website?.coverUrl ?? profile.avatarUrl,
        logoUrl: profile.brand?.logoUrl,
        about: profile.website?.about,
        rating: profile.reviews.rating,
        ratingCount: profile.reviews.ratingCount,
        extra: profile.languages.length > 0 ? { knowsLanguage: profile.languages } : undefined,
      }),
    },
  ];
}
