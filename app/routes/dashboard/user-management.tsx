import type { Route } from "./+types/user-management";
import { requirePermission } from "../../auth/guards.server.ts";
import { avatarSrc } from "../../auth/viewer.ts";
import { DataTable, type DataColumn } from "../../components/dashboard/data-table.tsx";
import { useT } from "../../i18n/use-t.ts";
import { ROLES, type Role } from "../../lib/roles.ts";
import { listUsers } from "../../services/admin/users.server.ts";
import { Badge } from "../../components/ui/badge.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "user:manage");
  const users = await listUsers(viewer);
  return {
    users: users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: (ROLES as readonly string[]).includes(u.role ?? "") ? (u.role as Role) : null,
      avatar: avatarSrc(u),
      joined: u.createdAt.toISOString(),
    })),
  };
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

function Person({ user }: { user: UserRow }) {
  return (
    <span className="flex items-center gap-2.5">
      <img
        src={user.avatar}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        className="size-8 shrink-0 rounded-full object-cover"
      />
      <span className="min-w-0 font-medium wrap-break-word text-stone-900">{user.name}</span>
    </span>
  );
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const date = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
  const columns: DataColumn<UserRow>[] = [
    { label: t("dashboard.users.name"), cell: (u) => <Person user={u} />, inCard: false },
    {
      label: t("dashboard.users.email"),
      cell: (u) => <span className="wrap-anywhere">{u.email}</span>,
    },
    {
      label: t("dashboard.users.joined"),
      cell: (u) => <span className="whitespace-nowrap">{date.format(new Date(u.joined))}</span>,
    },
    {
      label: t("dashboard.users.type"),
      cell: (u) => (
        <Badge tone="neutral" className="whitespace-nowrap">
          {u.role ? t(`auth.badge.${u.role}`) : t("dashboard.users.noRole")}
        </Badge>
      ),
    },
  ];
  return (
    <div>
      <h2 className="mb-4 text-xl font-bold text-stone-900">{t("dashboard.users.title")}</h2>
      <DataTable
        label={t("dashboard.users.title")}
        columns={columns}
        rows={loaderData.users}
        rowKey={(u) => u.id}
        cardTitle={(u) => <Person user={u} />}
      />
    </div>
  );
}
