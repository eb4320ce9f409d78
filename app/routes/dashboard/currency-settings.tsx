import type { Route } from "./+types/currency-settings";
import { requirePermission } from "../../auth/guards.server.ts";
import { Flag } from "../../components/ui/flag.tsx";
import { DataTable, type DataColumn } from "../../components/dashboard/data-table.tsx";
import { useT } from "../../i18n/use-t.ts";
import { listCurrencies } from "../../services/reference/reference.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, "currency:manage");
  return { currencies: await listCurrencies() };
}

type CurrencyRow = Route.ComponentProps["loaderData"]["currencies"][number];

function Code({ currency }: { currency: CurrencyRow }) {
  return (
    <span className="flex items-center gap-2 font-semibold text-stone-900">
      <Flag countryCode={currency.countryCode} />
      {currency.code}
    </span>
  );
}

export default function CurrencySettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const columns: DataColumn<CurrencyRow>[] = [
    { label: t("dashboard.currency.code"), cell: (c) => <Code currency={c} />, inCard: false },
    { label: t("dashboard.currency.name"), cell: (c) => c.name },
    { label: t("dashboard.currency.symbol"), cell: (c) => c.symbol },
    {
      label: t("dashboard.currency.rate"),
      cell: (c) => Number(c.ratePerUsd).toFixed(2),
      numeric: true,
    },
  ];
  return (
    <div>
      <h2 className="text-xl font-bold text-stone-900">{t("dashboard.currency.title")}</h2>
      <p className="mt-1 mb-4 text-stone-600">{t("dashboard.currency.subtitle")}</p>
      <DataTable
        label={t("dashboard.currency.title")}
        columns={columns}
        rows={loaderData.currencies}
        rowKey={(c) => c.code}
        cardTitle={(c) => <Code currency={c} />}
        tableClassName="max-h-[60vh] overflow-y-auto"
      />
    </div>
  );
}
