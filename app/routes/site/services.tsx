import {
  ArrowRight,
  BedDouble,
  Briefcase,
  Building2,
  Car,
  ConciergeBell,
  DraftingCompass,
  GraduationCap,
  Handshake,
  Hotel,
  KeyRound,
  Landmark,
  type LucideIcon,
  Map as MapIcon,
  PaintRoller,
  Plane,
  PlaneLanding,
  Ruler,
  Scale,
  Sofa,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/services";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pickMessages, type MessageKey } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { truthfulText } from "../../lib/capabilities.ts";
import { siteCapabilities } from "../../services/capabilities/site-capabilities.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useT } from "../../i18n/use-t.ts";
import { SERVICE_CATEGORIES, type ServiceCategory } from "../../lib/listing-values.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { cardVariants } from "../../components/ui/card.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

/** The six service areas, each leading to its browse page. */
const AREAS = [
  { key: "realEstate", to: "/real-estate", Icon: Building2, tone: "bg-primary-tint text-primary" },
  { key: "hospitality", to: "/hospitality", Icon: Hotel, tone: "bg-accent-tint text-accent" },
  {
    key: "studentHousing",
    to: "/student-housing",
    Icon: GraduationCap,
    tone: "bg-decor-sky-tint text-decor-sky",
  },
  {
    key: "professionals",
    to: "/professionals",
    Icon: Briefcase,
    tone: "bg-decor-violet-tint text-decor-violet",
  },
  {
    key: "travel",
    to: "/travel-agencies",
    Icon: MapIcon,
    tone: "bg-decor-emerald-tint text-decor-emerald",
  },
  {
    key: "concierge",
    to: "/concierge",
    Icon: ConciergeBell,
    tone: "bg-decor-rose-tint text-decor-rose",
  },
] as const;

/** Short tags per area; the concierge's are what it bundles (flights, pickup, transport, hotels). */
const AREA_TAGS = {
  realEstate: [
    "services.areas.items.realEstate.tags.buy",
    "services.areas.items.realEstate.tags.rent",
    "services.areas.items.realEstate.tags.lease",
  ],
  hospitality: [
    "services.areas.items.hospitality.tags.hotels",
    "services.areas.items.hospitality.tags.guesthouses",
    "services.areas.items.hospitality.tags.resorts",
  ],
  studentHousing: [
    "services.areas.items.studentHousing.tags.single",
    "services.areas.items.studentHousing.tags.shared",
    "services.areas.items.studentHousing.tags.studios",
  ],
  professionals: [
    "services.areas.items.professionals.tags.verified",
    "services.areas.items.professionals.tags.types",
    "services.areas.items.professionals.tags.quotes",
  ],
  travel: [
    "services.areas.items.travel.tags.safari",
    "services.areas.items.travel.tags.cultural",
    "services.areas.items.travel.tags.beach",
  ],
  concierge: [
    "services.areas.items.concierge.tags.flights",
    "services.areas.items.concierge.tags.pickup",
    "services.areas.items.concierge.tags.transport",
    "services.areas.items.concierge.tags.hotels",
  ],
} satisfies Record<(typeof AREAS)[number]["key"], MessageKey[]>;

const TAG_ICONS: Partial<Record<MessageKey, LucideIcon>> = {
  "services.areas.items.concierge.tags.flights": Plane,
  "services.areas.items.concierge.tags.pickup": PlaneLanding,
  "services.areas.items.concierge.tags.transport": Car,
  "services.areas.items.concierge.tags.hotels": BedDouble,
};

const PROFESSIONAL_ICONS: Record<ServiceCategory, LucideIcon> = {
  architect: DraftingCompass,
  surveyor: Ruler,
  lawyer: Scale,
  "real-estate-agent": Handshake,
  "property-manager": KeyRound,
  "concierge-tours": Landmark,
  "interior-designer": Sofa,
  "painter-renovator": PaintRoller,
};

export async function loader() {
  return { messages: pickMessages(["services"]), capabilities: await siteCapabilities() };
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHero
        eyebrow={t("services.hero.eyebrow")}
        title={t("services.hero.title")}
        lead={t("services.hero.lead")}
      />

      <section
        aria-labelledby="areas-title"
        className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16"
      >
        <SectionHeading id="areas-title" size="lg">
          {t("services.areas.title")}
        </SectionHeading>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {AREAS.map(({ key, to, Icon, tone }) => {
            const title = t(`services.areas.items.${key}.title`);
            return (
              <li
                key={key}
                className={cn(
                  cardVariants(),
                  "group relative flex flex-col p-6 transition hover:border-primary-light hover:shadow-md",
                )}
              >
                <span
                  className={`inline-flex size-12 items-center justify-center rounded-xl ${tone}`}
                >
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
                <p className="mt-1.5 flex-1 text-sm leading-relaxed text-muted">
                  {t(truthfulText(`services.areas.items.${key}.body`, loaderData.capabilities))}
                </p>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {AREA_TAGS[key].map((tag) => {
                    const TagIcon = TAG_ICONS[tag];
                    return (
                      <li
                        key={tag}
                        className="inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-2.5 py-1 text-xs font-medium text-secondary"
                      >
                        {TagIcon && <TagIcon aria-hidden className="size-3.5 text-decor-rose" />}
                        {t(tag)}
                      </li>
                    );
                  })}
                </ul>
                <Link
                  to={to}
                  className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-primary after:absolute after:inset-0 after:rounded-xl group-hover:text-primary-strong"
                >
                  {t("services.areas.explore", { name: title })}
                  <ArrowRight
                    aria-hidden
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby="professionals-title"
        className="mt-14 bg-surface py-12 sm:mt-20 sm:py-16"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">
              {t("services.professionals.eyebrow")}
            </p>
            <h2
              id="professionals-title"
              className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl"
            >
              {t("services.professionals.title")}
            </h2>
            <p className="mt-2 text-muted">{t("services.professionals.lead")}</p>
          </div>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {SERVICE_CATEGORIES.map((category) => {
              const Icon = PROFESSIONAL_ICONS[category];
              return (
                <li key={category}>
                  <Link
                    to={`/professionals?serviceCategory=${encodeURIComponent(category)}`}
                    className="group flex h-full gap-3 rounded-xl border border-line bg-canvas p-4 transition hover:border-primary-light hover:bg-primary-tint"
                  >
                    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-surface text-primary shadow-sm ring-1 ring-line">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink group-hover:text-primary-strong">
                        {t(`values.serviceCategory.${category}`)}
                      </span>
                      <span className="mt-1 block text-sm leading-snug text-muted">
                        {t(`services.professionals.types.${category}`)}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="services-cta-title"
        className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 sm:pt-16"
      >
        <div className="flex flex-col gap-6 rounded-2xl border border-accent-pale bg-accent-tint px-6 py-8 sm:px-10 sm:py-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex gap-4">
            <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-accent-bright text-primary-deepest sm:inline-flex">
              <Users aria-hidden className="size-6" />
            </span>
            <div className="max-w-xl">
              <h2
                id="services-cta-title"
                className="text-xl font-bold tracking-tight text-ink sm:text-2xl"
              >
                {t("services.cta.title")}
              </h2>
              <p className="mt-1.5 text-secondary">{t("services.cta.body")}</p>
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/contact?reason=partnership" className={cn(buttonVariants(), "shadow-sm")}>
              {t("services.cta.partner")}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
            <Link
              to="/professionals"
              className={buttonVariants({ variant: "outline", size: "lg" })}
            >
              {t("services.cta.browse")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta({
    appUrl: matches[0].loaderData.appUrl,
    siteName: matches[0].loaderData.settings.siteName,
    path: location.pathname,
    title: t("services.meta.title"),
    description: t("services.meta.description"),
  });
}
