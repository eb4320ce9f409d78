import "./lib/zod-jitless.ts";
import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorPage } from "./components/layout/error-page.tsx";
import { Toaster } from "./components/ui/toast.tsx";
import { avatarSrc, viewerContext } from "./auth/viewer.ts";
import { getConfig } from "./config.server.ts";
import { LocaleContext } from "./i18n/locale-context.ts";
import { RouteMessages } from "./i18n/messages-context.tsx";
import { DEFAULT_LOCALE, pickMessages, scopeOf } from "./i18n/translate.ts";
import { NONCE_META_PROPERTY, useNonce } from "./lib/csp-nonce.ts";
import { getPublicSettings } from "./services/content/settings.server.ts";
import { listFavoriteIds } from "./services/favorites/favorites.server.ts";
import { unreadTotal } from "./services/conversations/inbox.server.ts";
import { findCurrency, listCurrencies } from "./services/reference/reference.server.ts";
import { takeToast } from "./auth/flash-toast.server.ts";
import { readCurrencyCode } from "./services/session/preferences.server.ts";
import type { RootData } from "./lib/root-data.ts";
import { demoSignInEnabled } from "./services/session/demo-sign-in.server.ts";
import { skipClientOnlyChanges } from "./lib/client-only-params.ts";
import { can } from "./lib/permissions.ts";
import { answerUnreachableDatabase } from "./lib/database-unavailable-page.server.ts";

/**
 * The texts every page may show: the header and footer (the signed-in person's badge too),
 * listing cards, toasts, the error pages (a listing's 404 included: its loader then sends
 * nothing). Pages add theirs from their loaders.
 */
const SHARED_MESSAGES = [
  "layout",
  "values",
  "categories",
  "listing",
  "requests",
  "auth.toasts",
  "auth.badge",
  "detail.notFound",
  "detail.meta",
] as const;

export const middleware: Route.MiddlewareFunction[] = [answerUnreachableDatabase];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const [currencies, currency, settings, { toast, headers }, favoriteIds, unreadMessages] =
    await Promise.all([
      listCurrencies(),
      readCurrencyCode(request).then(findCurrency),
      getPublicSettings(),
      takeToast(request),
      viewer ? listFavoriteIds(viewer.id) : Promise.resolve([]),
      viewer ? unreadTotal(viewer.id) : Promise.resolve(0),
    ]);
  const rootData: RootData = {
    locale: DEFAULT_LOCALE,
    messages: pickMessages([
      ...SHARED_MESSAGES,
      ...[toast?.title, toast?.description].filter((key) => key !== undefined).map(scopeOf),
    ]),
    currencies,
    currency,
    settings,
    toast,
    year: new Date().getFullYear(),
    viewer: viewer && {
      id: viewer.id,
      name: viewer.name,
      email: viewer.email,
      role: viewer.role,
      avatar: avatarSrc(viewer),
      unreadMessages,
      canPublish: can(viewer, "listing:offer-add"),
    },
    favoriteIds,
    googleEnabled: getConfig().google !== null,
    demoSignIn: demoSignInEnabled(getConfig()),
    appUrl: getConfig().appUrl,
  };
  return data(rootData, { headers });
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#13644d" />
        {nonce && <meta property={NONCE_META_PROPERTY} nonce={nonce} />}
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function App({ loaderData }: Route.ComponentProps) {
  // Marks the document once React has attached, so browser tests act on controls that answer.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <LocaleContext value={loaderData.locale}>
      <RouteMessages>
        <Toaster initial={loaderData.toast}>
          <Outlet />
        </Toaster>
      </RouteMessages>
    </LocaleContext>
  );
}

/** Also what shows when the root's own data could not be loaded: so no header, only the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="flex min-h-svh items-center justify-center">
      <ErrorPage error={error} />
    </main>
  );
}
