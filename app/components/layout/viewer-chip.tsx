import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { HeaderViewer } from "./header.tsx";

/**
 * The signed-in person: avatar, name and, for other account types than a regular user, the
 * badge. In the bar it links to the dashboard, and name and badge are stacked so the chip is
 * only as wide as the longer of the two, a long name cut short; in the menu the name wraps.
 */
export function ViewerChip({ viewer, variant }: { viewer: HeaderViewer; variant: "bar" | "menu" }) {
  const t = useT();
  const content = (
    <>
      <span className="relative shrink-0">
        <img
          src={viewer.avatar}
          alt=""
          width={32}
          height={32}
          className="size-8 rounded-full object-cover"
        />
        {/* On the avatar's upper edge, clear of its initials (their text starts a quarter of
            the way down), and over it rather than beside it, so the header's measured widths
            do not change. */}
        {variant === "bar" && viewer.unreadMessages > 0 && (
          <span className="absolute -top-3 -right-1 min-w-[1.125rem] rounded-full bg-danger px-1 text-center text-[0.625rem] leading-[1.125rem] font-bold text-white ring-2 ring-white">
            <span aria-hidden>{viewer.unreadMessages > 99 ? "99+" : viewer.unreadMessages}</span>
            <span className="sr-only">
              {t("layout.header.unreadMessages", { count: viewer.unreadMessages })}
            </span>
          </span>
        )}
      </span>
      <span className="flex min-w-0 flex-col items-start">
        {viewer.name && (
          <span
            className={cn(
              "max-w-full text-sm leading-5 font-medium text-ink-soft",
              variant === "bar" ? "truncate" : "break-words",
            )}
          >
            {viewer.name}
          </span>
        )}
        {viewer.role && viewer.role !== "user" && (
          <span className="rounded-full bg-primary-tint px-1.5 text-[0.6875rem] leading-4 font-semibold whitespace-nowrap text-primary-strong">
            {t(`auth.badge.${viewer.role}`)}
          </span>
        )}
      </span>
    </>
  );
  if (variant === "menu") {
    return <p className="flex min-w-0 items-center gap-2.5 px-3 py-2">{content}</p>;
  }
  return (
    <Link
      to="/dashboard/overview"
      className="flex max-w-40 min-w-0 items-center gap-2 rounded-lg py-1 pr-2 pl-1 hover:bg-surface-muted"
    >
      {content}
    </Link>
  );
}
