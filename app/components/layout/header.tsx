import { LayoutDashboard, LogIn, LogOut, Menu, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import { cn } from "../../lib/cn.ts";
import { CurrencySelector } from "./currency-selector.tsx";
import { LogoMark } from "./logo.tsx";
import { isNavItemActive, MAIN_NAV } from "./nav-items.ts";
import type { Role } from "../../lib/roles.ts";

export interface HeaderViewer {
  name: string;
  role: Role | null;
  avatar: string;
}

const PUBLISHERS: (Role | null)[] = ["agent", "professional"];

export function Header({
  currencies,
  currency,
  viewer,
}: {
  currencies: DisplayCurrency[];
  currency: DisplayCurrency;
  viewer: HeaderViewer | null;
}) {
  const t = useT();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const signInHref = `${location.pathname}?auth=login`;
  const canPublish = viewer !== null && PUBLISHERS.includes(viewer.role);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-lg"
          aria-label={t("layout.brand")}
        >
          <LogoMark className="size-9" />
          <span className="text-lg font-bold tracking-tight text-brand-900">
            Gateway<span className="text-sun-500">Africa</span>
          </span>
        </Link>

        <nav aria-label={t("layout.nav.label")} className="ml-2 hidden lg:block xl:ml-4">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            <MainNavItems
              pathname={location.pathname}
              linkClass="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors"
              idleClass="text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            />
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <CurrencySelector currencies={currencies} current={currency} />
          {viewer ? (
            <>
              {canPublish && (
                <Link
                  to="/add-listing"
                  className="hidden h-9 items-center gap-1.5 rounded-lg bg-sun-500 px-3.5 text-sm font-semibold text-white shadow-sm hover:bg-sun-600 md:inline-flex"
                >
                  <Plus aria-hidden className="size-4" />
                  <span className="sr-only 2xl:not-sr-only">{t("layout.nav.addListing")}</span>
                </Link>
              )}
              <Link
                to="/dashboard/overview"
                className="hidden items-center gap-2 rounded-lg py-1 pr-2 pl-1 hover:bg-stone-100 sm:inline-flex"
              >
                <img
                  src={viewer.avatar}
                  alt=""
                  width={32}
                  height={32}
                  className="size-8 rounded-full object-cover"
                />
                <span className="sr-only max-w-32 truncate text-sm font-medium whitespace-nowrap text-stone-800 2xl:not-sr-only">
                  {viewer.name}
                </span>
                {viewer.role && viewer.role !== "user" && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    {t(`auth.badge.${viewer.role}`)}
                  </span>
                )}
              </Link>
              <Form method="post" action="/auth/sign-out" className="hidden sm:block">
                <button
                  type="submit"
                  aria-label={t("layout.header.logout")}
                  className="inline-flex size-9 items-center justify-center rounded-lg border border-stone-200 text-stone-600 hover:bg-stone-100"
                >
                  <LogOut aria-hidden className="size-4" />
                </button>
              </Form>
            </>
          ) : (
            <Link
              to={signInHref}
              className="hidden h-9 items-center gap-1.5 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:inline-flex"
            >
              <LogIn aria-hidden className="size-4" />
              {t("layout.header.signIn")}
            </Link>
          )}
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg border border-stone-200 text-stone-700 hover:bg-stone-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t("layout.header.closeMenu") : t("layout.header.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden className="size-5" />
            ) : (
              <Menu aria-hidden className="size-5" />
            )}
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label={t("layout.header.mobileMenu")}
        hidden={!menuOpen}
        onClick={(event) => {
          // Following a link closes the menu.
          if ((event.target as HTMLElement).closest("a")) setMenuOpen(false);
        }}
        className="border-t border-stone-200 bg-white lg:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          <MainNavItems
            pathname={location.pathname}
            linkClass="block rounded-lg px-3 py-2.5 text-base font-medium"
            idleClass="text-stone-700 hover:bg-stone-100"
          />
          {viewer ? (
            <li className="mt-2 space-y-1 border-t border-stone-100 pt-3">
              <p className="flex items-center gap-2.5 px-3 py-2">
                <img
                  src={viewer.avatar}
                  alt=""
                  width={32}
                  height={32}
                  className="size-8 rounded-full object-cover"
                />
                <span className="truncate font-medium text-stone-900">{viewer.name}</span>
                {viewer.role && viewer.role !== "user" && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    {t(`auth.badge.${viewer.role}`)}
                  </span>
                )}
              </p>
              {canPublish && (
                <Link
                  to="/add-listing"
                  className="flex items-center gap-2 rounded-lg px-3 py-2.5 font-medium text-stone-700 hover:bg-stone-100"
                >
                  <Plus aria-hidden className="size-4" />
                  {t("layout.nav.addListing")}
                </Link>
              )}
              <Link
                to="/dashboard/overview"
                className="flex items-center gap-2 rounded-lg px-3 py-2.5 font-medium text-stone-700 hover:bg-stone-100"
              >
                <LayoutDashboard aria-hidden className="size-4" />
                {t("layout.nav.dashboard")}
              </Link>
              <Form method="post" action="/auth/sign-out">
                <button
                  type="submit"
                  className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 font-medium text-stone-700 hover:bg-stone-100"
                >
                  <LogOut aria-hidden className="size-4" />
                  {t("layout.header.logout")}
                </button>
              </Form>
            </li>
          ) : (
            <li className="mt-2 border-t border-stone-100 pt-3">
              <Link
                to={signInHref}
                className="flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
              >
                <LogIn aria-hidden className="size-4" />
                {t("layout.header.signIn")}
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

/** The main navigation's links; the active one follows the first path segment. */
function MainNavItems({
  pathname,
  linkClass,
  idleClass,
}: {
  pathname: string;
  linkClass: string;
  idleClass: string;
}) {
  const t = useT();
  return MAIN_NAV.map((item) => {
    const active = isNavItemActive(item, pathname);
    return (
      <li key={item.to}>
        <NavLink
          to={item.to}
          aria-current={active ? "page" : undefined}
          className={cn(linkClass, active ? "bg-brand-50 text-brand-800" : idleClass)}
        >
          {t(item.label)}
        </NavLink>
      </li>
    );
  });
}
