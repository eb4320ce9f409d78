import type { Route } from "./+types/user-management";
import { requireRole } from "../../auth/guards.server.ts";
import { avatarSrc } from "../../auth/viewer.ts";
import { TableHead } from "../../components/dashboard/table-head.tsx";
import { useT } from "../../i18n/use-t.ts";
import { ROLES, type Role } from "../../lib/roles.ts";
import { listUsers } from "../../services/admin/users.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireRole(context, ["admin"]);
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

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const date = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
  return (
    <div>
      <h2 className="mb-4 text-xl font-bold text-stone-900">{t("dashboard.users.title")}</h2>
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <TableHead
            columns={[
              { label: t("dashboard.users.name") },
              { label: t("dashboard.users.email") },
              { label: t("dashboard.users.joined") },
              { label: t("dashboard.users.type") },
            ]}
          />
          <tbody className="divide-y divide-stone-100">
            {loaderData.users.map((u) => (
              <tr key={u.id}>
                <td className="px-4 py-3">
                  <span className="flex items-center gap-2.5">
                    <img
                      src={u.avatar}
                      alt=""
                      width={32}
                      height={32}
                      loading="lazy"
                      className="size-8 rounded-full object-cover"
                    />
                    <span className="font-medium text-stone-900">{u.name}</span>
                  </span>
                </td>
                <td className="px-4 py-3 text-stone-700">{u.email}</td>
                <td className="px-4 py-3 text-stone-700">{date.format(new Date(u.joined))}</td>
                <td className="px-4 py-3">
                  <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
                    {u.role ? t(`auth.badge.${u.role}`) : t("dashboard.users.noRole")}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
