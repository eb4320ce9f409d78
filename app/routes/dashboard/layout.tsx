import { LogOut, Menu, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, Outlet, redirect, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { accessDenied, requireViewer } from "../../auth/guards.server.ts";
import { avatarSrc } from "../../auth/viewer.ts";
import { ErrorPage } from "../../components/layout/error-page.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { can, canOpenTab, dashboardRole, isDashboardTab, TAB_BAR } from "../../lib/permissions.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";

/**
 * Every dashboard request passes here first: signed-out visitors are sent home, people without
 * an account type choose one, and a tab the role may not open is refused before its loader runs.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }) => {
    const viewer = await requireViewer(context);
    if (!viewer.role) throw redirect("/role-selection");
    const tab = url.pathname.split("/")[2] ?? "";
    if (!isDashboardTab(tab)) throw redirect("/dashboard/overview");
    if (!canOpenTab(viewer, tab)) throw await accessDenied();
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  return {
    messages: pickMessages([
      "dashboard",
      "profile",
      "publish",
      "detail",
      "auth",
      "browse.pagination",
    ]),
    name: viewer.name || viewer.email || null,
    role: dashboardRole(viewer.role),
    avatar: avatarSrc(viewer),
  };
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { name, role, avatar } = loaderData;
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const tabs = TAB_BAR[role];
  const current = tabs.find((item) => location.pathname.startsWith(`/dashboard/${item.tab}`));
  const publisher = can({ role }, "listing:offer-add");
  const unread = useRootData().viewer?.unreadMessages ?? 0;
  const barRef = useRef<HTMLUListElement>(null);

  // The bar is one row that scrolls sideways where the tabs outgrow it: a tab out of sight (one
  // of the admin's last) is brought to the middle, without moving the page.
  useEffect(() => {
    const bar = barRef.current;
    const tab = bar?.querySelector('[aria-current="page"]');
    if (!bar || !tab) return;
    const edges = bar.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left >= edges.left && box.right <= edges.right) return;
    bar.scrollLeft += (box.left + box.right - edges.left - edges.right) / 2;
  }, [location.pathname]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-8">
      {/* One row on a phone, so the tab's own content starts in the first screen: the subtitle
          is left out there and the buttons keep only their icons (their names stay). */}
      <div className="flex items-center gap-3 rounded-2xl bg-gradient-to-br from-primary-strong to-primary-deepest p-3 text-white shadow-lg sm:gap-4 sm:p-7 print:hidden">
        <img
          src={avatar}
          alt=""
          width={56}
          height={56}
          className="size-10 shrink-0 rounded-full object-cover ring-2 ring-white/30 sm:size-14"
        />
        <div className="min-w-0 flex-1">
          <h1 className="line-clamp-2 text-base leading-snug font-bold wrap-break-word sm:line-clamp-none sm:text-2xl">
            {t("dashboard.welcome", { name: name ?? t("dashboard.fallbackName") })}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-primary-soft">
            <Badge tone={null} className="bg-accent-bright px-2.5 font-bold text-primary-deepest">
              {t(`auth.badge.${role}`)}
            </Badge>
            <span className="hidden sm:inline">{t(`dashboard.subtitles.${role}`)}</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          {publisher && (
            <Link
              to="/add-listing"
              className={cn(
                buttonVariants({ variant: "accent", size: "md" }),
                "gap-1.5 px-3 sm:px-4",
              )}
            >
              <Plus aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("dashboard.addNew")}</span>
            </Link>
          )}
          <Form method="post" action="/auth/sign-out">
            <button
              type="submit"
              className={cn(
                buttonVariants({ variant: "onDark", size: "md" }),
                "gap-1.5 border-white/30 px-3 sm:px-4",
              )}
            >
              <LogOut aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("dashboard.logout")}</span>
            </button>
          </Form>
        </div>
      </div>

      <div className="mt-3 sm:mt-6 print:hidden">
        <button
          type="button"
          className="flex w-full items-center justify-between rounded-lg border border-line bg-surface px-4 py-3 font-semibold text-ink-soft md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span>
            {current ? t("dashboard.menuOn", { tab: t(current.label) }) : t("dashboard.menu")}
          </span>
          <Menu aria-hidden className="size-5" />
        </button>
        <nav
          id={menuId}
          aria-label={t("dashboard.tabsLabel")}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest("a")) setMenuOpen(false);
          }}
          className={cn("mt-2 md:mt-0 md:block", menuOpen ? "block" : "hidden")}
        >
          <ul
            ref={barRef}
            className={cn(
              cardVariants({ elevated: false }),
              "flex flex-col gap-1 p-1.5 md:flex-row md:overflow-x-auto md:[scrollbar-width:thin]",
            )}
          >
            {tabs.map((item) => (
              <li key={item.tab} className="md:shrink-0">
                <NavLink
                  to={`/dashboard/${item.tab}`}
                  className={({ isActive }) =>
                    cn(
                      "block rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap",
                      isActive
                        ? "bg-primary text-white"
                        : "text-muted hover:bg-surface-muted hover:text-ink",
                    )
                  }
                >
                  {t(item.label)}
                  {item.tab === "inbox" && unread > 0 && (
                    <span className="ml-1.5 rounded-full bg-danger px-1.5 text-xs leading-5 font-bold text-white">
                      <span aria-hidden>{unread}</span>
                      <span className="sr-only">
                        {t("layout.header.unreadMessages", { count: unread })}
                      </span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <section className="mt-4 sm:mt-6 print:mt-0">
        <Outlet />
      </section>
    </div>
  );
}

/** A dashboard tab that failed: the error page inside the site's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("dashboard.metaTitle") },
    { name: "robots", content: "noindex" },
  ];
}
