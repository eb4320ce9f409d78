import { useT } from "../../i18n/use-t.ts";
import { isServiceSection } from "../../lib/listing-values.ts";
import type { BrowseCategory } from "../../lib/schemas/browse.ts";
import { CATEGORY_ICONS } from "./category-icon.tsx";
import { Icon } from "../ui/icon.tsx";

/** The section's heading with its icon, description and the count of what is available. */
export function CategoryHeader({
  category,
  available,
}: {
  category: BrowseCategory;
  available: number;
}) {
  const t = useT();
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:py-8">
        <div className="flex items-start gap-4">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-tint text-primary sm:size-14">
            <Icon name={CATEGORY_ICONS[category]} className="size-6 sm:size-7" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {t(`categories.${category}.title`)}
            </h1>
            <p className="mt-1 text-muted">{t(`categories.${category}.description`)}</p>
          </div>
        </div>
        <p className="w-fit shrink-0 rounded-full bg-primary px-3.5 py-1.5 text-sm font-semibold text-white">
          {t(
            isServiceSection(category)
              ? "categories.servicesAvailable"
              : "categories.propertiesAvailable",
            { count: available },
          )}
        </p>
      </div>
    </header>
  );
}
