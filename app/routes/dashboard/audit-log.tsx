import { Form, Link } from "react-router";
import type { Route } from "./+types/audit-log";
import { requirePermission } from "../../auth/guards.server.ts";
import { AuditTarget, detailLines } from "../../components/admin/audit-entry.tsx";
import { DataTable, type DataColumn } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { useT } from "../../i18n/use-t.ts";
import { AUDIT_ACTIONS } from "../../lib/admin-values.ts";
import { auditLogPageQuerySchema } from "../../lib/schemas/admin-users.ts";
import { listAuditEntries } from "../../services/admin/audit.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/audit-log";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "audit:view");
  const url = new URL(request.url);
  const { action, page } = auditLogPageQuerySchema.parse({
    action: url.searchParams.get("action") || undefined,
    page: url.searchParams.get("page") ?? 1,
  });
  return listAuditEntries({ actor: viewer, action: action ?? null, page });
}

type Entry = Route.ComponentProps["loaderData"]["rows"][number];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { rows, total, page, pageCount, action } = loaderData;
  // In UTC, named: the server's render and the browser's must agree, and so must admins abroad.
  const when = new Intl.DateTimeFormat("en", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (action) params.set("action", action);
    if (p > 1) params.set("page", String(p));
    const search = params.toString();
    return search ? `${PATH}?${search}` : PATH;
  };

  const columns: DataColumn<Entry>[] = [
    {
      label: t("dashboard.audit.what"),
      cell: (e) => (
        <span className="font-medium text-ink">{t(`dashboard.audit.actions.${e.action}`)}</span>
      ),
      inCard: false,
    },
    {
      label: t("dashboard.audit.when"),
      cell: (e) => (
        <time dateTime={e.createdAt} className="whitespace-nowrap">
          {when.format(new Date(e.createdAt))}
        </time>
      ),
    },
    {
      label: t("dashboard.audit.who"),
      cell: (e) => <span className="wrap-anywhere">{e.actorEmail}</span>,
    },
    { label: t("dashboard.audit.target"), cell: (e) => <AuditTarget t={t} entry={e} /> },
    {
      label: t("dashboard.audit.detail"),
      cell: (e) => {
        const lines = detailLines(t, e);
        return lines.length > 0 ? (
          <ul className="space-y-0.5">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null;
      },
    },
  ];

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <SectionHeading>{t("dashboard.audit.title")}</SectionHeading>
          <p className="text-sm text-muted">
            {t("dashboard.audit.subtitle")} {t("dashboard.audit.total", { count: total })}
          </p>
        </div>
        <Form method="get" action={PATH} className="flex w-full items-end gap-2 sm:w-auto">
          <div className="flex-1 sm:w-72">
            <Label htmlFor="audit-action">{t("dashboard.audit.filter")}</Label>
            <Select id="audit-action" name="action" defaultValue={action ?? ""} key={action}>
              <option value="">{t("dashboard.audit.allActions")}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`dashboard.audit.actions.${a}`)}
                </option>
              ))}
            </Select>
          </div>
          <button type="submit" className={buttonVariants({ size: "lg" })}>
            {t("dashboard.audit.apply")}
          </button>
        </Form>
      </div>

      {rows.length > 0 ? (
        <DataTable
          label={t("dashboard.audit.title")}
          columns={columns}
          rows={rows}
          rowKey={(e) => String(e.id)}
          cardTitle={(e) => t(`dashboard.audit.actions.${e.action}`)}
        />
      ) : (
        <EmptyState
          title={action ? t("dashboard.audit.emptyFiltered") : t("dashboard.audit.empty")}
          body={t("dashboard.audit.subtitle")}
          action={
            action ? (
              <Link to={PATH} className={buttonVariants({ variant: "outline", size: "md" })}>
                {t("dashboard.audit.allActions")}
              </Link>
            ) : undefined
          }
        />
      )}

      <Pager
        page={page}
        pageCount={pageCount}
        href={href}
        texts={{
          pages: t("dashboard.audit.pages"),
          previous: t("dashboard.audit.previous"),
          next: t("dashboard.audit.next"),
          pageOf: t("dashboard.audit.pageOf", { page, count: pageCount }),
        }}
      />
    </div>
  );
}
