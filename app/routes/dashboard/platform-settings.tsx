import type { Route } from "./+types/platform-settings";
import { requirePermission } from "../../auth/guards.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { getPlatformSettings } from "../../services/content/settings.server.ts";
import { cardVariants } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, "settings:manage");
  return { settings: await getPlatformSettings() };
}

export default function PlatformSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { settings } = loaderData;
  const rows = [
    [t("dashboard.settings.siteName"), settings.siteName],
    [t("dashboard.settings.tagline"), settings.tagline],
    [t("dashboard.settings.supportEmail"), settings.supportEmail],
    [t("dashboard.settings.supportPhone"), settings.supportPhone],
    [t("dashboard.settings.notificationEmail"), settings.notificationEmail],
  ];
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold text-stone-900">{t("dashboard.settings.title")}</h2>
      <dl className={cn(cardVariants({ elevated: false }), "divide-y divide-stone-100")}>
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3">
            <dt className="text-sm font-medium text-stone-600">{label}</dt>
            <dd className="text-stone-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {t("dashboard.settings.approvalNote")}
      </p>
    </div>
  );
}
