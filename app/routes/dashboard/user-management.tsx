import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/user-management";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { avatarSrc } from "../../auth/viewer.ts";
import { DataTable, type DataColumn } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ListSearch } from "../../components/ui/list-search.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import {
  UserPanel,
  UserRowActions,
  USERS_PATH,
  type ManagedUser,
} from "../../components/admin/user-actions.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  adminUsersPageQuerySchema,
  userEditSchema,
  userIdSchema,
} from "../../lib/schemas/admin-users.ts";
import { fieldErrorsOf } from "../../lib/validation.ts";
import { deleteUser, editUser, listUsers } from "../../services/admin/users.server.ts";
import { liftSuspension, suspendUser } from "../../services/suspensions/suspensions.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("edit"),
    userId: userIdSchema,
    name: z.string().optional(),
    role: z.string().optional(),
    returnTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("delete"),
    userId: userIdSchema,
    returnTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("suspend"),
    userId: userIdSchema,
    kind: z.string().optional(),
    until: z.string().optional(),
    reason: z.string().optional(),
    returnTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("lift"),
    userId: userIdSchema,
    returnTo: z.string().optional(),
  }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "user:manage");
  const url = new URL(request.url);
  const { q, page } = adminUsersPageQuerySchema.parse({
    q: url.searchParams.get("q") ?? "",
    page: url.searchParams.get("page") ?? 1,
  });
  const result = await listUsers({ actor: viewer, query: q, page });
  return {
    ...result,
    messages: pickMessages(["suspensions.admin", "suspensions.rule"]),
    rows: result.rows.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      avatar: avatarSrc(u),
      joined: u.createdAt,
      suspension: u.suspension,
      may: u.may,
    })),
  };
}

/** Edit or Delete: a toast that says what happened (or why nothing did), back to the same page. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "user:manage");
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const form = parsed.data;
  const back = safeRedirectPath(form.returnTo, USERS_PATH);
  const returnTo = back.startsWith(USERS_PATH) ? back : USERS_PATH;

  if (form.intent === "suspend") {
    // The dialog sends an end only for a suspension; a ban has none.
    const input =
      form.kind === "ban"
        ? { kind: "ban", reason: form.reason }
        : { kind: form.kind, until: form.until, reason: form.reason };
    return answerAction(() => suspendUser({ actor: viewer, userId: form.userId, input }), {
      success: (done) =>
        redirectWithToast(returnTo, {
          title: done.suspension.until ? "suspensions.admin.done" : "suspensions.admin.doneBan",
          description: "suspensions.admin.doneDescription",
          params: { email: done.email, bookings: done.bookingsCancelled },
        }),
      refused: (error) =>
        redirectWithToast(returnTo, {
          title: "suspensions.admin.failed",
          description: error.message,
          variant: "destructive",
        }),
    });
  }

  if (form.intent === "lift") {
    return answerAction(() => liftSuspension({ actor: viewer, userId: form.userId }), {
      success: ({ email }) =>
        redirectWithToast(returnTo, {
          title: "suspensions.admin.lifted",
          description: "suspensions.admin.liftedDescription",
          params: { email },
        }),
      refused: (error) =>
        redirectWithToast(returnTo, {
          title: "suspensions.admin.failed",
          description: error.message,
          variant: "destructive",
        }),
    });
  }

  if (form.intent === "delete") {
    return answerAction(() => deleteUser({ actor: viewer, userId: form.userId }), {
      success: ({ email }) =>
        redirectWithToast(returnTo, {
          title: "dashboard.users.deleted",
          description: "dashboard.users.deletedDescription",
          params: { email },
        }),
      refused: (error) =>
        redirectWithToast(returnTo, {
          title: "dashboard.users.deleteFailed",
          description: error.message,
          variant: "destructive",
        }),
    });
  }

  const edit = userEditSchema.safeParse({ name: form.name, role: form.role || undefined });
  if (!edit.success) {
    const [message = "dashboard.users.errors.nothingToChange"] = Object.values(
      fieldErrorsOf(edit.error, "dashboard.users.errors.nothingToChange"),
    );
    return redirectWithToast(returnTo, {
      title: "dashboard.users.updateFailed",
      description: message,
      variant: "destructive",
    });
  }
  return answerAction(() => editUser({ actor: viewer, userId: form.userId, edit: edit.data }), {
    success: (saved) =>
      redirectWithToast(returnTo, {
        title: "dashboard.users.updated",
        description: "dashboard.users.updatedDescription",
        params: { name: saved.name },
      }),
    refused: (error) =>
      error.message === "dashboard.users.errors.noChanges"
        ? redirectWithToast(returnTo, {
            title: "dashboard.users.noChanges",
            description: error.message,
          })
        : redirectWithToast(returnTo, {
            title: "dashboard.users.updateFailed",
            description: error.message,
            variant: "destructive",
          }),
  });
}

type UserRow = Route.ComponentProps["loaderData"]["rows"][number];

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
      <span className="min-w-0 font-medium wrap-break-word text-ink">{user.name}</span>
    </span>
  );
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const { rows, total, page, pageCount, query } = loaderData;
  const date = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
  const until = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });

  const href = (p: number, extra?: [string, string]) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (p > 1) params.set("page", String(p));
    if (extra) params.set(...extra);
    const search = params.toString();
    return `${USERS_PATH}${search ? `?${search}` : ""}${extra ? "#user-panel" : ""}`;
  };
  const returnTo = href(page);
  const editing = searchParams.get("edit");
  const deleting = searchParams.get("delete");
  const suspending = searchParams.get("suspend");
  const lifting = searchParams.get("lift");
  const panelUser = rows.find((u) => u.id === (editing ?? deleting ?? suspending ?? lifting));
  const panelMode = editing ? "edit" : deleting ? "delete" : suspending ? "suspend" : "lift";
  const managed = (u: UserRow): ManagedUser => u;

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
    {
      label: t("suspensions.admin.status"),
      cell: (u) =>
        u.suspension ? (
          <Badge tone="danger" className="whitespace-nowrap">
            {u.suspension.until
              ? t("suspensions.admin.suspendedUntil", {
                  until: until.format(new Date(u.suspension.until)),
                })
              : t("suspensions.admin.bannedBadge")}
          </Badge>
        ) : (
          <Badge tone="success" className="whitespace-nowrap">
            {t("suspensions.admin.active")}
          </Badge>
        ),
    },
    {
      label: t("dashboard.users.actions"),
      cell: (u) => (
        <UserRowActions
          user={managed(u)}
          returnTo={returnTo}
          editHref={href(page, ["edit", u.id])}
          deleteHref={href(page, ["delete", u.id])}
          suspendHref={href(page, [u.suspension ? "lift" : "suspend", u.id])}
          openEdit={editing === u.id}
          openDelete={deleting === u.id}
        />
      ),
    },
  ];

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <SectionHeading>{t("dashboard.users.title")}</SectionHeading>
          <p className="text-sm text-muted">{t("dashboard.users.total", { count: total })}</p>
        </div>
        <ListSearch
          action={USERS_PATH}
          id="users-q"
          query={query}
          texts={{
            label: t("dashboard.users.search"),
            placeholder: t("dashboard.users.searchPlaceholder"),
            button: t("dashboard.users.searchButton"),
          }}
        />
      </div>

      {panelUser && <UserPanel user={managed(panelUser)} mode={panelMode} returnTo={returnTo} />}

      {rows.length > 0 ? (
        <DataTable
          label={t("dashboard.users.title")}
          columns={columns}
          rows={rows}
          rowKey={(u) => u.id}
          cardTitle={(u) => <Person user={u} />}
        />
      ) : (
        <EmptyState
          title={query ? t("dashboard.users.noResults", { query }) : t("dashboard.users.empty")}
          body={t("dashboard.users.noResultsHint")}
          action={
            query ? (
              <Link to={USERS_PATH} className={buttonVariants({ variant: "outline", size: "md" })}>
                {t("dashboard.users.clear")}
              </Link>
            ) : undefined
          }
        />
      )}

      <Pager
        page={page}
        pageCount={pageCount}
        href={(p) => href(p)}
        texts={{
          pages: t("dashboard.users.pages"),
          previous: t("dashboard.users.previous"),
          next: t("dashboard.users.next"),
          pageOf: t("dashboard.users.pageOf", { page, count: pageCount }),
        }}
      />
    </div>
  );
}
