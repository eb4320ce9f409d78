import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The browser's chunks. Every page needs React and the router, so they come as one file rather
 * than the handful the automatic split made; small modules that several pages share (primitives,
 * helpers, hooks) come as one more instead of a request each. On a slow line each request costs a
 * round trip, and a phone opens only a few connections at once. A review and the lister's brand
 * (the listing and agent pages, the dashboard) join them: as files of their own they cost those
 * pages more than they add to the others.
 */
const SHARED =
  /[\\/]app[\\/](components[\\/](ui|layout|listings)|lib|i18n|hooks)[\\/]|[\\/]components[\\/](reviews[\\/](review-item|stars)|agents[\\/]brand-preview|safety[\\/]lazy-report-dialog)\.tsx|node_modules[\\/](clsx|class-variance-authority)[\\/]/;

/**
 * What stays out of the shared chunk, with the libraries it would bring: the zod schemas (pages
 * without a form ship without zod), the dialog primitive and ConfirmDialog built on it (loaded
 * with the sign-in dialog, the Filters drawer, the preview or a confirmation) and the listing form's draft. The dashboard's tables, pager,
 * list search, listing rows, empty states and stat cards stay out too (and the host badges of
 * public pages and conversations: cards and the listing page draw their own, in chunks they
 * already load), and so do the permission table
 * and the payment receipts and amounts, the report reasons (their forms load them), and the hook of the dashboard's dialogs: only signed-in pages use them, and the public pages would otherwise
 * download them with the shared chunk.
 */
const NOT_SHARED =
  /[\\/]lib[\\/](schemas[\\/]|validation\.ts|permissions\.ts|payment-receipt\.ts|amount\.ts|report-reasons\.ts)|[\\/]hooks[\\/]use-answered-dialog\.ts|[\\/]ui[\\/](dialog|confirm-dialog|data-table|table-head|pager|list-search|empty-state|stat-cards)\.tsx|[\\/]listings[\\/](listing-rows|host-badges)\.tsx|listing-draft/;

/**
 * What the root and the site's layout draw on every page (header, footer, toasts, the currency
 * list, the sign-in dialog's loader): one importer each, so the shared rule above misses them, but
 * every page loads them. As one file they compress better than as five small ones, each starting
 * brotli's window from nothing.
 */
const SHELL =
  /[\\/]app[\\/](components[\\/](layout[\\/]|ui[\\/](toast|popover|flag|social-icons)\.tsx|auth[\\/]lazy-auth-dialog\.tsx)|lib[\\/]auth-dialog-url\.ts)/;

/** Vite's helper that preloads a lazy part's imports: the site's layout uses it on every page. */
const PRELOAD_HELPER = /^\0vite[\\/]preload-helper/;

const clientChunks = {
  codeSplitting: {
    groups: [
      {
        name: "framework",
        test: (id: string) =>
          /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|get-nonce)[\\/]/.test(
            id,
          ) || PRELOAD_HELPER.test(id),
        priority: 2,
      },
      {
        name: "shared",
        test: (id: string) => SHARED.test(id) && !NOT_SHARED.test(id),
        minShareCount: 3,
        priority: 1,
      },
      { name: "shell", test: SHELL, priority: 1 },
    ],
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: isSsrBuild
    ? { target: "node24" }
    : { target: "es2020", rolldownOptions: { output: clientChunks } },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
