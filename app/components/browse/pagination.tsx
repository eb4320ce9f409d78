import { Icon } from "../ui/icon.tsx";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push(p - last === 2 ? last + 1 : "gap");
    out.push(p);
  }
  return out;
}

const itemClass =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold";

/** Previous / numbers / Next as plain links that keep the query string. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  const edge = (target: number, label: string, disabled: boolean) => {
    const content =
      target < page ? (
        <>
          <Icon name="chevron-left" className="size-4" />
          {label}
        </>
      ) : (
        <>
          {label}
          <Icon name="chevron-right" className="size-4" />
        </>
      );
    return disabled ? (
      <span aria-disabled="true" className={cn(itemClass, "border-line text-faint")}>
        {content}
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        rel={target < page ? "prev" : "next"}
        className={cn(itemClass, "border-line-strong bg-surface text-ink-soft hover:bg-canvas")}
      >
        {content}
      </Link>
    );
  };
  return (
    <nav
      aria-label={t("browse.pagination.label")}
      className="mt-10 flex flex-wrap items-center justify-center gap-2"
    >
      {edge(page - 1, t("browse.pagination.previous"), page <= 1)}
      <ul className="flex flex-wrap items-center gap-1.5">
        {pageWindow(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-faint">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={t("browse.pagination.page", { page: p })}
                className={cn(
                  itemClass,
                  p === page
                    ? "border-primary bg-primary text-white"
                    : "border-line-strong bg-surface text-ink-soft hover:bg-canvas",
                )}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {edge(page + 1, t("browse.pagination.next"), page >= pageCount)}
    </nav>
  );
}
