import { Icon } from "../ui/icon.tsx";
import { useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { preloadAuthDialog } from "../auth/lazy-auth-dialog.tsx";
import { useT } from "../../i18n/use-t.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import { cn } from "../../lib/cn.ts";
import type { Role } from "../../lib/roles.ts";
import { CurrencySelector } from "./currency-selector.tsx";
import { HeaderMenu } from "./header-menu.tsx";
import { BrandMark, BrandName, type BrandLogo } from "./logo.tsx";
import { MainNavItems } from "./main-nav-items.tsx";
import { ViewerChip } from "./viewer-chip.tsx";
import { buttonVariants } from "../ui/button.tsx";

export interface HeaderViewer {
  name: string;
  role: Role | null;
  avatar: string;
  unreadMessages: number;
  canPublish: boolean;
}

/**
 * The width from which the whole header fits on one row; below it the main navigation moves
 * into the menu. Agents and professionals carry Add Listing and the longest badges, so theirs
 * is wider, with Add Listing spelled out. Measured with a wide fallback font (DejaVu Sans); the
 * browser test walks every role across the widths, 85rem (1360 px) included. Literal class
 * names, so Tailwind sees them.
 */
const FULL_HEADER = {
  standard: { show: "xl:block", hide: "xl:hidden" },
  publisher: { show: "min-[85rem]:block", hide: "min-[85rem]:hidden" },
} as const;

export function Header({
  brand,
  currencies,
  currency,
  viewer,
}: {
  /** The platform's name and logo, as the administrator set them. */
  brand: { name: string; logo: BrandLogo | null };
  currencies: DisplayCurrency[];
  currency: DisplayCurrency;
  viewer: HeaderViewer | null;
}) {
  const t = useT();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const signInHref = `${location.pathname}?auth=login`;
  const canPublish = viewer?.canPublish ?? false;
  const fit = FULL_HEADER[canPublish ? "publisher" : "standard"];
  const unread = viewer?.unreadMessages ?? 0;

  function closeMenu({ returnFocus }: { returnFocus: boolean }) {
    setMenuOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }

  return (
    <header
      onKeyDown={(event) => {
        // Escape closes the menu from the toggle or from inside it, and gives focus back to the
        // toggle. A popover opened from the menu (the currency list) lives in a portal outside
        // the header's DOM, so its own Escape closes only itself.
        if (
          menuOpen &&
          event.key === "Escape" &&
          event.currentTarget.contains(event.target as Node)
        ) {
          closeMenu({ returnFocus: true });
        }
      }}
      className="sticky top-0 z-40 border-b border-line/80 bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80 print:hidden"
    >
      <div className="mx-auto flex h-16 max-w-[96rem] items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 shrink-0 items-center gap-2 rounded-lg">
          <BrandMark logo={brand.logo} className="size-9" />
          <BrandName
            name={brand.name}
            accentClassName="text-accent"
            className="max-w-[55vw] truncate text-lg font-bold tracking-tight text-primary-deep sm:max-w-80"
          />
        </Link>

        <nav aria-label={t("layout.nav.label")} className={cn("ml-2 hidden", fit.show)}>
          <ul className="flex items-center gap-0.5 2xl:gap-1">
            <MainNavItems
              pathname={location.pathname}
              linkClass="rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors 2xl:px-3"
              idleClass="text-muted hover:bg-surface-muted hover:text-ink"
            />
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-2">
          {/* Below 24rem the logo and the menu button fill the row; the menu holds the selector. */}
          <div className="hidden min-[24rem]:block">
            <CurrencySelector
              currencies={currencies}
              current={currency}
              chevronClassName="hidden sm:block"
            />
          </div>
          {viewer ? (
            <div className="hidden items-center gap-2 md:flex">
              {canPublish && (
                <Link
                  to="/add-listing"
                  className={cn(
                    buttonVariants({ variant: "accent", size: "sm" }),
                    "gap-1.5 px-2.5 shadow-sm 2xl:px-3.5",
                  )}
                >
                  <Icon name="plus" className="size-4" />
                  {/* Spelled out from lg, beside the menu button and in the full header. */}
                  <span className="sr-only lg:not-sr-only">{t("layout.nav.addListing")}</span>
                </Link>
              )}
              <ViewerChip viewer={viewer} variant="bar" />
              <Form method="post" action="/auth/sign-out">
                <button
                  type="submit"
                  aria-label={t("layout.header.logout")}
                  className={buttonVariants({ variant: "quiet", size: "icon" })}
                >
                  <Icon name="log-out" className="size-4" />
                </button>
              </Form>
            </div>
          ) : (
            <Link
              to={signInHref}
              onPointerEnter={preloadAuthDialog}
              onFocus={preloadAuthDialog}
              className={cn(
                buttonVariants({ variant: "primary", size: "sm" }),
                "hidden gap-1.5 px-4 whitespace-nowrap shadow-sm sm:inline-flex",
              )}
            >
              <Icon name="log-in" className="size-4" />
              {t("layout.header.signIn")}
            </Link>
          )}
          <button
            ref={toggleRef}
            type="button"
            className={cn(
              buttonVariants({ variant: "quiet", size: "icon" }),
              "relative text-secondary",
              fit.hide,
            )}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={
              menuOpen
                ? t("layout.header.closeMenu")
                : unread > 0
                  ? t("layout.header.openMenuUnread", { count: unread })
                  : t("layout.header.openMenu")
            }
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <Icon name="x" className="size-5" />
            ) : (
              <Icon name="menu" className="size-5" />
            )}
            {/* On a phone the bar has no avatar: the menu button carries the unread count, and
                the open menu shows it beside Messages. */}
            {!menuOpen && unread > 0 && (
              <span
                aria-hidden
                className="absolute -top-1.5 -right-1.5 min-w-[1.125rem] rounded-full bg-danger px-1 text-center text-[0.625rem] leading-[1.125rem] font-bold text-white ring-2 ring-white"
              >
                {unread > 99 ? "99+" : unread}
              </span>
            )}
          </button>
        </div>
      </div>

      <HeaderMenu
        id={menuId}
        open={menuOpen}
        onClose={closeMenu}
        className={fit.hide}
        currencies={currencies}
        currency={currency}
        viewer={viewer}
        canPublish={canPublish}
        signInHref={signInHref}
      />
    </header>
  );
}
