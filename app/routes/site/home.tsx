import { Suspense } from "react";
import type { Route } from "./+types/home";
import { ClosingCta } from "../../components/home/closing-cta.tsx";
import { FeaturedListings } from "../../components/home/featured-listings.tsx";
import { HeroSlideshow } from "../../components/home/hero-slideshow.tsx";
import { SearchCard } from "../../components/home/search-card.tsx";
import { ServicesGrid } from "../../components/home/services-grid.tsx";
import { StatsBand } from "../../components/home/stats-band.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { FEATURED_PREVIEW } from "../../lib/featured.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { getPlatformStats } from "../../services/content/platform-stats.server.ts";
import { getHeroContent } from "../../services/content/settings.server.ts";
import {
  countFeaturedListings,
  listFeaturedListings,
} from "../../services/listings/listing-summaries.server.ts";
import { listCountries } from "../../services/reference/reference.server.ts";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";

export async function loader() {
  const [hero, featured, featuredTotal, stats, countries] = await Promise.all([
    getHeroContent(),
    listFeaturedListings({ limit: FEATURED_PREVIEW }),
    countFeaturedListings(),
    getPlatformStats(),
    listCountries(),
  ]);
  return {
    hero,
    featured,
    featuredTotal,
    stats,
    countries: countries.map((c) => ({ name: c.name, slug: c.slug })),
    messages: pickMessages(["home"]),
  };
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, featured, featuredTotal, stats, countries } = loaderData;
  const { currency } = useRootData();
  return (
    <>
      <HeroSlideshow slides={hero.slides}>
        <div className="mx-auto flex min-h-[560px] max-w-7xl flex-col justify-center px-4 pt-12 pb-20 sm:min-h-[620px] sm:px-6">
          <p className="text-sm font-semibold tracking-[0.2em] text-accent-light uppercase">
            {hero.subtitle}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-4 max-w-2xl text-base text-primary-tint/90 sm:text-lg">
            {hero.description}
          </p>
          <div className="mt-8 max-w-4xl">
            <SearchCard countries={countries} />
          </div>
        </div>
      </HeroSlideshow>
      {/* Each section below the first screen hydrates on its own, in a short task of its own. */}
      <Suspense>
        <ServicesGrid counts={stats.byCategory} />
      </Suspense>
      <Suspense>
        <FeaturedListings listings={featured} total={featuredTotal} currency={currency} />
      </Suspense>
      <Suspense>
        <StatsBand stats={stats} />
      </Suspense>
      <Suspense>
        <ClosingCta />
      </Suspense>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta({
    appUrl: matches[0].loaderData.appUrl,
    siteName: matches[0].loaderData.settings.siteName,
    path: "/",
    title: t("home.meta.title"),
    description: t("home.meta.description"),
  });
}
