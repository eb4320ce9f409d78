import type { Route } from "./+types/currency-settings";
import { requireRole } from "../../auth/guards.server.ts";
import { Flag } from "../../components/ui/flag.tsx";
import { TableHead } from "../../components/dashboard/table-head.tsx";
import { useT } from "../../i18n/use-t.ts";
import { listCurrencies } from "../../services/reference/reference.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  await requireRole(context, ["admin"]);
  return { currencies: await listCurrencies() };
}

export default function CurrencySettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      <h2 className="text-xl font-bold text-stone-900">{t("dashboard.currency.title")}</h2>
      <p className="mt-1 mb-4 text-stone-600">{t("dashboard.currency.subtitle")}</p>
      <div className="max-h-[60vh] overflow-y-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <TableHead
            sticky
            columns={[
              { label: t("dashboard.currency.code") },
              { label: t("dashboard.currency.name") },
              { label: t("dashboard.currency.symbol") },
              { label: t("dashboard.currency.rate"), numeric: true },
            ]}
          />
          <tbody className="divide-y divide-stone-100">
            {loaderData.currencies.map((c) => (
              <tr key={c.code}>
                <td className="px-4 py-2.5 font-semibold">
                  <span className="flex items-center gap-2">
                    <Flag countryCode={c.countryCode} />
                    {c.code}
                  </span>
                </td>
                <td className="px-4 py-2.5 text-stone-700">{c.name}</td>
                <td className="px-4 py-2.5 text-stone-700">{c.symbol}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">
                  {Number(c.ratePerUsd).toFixed(2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
