import {
  ArrowRight,
  Compass,
  CreditCard,
  ExternalLink,
  Globe,
  Heart,
  Lightbulb,
  type LucideIcon,
  ServerCog,
  ShieldCheck,
  ShoppingBag,
  Sprout,
  Target,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { PageHero } from "../../components/site/page-hero.tsx";
import { formatCountPlus } from "../../lib/format-count.ts";
import { getPlatformStats } from "../../services/content/platform-stats.server.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useT } from "../../i18n/use-t.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { cardVariants } from "../../components/ui/card.tsx";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const STATS = ["listings", "users", "countries", "views"] as const;

/** The six core values, in the spec's order, with their icons. */
const VALUES = {
  community: Users,
  integrity: ShieldCheck,
  innovation: Lightbulb,
  empowerment: Sprout,
  passion: Heart,
  connectivity: Globe,
} satisfies Record<string, LucideIcon>;

/** The parent group's other companies (outbound links). */
const PROJECTS = [
  {
    key: "tech",
    href: "https://tech.gatewaygroup.africa",
    host: "tech.gatewaygroup.africa",
    Icon: ServerCog,
  },
  {
    key: "pay",
    href: "https://pay.gatewaygroup.africa",
    host: "pay.gatewaygroup.africa",
    Icon: CreditCard,
  },
  {
    key: "market",
    href: "https://market.gatewaygroup.africa",
    host: "market.gatewaygroup.africa",
    Icon: ShoppingBag,
  },
] as const;

/** The figures are the platform's real ones, from the database (cached for a few minutes). */
export async function loader() {
  const { listings, users, countries, views } = await getPlatformStats();
  return { stats: { listings, users, countries, views }, messages: pickMessages(["about"]) };
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHero
        eyebrow={t("about.hero.eyebrow")}
        title={t("about.hero.title")}
        lead={t("about.hero.lead")}
      >
        <dl
          aria-label={t("about.stats.label")}
          className="mt-10 grid max-w-4xl grid-cols-2 gap-px overflow-hidden rounded-xl bg-surface/15 ring-1 ring-white/15 sm:grid-cols-4"
        >
          {STATS.map((key) => (
            <div
              key={key}
              className="flex flex-col-reverse bg-primary-deep/80 px-4 py-4 backdrop-blur-sm sm:px-5"
            >
              <dt className="text-sm text-primary-pale">{t(`about.stats.${key}.label`)}</dt>
              <dd className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
                {formatCountPlus(loaderData.stats[key])}
              </dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <section className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16">
        <div className="grid gap-4 md:grid-cols-2 md:gap-6">
          <StatementCard
            Icon={Target}
            title={t("about.mission.title")}
            body={t("about.mission.body")}
            tone="brand"
          />
          <StatementCard
            Icon={Compass}
            title={t("about.vision.title")}
            body={t("about.vision.body")}
            tone="sun"
          />
        </div>
      </section>

      <section
        aria-labelledby="values-title"
        className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 sm:pt-20"
      >
        <div className="max-w-2xl">
          <SectionHeading id="values-title" size="lg">
            {t("about.values.title")}
          </SectionHeading>
          <p className="mt-2 text-muted">{t("about.values.lead")}</p>
        </div>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(Object.keys(VALUES) as (keyof typeof VALUES)[]).map((key) => {
            const Icon = VALUES[key];
            return (
              <li key={key} className={cn(cardVariants(), "flex gap-4 p-5")}>
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-tint text-primary">
                  <Icon aria-hidden className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">{t(`about.values.items.${key}.title`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted">
                    {t(`about.values.items.${key}.body`)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby="group-title"
        className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 sm:pt-20"
      >
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            {t("about.group.eyebrow")}
          </p>
          <h2
            id="group-title"
            className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl"
          >
            {t("about.group.title")}
          </h2>
          <p className="mt-2 text-muted">{t("about.group.lead")}</p>
        </div>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {PROJECTS.map(({ key, href, host, Icon }) => {
            const name = t(`about.group.projects.${key}.name`);
            return (
              <li
                key={key}
                className={cn(
                  cardVariants(),
                  "group relative flex flex-col p-6 transition hover:border-primary-light hover:shadow-md",
                )}
              >
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary-deep text-accent-light">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-ink">{name}</h3>
                    <p className="text-xs font-medium tracking-wide text-subtle uppercase">
                      {t(`about.group.projects.${key}.tag`)}
                    </p>
                  </div>
                </div>
                <p className="mt-4 flex-1 text-sm leading-relaxed text-muted">
                  {t(`about.group.projects.${key}.body`)}
                </p>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-primary after:absolute after:inset-0 after:rounded-xl hover:text-primary-strong"
                >
                  {t("about.group.visit", { name })}
                  <ExternalLink aria-hidden className="size-4" />
                  <span className="sr-only">{t("about.group.opensInNewTab")}</span>
                </a>
                <p className="mt-1 text-xs text-faint">{host}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby="about-cta-title"
        className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 sm:pt-20"
      >
        <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-primary to-primary-deep px-6 py-10 text-white sm:px-10 sm:py-12">
          <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-xl">
              <h2 id="about-cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {t("about.cta.title")}
              </h2>
              <p className="mt-2 text-primary-soft">{t("about.cta.body")}</p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link
                to="/real-estate"
                className={cn(buttonVariants({ variant: "highlight", size: "lg" }), "shadow-sm")}
              >
                {t("about.cta.browse")}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
              <Link
                to="/contact"
                className="inline-flex h-11 items-center justify-center rounded-lg bg-surface/10 px-5 font-semibold text-white ring-1 ring-white/30 hover:bg-surface/20"
              >
                {t("about.cta.contact")}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

function StatementCard({
  Icon,
  title,
  body,
  tone,
}: {
  Icon: LucideIcon;
  title: string;
  body: string;
  tone: "brand" | "sun";
}) {
  return (
    <article className={cn(cardVariants(), "relative overflow-hidden p-6 sm:p-8")}>
      <span
        aria-hidden
        className={
          tone === "brand"
            ? "absolute inset-x-0 top-0 h-1 bg-primary-vivid"
            : "absolute inset-x-0 top-0 h-1 bg-accent-bright"
        }
      />
      <span
        className={
          tone === "brand"
            ? "inline-flex size-11 items-center justify-center rounded-lg bg-primary-tint text-primary"
            : "inline-flex size-11 items-center justify-center rounded-lg bg-accent-tint text-accent"
        }
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <h2 className="mt-4 text-xl font-bold tracking-tight text-ink">{title}</h2>
      <p className="mt-2 leading-relaxed text-muted">{body}</p>
    </article>
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta({
    appUrl: matches[0].loaderData.appUrl,
    siteName: matches[0].loaderData.settings.siteName,
    path: location.pathname,
    title: t("about.meta.title"),
    description: t("about.meta.description"),
  });
}
