import { Icon } from "../ui/icon.tsx";
import { Form, Link, useLocation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import { cn } from "../../lib/cn.ts";
import { CurrencySelector } from "./currency-selector.tsx";
import type { HeaderViewer } from "./header.tsx";
import { MainNavItems } from "./main-nav-items.tsx";
import { ViewerChip } from "./viewer-chip.tsx";
import { buttonVariants } from "../ui/button.tsx";

const ROW = "flex items-center gap-2 rounded-lg px-3 py-2.5 font-medium text-secondary";

/**
 * The menu the header's menu button discloses where the full header does not fit: every control
 * of the full header, one per row: below the bar on phones, a card under the button from `sm` up.
 * It scrolls inside itself, so a long menu in the sticky header never runs off a short screen.
 */
export function HeaderMenu({
  id,
  open,
  onClose,
  className,
  currencies,
  currency,
  viewer,
  canPublish,
  signInHref,
}: {
  id: string;
  open: boolean;
  onClose: (options: { returnFocus: boolean }) => void;
  className: string;
  currencies: DisplayCurrency[];
  currency: DisplayCurrency;
  viewer: HeaderViewer | null;
  canPublish: boolean;
  signInHref: string;
}) {
  const t = useT();
  const location = useLocation();
  return (
    <nav
      id={id}
      aria-label={t("layout.header.mobileMenu")}
      hidden={!open}
      onClick={(event) => {
        // Following a link closes the menu.
        if ((event.target as HTMLElement).closest("a")) onClose({ returnFocus: false });
      }}
      className={cn(
        "max-h-[calc(100svh-4rem)] overflow-y-auto overscroll-contain border-t border-line bg-surface sm:absolute sm:top-full sm:right-4 sm:mt-2 sm:max-h-[calc(100svh-5rem)] sm:w-80 sm:rounded-xl sm:border sm:shadow-xl",
        className,
      )}
    >
      <ul className="flex flex-col gap-1 px-4 py-3 sm:p-2">
        <MainNavItems
          pathname={location.pathname}
          linkClass="block rounded-lg px-3 py-2.5 text-base font-medium"
          idleClass="text-secondary hover:bg-surface-muted"
        />
        <li className="mt-2 flex items-center justify-between gap-3 border-t border-line-soft px-3 pt-3">
          <span className="text-sm font-medium text-muted">{t("layout.currency.label")}</span>
          <CurrencySelector currencies={currencies} current={currency} />
        </li>
        {viewer ? (
          <li className="mt-2 space-y-1 border-t border-line-soft pt-3">
            <ViewerChip viewer={viewer} variant="menu" />
            {canPublish && (
              <Link to="/add-listing" className={cn(ROW, "hover:bg-surface-muted")}>
                <Icon name="plus" className="size-4" />
                {t("layout.nav.addListing")}
              </Link>
            )}
            <Link to="/dashboard/overview" className={cn(ROW, "hover:bg-surface-muted")}>
              <Icon name="layout-dashboard" className="size-4" />
              {t("layout.nav.dashboard")}
            </Link>
            <Link to="/dashboard/inbox" className={cn(ROW, "hover:bg-surface-muted")}>
              <Icon name="message-circle" className="size-4" />
              {t("layout.header.messages")}
              {viewer.unreadMessages > 0 && (
                <span className="ml-auto rounded-full bg-danger px-2 text-xs leading-5 font-bold text-white">
                  <span aria-hidden>{viewer.unreadMessages}</span>
                  <span className="sr-only">
                    {t("layout.header.unreadMessages", { count: viewer.unreadMessages })}
                  </span>
                </span>
              )}
            </Link>
            <Form method="post" action="/auth/sign-out">
              <button type="submit" className={cn(ROW, "w-full hover:bg-surface-muted")}>
                <Icon name="log-out" className="size-4" />
                {t("layout.header.logout")}
              </button>
            </Form>
          </li>
        ) : (
          <li className="mt-2 border-t border-line-soft pt-3">
            <Link
              to={signInHref}
              className={cn(buttonVariants({ variant: "primary", size: null }), "flex px-4 py-2.5")}
            >
              <Icon name="log-in" className="size-4" />
              {t("layout.header.signIn")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
