import { useT } from "../../i18n/use-t.ts";
import { formatCountPlus } from "../../lib/format-count.ts";

export function StatsBand({
  stats,
}: {
  stats: { listings: number; users: number; countries: number; views: number };
}) {
  const t = useT();
  const items = [
    { value: stats.listings, label: t("home.stats.listings") },
    { value: stats.users, label: t("home.stats.users") },
    { value: stats.countries, label: t("home.stats.countries") },
    { value: stats.views, label: t("home.stats.views") },
  ];
  return (
    <section aria-labelledby="stats-title" className="bg-primary-deep text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="stats-title" className="sr-only">
          {t("home.stats.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-8 text-center sm:gap-8 lg:grid-cols-4">
          {items.map((item) => (
            <div key={item.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-primary-pale">{item.label}</dt>
              <dd className="text-2xl font-bold tracking-tight text-accent-light min-[24rem]:text-3xl sm:text-4xl">
                {formatCountPlus(item.value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
