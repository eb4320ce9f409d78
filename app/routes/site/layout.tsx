import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { LazyAuthDialog } from "../../components/auth/lazy-auth-dialog.tsx";
import { ErrorPage } from "../../components/layout/error-page.tsx";
import { Footer } from "../../components/layout/footer.tsx";
import { Header } from "../../components/layout/header.tsx";
import { useT } from "../../i18n/use-t.ts";
import { useRootData } from "../../hooks/use-root-data.ts";

/** Pages with the header and footer (everything but the auth screens). */
export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** A failed page keeps the header and footer, so the way on stays in reach. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}

function SiteChrome({ children }: { children: React.ReactNode }) {
  const t = useT();
  const { currencies, currency, settings, year, viewer, googleEnabled, demoSignIn } = useRootData();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("layout.skipToContent")}
      </a>
      <Header
        brand={{ name: settings.siteName, logo: settings.logo }}
        currencies={currencies}
        currency={currency}
        viewer={viewer}
      />
      <main id="main" key={pathname} className="flex-1 animate-page-in">
        {children}
      </main>
      {/* Hydrated on its own, after the page above it. */}
      <Suspense>
        <Footer
          siteName={settings.siteName}
          logo={settings.logo}
          supportEmail={settings.supportEmail}
          supportPhone={settings.supportPhone}
          year={year}
        />
      </Suspense>
      {!viewer && <LazyAuthDialog googleEnabled={googleEnabled} demoSignIn={demoSignIn} />}
    </div>
  );
}
