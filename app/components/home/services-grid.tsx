import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { formatCountPlus } from "../../lib/format-count.ts";
import type { Category } from "../../lib/listing-values.ts";
import { Badge } from "../../components/ui/badge.tsx";
import type { IconName } from "../../lib/icon-names.ts";
import { Icon } from "../ui/icon.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

const TILES: {
  category: Category;
  to: string;
  title: MessageKey;
  body: MessageKey;
  icon: IconName;
  tone: string;
}[] = [
  {
    category: "real-estate",
    to: "/real-estate",
    title: "home.servicesGrid.realEstate.title",
    body: "home.servicesGrid.realEstate.body",
    icon: "building-2",
    tone: "bg-primary-tint text-primary",
  },
  {
    category: "hospitality",
    to: "/hospitality",
    title: "home.servicesGrid.hospitality.title",
    body: "home.servicesGrid.hospitality.body",
    icon: "hotel",
    tone: "bg-accent-tint text-accent",
  },
  {
    category: "student-housing",
    to: "/student-housing",
    title: "home.servicesGrid.studentHousing.title",
    body: "home.servicesGrid.studentHousing.body",
    icon: "graduation-cap",
    tone: "bg-decor-sky-tint text-decor-sky",
  },
  {
    category: "professionals",
    to: "/professionals",
    title: "home.servicesGrid.professionals.title",
    body: "home.servicesGrid.professionals.body",
    icon: "briefcase",
    tone: "bg-decor-violet-tint text-decor-violet",
  },
  {
    category: "travel-agencies",
    to: "/travel-agencies",
    title: "home.servicesGrid.travel.title",
    body: "home.servicesGrid.travel.body",
    icon: "plane",
    tone: "bg-decor-rose-tint text-decor-rose",
  },
  {
    category: "concierge",
    to: "/concierge",
    title: "home.servicesGrid.concierge.title",
    body: "home.servicesGrid.concierge.body",
    icon: "concierge-bell",
    tone: "bg-decor-amber-tint text-decor-amber",
  },
];

export function ServicesGrid({ counts }: { counts: Partial<Record<Category, number>> }) {
  const t = useT();
  return (
    <section aria-labelledby="services-grid-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="max-w-2xl">
        <SectionHeading id="services-grid-title" size="lg">
          {t("home.servicesGrid.title")}
        </SectionHeading>
        <p className="mt-2 text-muted">{t("home.servicesGrid.subtitle")}</p>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TILES.map(({ category, to, title, body, icon, tone }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-primary-light hover:shadow-md"
            >
              <span
                className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ${tone}`}
              >
                <Icon name={icon} className="size-6" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                  <span className="min-w-0 font-semibold break-words text-ink group-hover:text-primary-strong">
                    {t(title)}
                  </span>
                  <Badge tone="neutral" className="shrink-0">
                    {category === "concierge"
                      ? t("home.servicesGrid.new")
                      : t("home.servicesGrid.listings", {
                          count: counts[category] ?? 0,
                          shown: formatCountPlus(counts[category] ?? 0),
                        })}
                  </Badge>
                </span>
                <span className="mt-1 block text-sm text-muted">{t(body)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
