import { Icon } from "../ui/icon.tsx";
import { Link, useNavigate } from "react-router";
import { cn } from "../../lib/cn.ts";

/**
 * Goes back one step in the history when the visitor came from a page of this site, else (a
 * shared link, or no JavaScript yet) to `fallback`.
 */
export function BackButton({
  fallback,
  label,
  className,
}: {
  fallback: string;
  label: string;
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        // React Router numbers this tab's history entries; 0 is where the visitor arrived.
        const state: unknown = window.history.state;
        const index = (state as { idx?: unknown } | null)?.idx;
        if (typeof index !== "number" || index < 1) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-secondary hover:bg-surface-muted hover:text-ink",
        className,
      )}
    >
      <Icon name="arrow-left" className="size-4" />
      {label}
    </Link>
  );
}
