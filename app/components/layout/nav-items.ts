import type { MessageKey } from "../../i18n/translate.ts";

export interface NavItem {
  to: string;
  label: MessageKey;
}

export const MAIN_NAV: NavItem[] = [
  { to: "/", label: "layout.nav.home" },
  { to: "/real-estate", label: "layout.nav.realEstate" },
  { to: "/hospitality", label: "layout.nav.hospitality" },
  { to: "/student-housing", label: "layout.nav.studentHousing" },
  { to: "/professionals", label: "layout.nav.professionals" },
  { to: "/travel-agencies", label: "layout.nav.travelAgencies" },
];

/** The header's active tab follows the first path segment; home when there is none. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const first = pathname.split("/")[1] ?? "";
  return item.to === "/" ? first === "" : item.to === `/${first}`;
}
