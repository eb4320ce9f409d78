import { NavLink } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { isNavItemActive, MAIN_NAV } from "./nav-items.ts";

/** The main navigation's links; the active one follows the first path segment. */
export function MainNavItems({
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
          className={cn(linkClass, active ? "bg-primary-tint text-primary-strong" : idleClass)}
        >
          {t(item.label)}
        </NavLink>
      </li>
    );
  });
}
