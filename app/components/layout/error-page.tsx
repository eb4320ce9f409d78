import type { IconName } from "../../lib/icon-names.ts";
import { Icon } from "../ui/icon.tsx";
import { isRouteErrorResponse } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";

/** What a person is told for each kind of failure: never the error's own text. */
function describe(error: unknown): { icon: IconName; title: MessageKey; text: MessageKey } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return { icon: "search-x", title: "layout.error.notFoundTitle", text: "layout.error.notFound" };
  }
  if (status === 403) {
    return {
      icon: "shield-alert",
      title: "auth.toasts.accessDenied",
      text: "auth.toasts.accessDeniedDescription",
    };
  }
  // A form that could not be read, or sent in a way no form of the site sends.
  if (status === 400 || status === 405) {
    return { icon: "triangle-alert", title: "layout.error.title", text: "requests.unreadableForm" };
  }
  // The database is away: nothing is wrong with the request, it works again once it is back.
  if (status === 503) {
    return {
      icon: "cloud-off",
      title: "layout.error.unavailableTitle",
      text: "layout.error.unavailable",
    };
  }
  return { icon: "triangle-alert", title: "layout.error.title", text: "layout.error.description" };
}

/**
 * The page shown by the error boundaries: 404, 403, 500 and 503 in the site's look and words. An
 * unexpected error is logged (on the server by entry.server's handleError, here in the browser's
 * console), never shown.
 */
export function ErrorPage({ error, className }: { error: unknown; className?: string }) {
  const t = useT();
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const { icon, title, text } = describe(error);
  return (
    <div
      className={cn(
        "mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center",
        className,
      )}
    >
      <Icon name={icon} className="size-12 text-faint" />
      <h1 className="mt-4 text-2xl font-bold text-ink">{t(title)}</h1>
      <p className="mt-2 text-muted">{t(text)}</p>
      <a href="/" className={cn(buttonVariants({ size: "md" }), "mt-6")}>
        {t("layout.error.home")}
      </a>
    </div>
  );
}
