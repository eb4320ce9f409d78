import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "./button.tsx";

const pagerClass = cn(
  buttonVariants({ variant: "outline", size: "md" }),
  "gap-1 px-3 text-secondary",
);

/** Previous / "Page n of m" / Next under a paged list: plain links, so it works without scripts. */
export function Pager({
  page,
  pageCount,
  href,
  texts,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  texts: { pages: string; previous: string; next: string; pageOf: string };
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={texts.pages} className="mt-5 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={pagerClass}>
          <ChevronLeft aria-hidden className="size-4" />
          {texts.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted" aria-current="page">
        {texts.pageOf}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={pagerClass}>
          {texts.next}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
