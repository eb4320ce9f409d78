import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/agent";
import { brandStyle } from "../../components/agents/brand-preview.tsx";
import { ListingsSection } from "../../components/agents/listings-section.tsx";
import { ProfileHeader } from "../../components/agents/profile-header.tsx";
import { ProfileReviews } from "../../components/agents/profile-reviews.tsx";
import { FilterPanel } from "../../components/browse/filter-panel.tsx";
import { ResultsGrid } from "../../components/browse/results.tsx";
import { SAFETY_MESSAGES } from "../../lib/safety-values.ts";
import { summarize } from "../../components/listing-detail/structured-data.ts";
import { getConfig } from "../../config.server.ts";
import { useBrowseNavigation } from "../../hooks/use-browse-navigation.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import {
  browseSearchParams,
  hasActiveFilters,
  parseBrowseParams,
  toQueryString,
  type BrowseParams,
} from "../../lib/schemas/browse.ts";
import type { PublicProfile } from "../../lib/schemas/public-profile.ts";
import { getPublicProfile } from "../../services/profiles/public-profile.server.ts";
import { findCurrency, listCountries } from "../../services/reference/reference.server.ts";
import { loadOrErrorPage } from "../../services/session/action-answer.server.ts";
import { readCurrencyCode } from "../../services/session/preferences.server.ts";

export async function loader({ request, params, url }: Route.LoaderArgs) {
  // A GET form without JavaScript sends its empty fields too; a clean URL is the one to share.
  if ([...url.searchParams.values()].some((v) => v.trim() === "")) {
    const clean = new URLSearchParams([...url.searchParams].filter(([, v]) => v.trim() !== ""));
    throw redirect(`${url.pathname}${toQueryString(clean)}`);
  }
  const browse = parseBrowseParams(url.searchParams);
  const currency = await findCurrency(await readCurrencyCode(request));
  const [profile, countries] = await Promise.all([
    loadOrErrorPage(() => getPublicProfile({ handle: params.handle, params: browse, currency })),
    listCountries(),
  ]);
  return {
    profile,
    params: browse,
    filtered: hasActiveFilters(browse) || browse.category !== "all" || browse.page > 1,
    countries: countries.map((c) => c.name),
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

function pageHref(pathname: string, params: BrowseParams): string {
  return `${pathname}${toQueryString(browseSearchParams(params, { includeCategory: true }))}`;
}

export default function AgentPage({ loaderData }: Route.ComponentProps) {
  const { profile, params, countries } = loaderData;
  const t = useT();
  const { currency } = useRootData();
  const { pathname } = useLocation();
  const nav = useBrowseNavigation();
  const website = profile.website;
  const firstListing = website?.featured[0] ?? profile.listings.items[0];
  const resetHref = pageHref(pathname, { category: params.category, sort: "featured", page: 1 });
  const sections = [
    {
      label: t("categories.all.title"),
      href: pageHref(pathname, { category: "all", sort: params.sort, page: 1 }),
      current: params.category === "all",
    },
    ...profile.listings.categories.map((category) => ({
      label: t(`categories.${category}.title`),
      href: pageHref(pathname, { category, sort: params.sort, page: 1 }),
      current: params.category === category,
    })),
  ];

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
      />

      {website?.about && (
        <section
          aria-labelledby="about-title"
          className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
          data-testid="website-about"
        >
          <h2 id="about-title" className="text-xl font-bold text-ink">
            {t("agents.about")}
          </h2>
          <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-secondary">
            {website.about}
          </p>
        </section>
      )}

      {website && website.featured.length > 0 && (
        <section aria-labelledby="featured-title" className="space-y-4" data-testid="featured">
          <h2 id="featured-title" className="text-xl font-bold text-ink">
            {t("agents.featured")}
          </h2>
          <ResultsGrid listings={website.featured} currency={currency} />
        </section>
      )}

      <ListingsSection
        title={t("agents.listings.title")}
        listings={profile.listings.items}
        total={profile.listings.total}
        page={profile.listings.page}
        pageCount={profile.listings.pageCount}
        currency={currency}
        sections={sections}
        hasListings={profile.listings.categories.length > 0}
        hrefFor={(page) => pageHref(pathname, { ...params, page })}
        filters={
          <FilterPanel
            params={params}
            includeCategory
            countries={countries}
            currencySymbol={currency.symbol}
            resetHref={resetHref}
            nav={nav}
          />
        }
      />

      <ProfileReviews
        name={profile.name}
        rating={profile.reviews.rating}
        ratingCount={profile.reviews.ratingCount}
        reviews={profile.reviews.latest}
      />

      <section
        aria-labelledby="contact-title"
        className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="contact-title" className="text-xl font-bold text-ink">
          {t("agents.contact.title")}
        </h2>
        <p className="mt-2 text-secondary">{t("agents.contact.intro")}</p>
        {firstListing && (
          <Link
            to={`/listing/${firstListing.id}/message`}
            rel="nofollow"
            className="mt-4 inline-flex h-12 items-center justify-center rounded-xl bg-[var(--brand,var(--color-primary))] px-6 font-semibold text-white hover:opacity-90"
            data-testid="agent-contact"
          >
            {t("agents.contact.message", { title: firstListing.title })}
          </Link>
        )}
      </section>
    </div>
  );
}

/** schema.org: a real estate agent, or a local business for professionals. */
function profileJsonLd(profile: PublicProfile, appUrl: string): Record<string, unknown> {
  const url = `${appUrl}/agents/${profile.handle}`;
  const absolute = (path: string) => (path.startsWith("/") ? `${appUrl}${path}` : path);
  return {
    "@context": "https://schema.org",
    "@type": profile.kind === "agent" ? "RealEstateAgent" : "LocalBusiness",
    "@id": url,
    name: profile.name,
    url,
    image: absolute(profile.website?.coverUrl ?? profile.avatarUrl),
    ...(profile.brand?.logoUrl ? { logo: absolute(profile.brand.logoUrl) } : {}),
    ...(profile.website?.about ? { description: summarize(profile.website.about, 300) } : {}),
    ...(profile.languages.length > 0 ? { knowsLanguage: profile.languages } : {}),
    ...(profile.reviews.rating !== null && profile.reviews.ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: profile.reviews.rating,
            reviewCount: profile.reviews.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData || error) {
    return [{ title: t("agents.meta.notFound") }, { name: "robots", content: "noindex" }];
  }
  const { profile, appUrl, filtered } = loaderData;
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
      path: `/agents/${profile.handle}`,
      title,
      description,
      shareTitle: profile.name,
      // A generated initials picture is no photo to share.
      image:
        profile.website?.coverUrl ??
        (profile.avatarUrl.startsWith("/avatars/") ? undefined : profile.avatarUrl),
      noindex: filtered,
    }),
    { "script:ld+json": profileJsonLd(profile, appUrl) },
  ];
}
