import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import { builtinRules } from "eslint/use-at-your-own-risk";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A layer may import these layers, and these entry files (by category) at the top of app/. */
function layer(type, mayImport, entryFiles = []) {
  const layers = { element: { types: { anyOf: mayImport } } };
  const files = entryFiles.map((category) => ({ file: { categories: category } }));
  return { from: { element: { type } }, allow: { to: [layers, ...files] } };
}

/**
 * Components name the semantic colours of app/app.css (primary, danger, muted, line...), never a
 * palette shade such as bg-brand-700 or text-stone-600, so that a colour's job lives in one place.
 */
const paletteShade =
  "/(^|[\\s:])!?(bg|text|border(-[trblxyse])?|ring(-offset)?|fill|stroke|from|via|to|outline|divide|accent|decoration|placeholder|caret|shadow|inset-shadow)-(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand|sun|clay)-(50|[1-9]00|950)\\b/";
const noPaletteShades = [
  {
    selector: `Literal[value=${paletteShade}]`,
    message:
      "Use a semantic colour from app/app.css (e.g. bg-primary, text-muted), not a palette shade.",
  },
  {
    selector: `TemplateElement[value.raw=${paletteShade}]`,
    message:
      "Use a semantic colour from app/app.css (e.g. bg-primary, text-muted), not a palette shade.",
  },
];

/**
 * The service domains (folders of app/services) and what each may import from the others: a
 * domain's public files, named without `.server.ts`. Every domain may also import `core` and
 * its own folder. The graph has no cycle; docs/decisions/015-service-domains.md explains it.
 * A new import across domains fails lint until it is added here, one way.
 */
export const DOMAIN_IMPORTS = {
  // A changed profile phone ends its verification unless it is the same line.
  accounts: { media: ["avatar", "images"], verification: ["phone-number", "document-store"] },
  admin: { accounts: ["account-removal"] },
  analytics: {
    listings: ["listing-views"],
    premium: ["entitlements"],
    teams: ["team-rights"],
  },
  boosts: {
    content: ["settings"],
    media: ["share-image"],
    premium: ["entitlements"],
  },
  bookings: {
    admin: ["audit"],
    conversations: ["conversation-start"],
    payments: ["checkout", "host-debt", "ledger", "purpose", "refunds", "single-checkout"],
    reference: ["reference"],
    safety: ["blocks"],
    session: ["action-answer"],
    teams: ["team-rights"],
  },
  capabilities: { payments: ["provider-registry"] },
  contact: { admin: ["audit"], content: ["settings"] },
  content: { admin: ["audit"], cache: ["memo"], media: ["images", "logo"] },
  conversations: {
    media: ["images"],
    premium: ["entitlements"],
    safety: ["blocks", "reports"],
    teams: ["team-rights"],
  },
  favorites: { analytics: ["leads"] },
  listings: {
    admin: ["audit"],
    content: ["settings"],
    dashboard: ["dashboard-listings"],
    media: ["images"],
    premium: ["entitlements", "plan-limits"],
    reference: ["reference"],
    signals: ["listing-signals", "signal-review"],
    teams: ["team-rights"],
  },
  media: { premium: ["entitlements"] },
  payments: { content: ["settings"] },
  payouts: { admin: ["audit"], payments: ["host-debt", "ledger"] },
  premium: {
    admin: ["audit"],
    cache: ["memo"],
    content: ["settings"],
    payments: ["checkout", "purpose"],
  },
  profiles: {
    listings: ["browse", "listing-summaries"],
    media: ["images", "logo"],
    premium: ["entitlements"],
    reference: ["reference"],
    reviews: ["reviews"],
    session: ["preferences"],
    teams: ["team-rights"],
  },
  quotes: {
    bookings: ["held-money", "stay-price"],
    conversations: ["conversation-start", "messages"],
    payments: ["checkout", "purpose", "refunds", "single-checkout"],
    payouts: ["payout-items"],
    safety: ["blocks"],
  },
  reference: { admin: ["audit"], cache: ["memo"] },
  reviews: { admin: ["audit"], premium: ["entitlements"] },
  safety: { admin: ["audit"], content: ["settings"], reviews: ["reviews"] },
  signals: { admin: ["audit"] },
  suspensions: { admin: ["audit", "users"], bookings: ["booking-cancel", "bookable"] },
  teams: { premium: ["entitlements"], session: ["action-answer"] },
  verification: { admin: ["audit"] },
};

/** The files of other domains one domain may import (its own folder and the core are open). */
function domainPolicy(domain, imports) {
  return {
    from: { element: { type: "domain", captured: { domain } } },
    allow: {
      to: Object.entries(imports).map(([other, files]) => ({
        element: {
          type: "domain",
          captured: { domain: other },
          fileInternalPath: files.map((file) => `${file}.server.ts`),
        },
      })),
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "**/*.tmp.*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "19" } },
    plugins: { react, "react-hooks": reactHooks },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["info", "warn", "error"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...noPaletteShades] },
  },
  {
    // A request body is read in one place, which answers a body it cannot read with a 400.
    files: ["app/routes/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message:
            "Read a page's form with readForm() from app/services/session/read-form.server.ts.",
        },
        {
          selector:
            "CallExpression[callee.object.property.name='req'][callee.property.name='json']",
          message: "Read a JSON body with readJsonBody() from server/api/v1/body.ts.",
        },
        // This block replaces the rule's list for routes, so the palette guard is repeated here.
        ...noPaletteShades,
      ],
    },
  },
  {
    // File size: a file past 400 lines of code is worth splitting by concern (a warning), one past
    // 600 must be. A rule has one severity, so the hard limit is the same core rule registered a
    // second time under a local name. Blank lines and comments do not count: comments say why,
    // and the limit should never argue against them.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    // The built-in currencies, countries and first content are a data table, not code to split.
    ignores: ["app/db/reference/reference-data.ts"],
    plugins: { size: { rules: { "max-lines": builtinRules.get("max-lines") } } },
    rules: {
      "max-lines": ["warn", { max: 400, skipBlankLines: true, skipComments: true }],
      "size/max-lines": ["error", { max: 600, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The layers. Routes use components, hooks and services; components use hooks; services use
    // auth, then e-mail and storage, then the database; everything may use lib and i18n. No import
    // goes back up, so each module can be read knowing only what lies below it. The files at the
    // top of app/ (root, route table, start-up) are entry points that may use anything; of them,
    // the server-side layers may import the configuration, and the Hono server the start-up.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/include": ["app/**/*", "server/**/*"],
      "boundaries/elements": [
        { type: "route", partialMatch: false, pattern: "app/routes" },
        { type: "component", partialMatch: false, pattern: "app/components" },
        { type: "hook", partialMatch: false, pattern: "app/hooks" },
        {
          type: "domain",
          partialMatch: false,
          pattern: "app/services/*",
          capture: ["domain"],
        },
        { type: "service", partialMatch: false, pattern: "app/services" },
        { type: "auth", partialMatch: false, pattern: "app/auth" },
        { type: "transport", partialMatch: false, pattern: ["app/email", "app/storage"] },
        { type: "db", partialMatch: false, pattern: "app/db" },
        { type: "lib", partialMatch: false, pattern: ["app/lib", "app/i18n"] },
        { type: "server", partialMatch: false, pattern: "server" },
        { type: "entry", partialMatch: false, pattern: "app" },
      ],
      "boundaries/files": [
        { category: "config", pattern: "app/config.server.ts" },
        { category: "start-up", pattern: "app/startup.server.ts" },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            layer("entry", [
              "entry",
              "route",
              "component",
              "hook",
              "service",
              "domain",
              "auth",
              "transport",
              "db",
              "lib",
            ]),
            layer(
              "route",
              ["route", "component", "hook", "service", "domain", "auth", "transport", "lib"],
              ["config"],
            ),
            layer("component", ["component", "hook", "lib"]),
            layer("hook", ["hook", "lib"]),
            // Files at the top of app/services assemble the domains (jobs, payment purposes).
            layer("service", ["service", "domain", "auth", "transport", "db", "lib"], ["config"]),
            layer("domain", ["auth", "transport", "db", "lib"], ["config"]),
            {
              from: { element: { type: "domain" } },
              allow: {
                to: {
                  element: {
                    type: "domain",
                    captured: [
                      { domain: "{{ from.element.captured.domain }}" },
                      { domain: "core" },
                    ],
                  },
                },
              },
            },
            ...Object.entries(DOMAIN_IMPORTS).map(([domain, imports]) =>
              domainPolicy(domain, imports),
            ),
            layer("auth", ["auth", "transport", "db", "lib"], ["config"]),
            layer("transport", ["transport", "lib"], ["config"]),
            layer("db", ["db", "lib"], ["config"]),
            layer("lib", ["lib"]),
            layer(
              "server",
              ["server", "service", "domain", "auth", "transport", "db", "lib"],
              ["config", "start-up"],
            ),
          ],
        },
      ],
    },
  },
);
