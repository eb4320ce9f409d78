import path from "node:path";
import {
  createRequestHandler,
  RouterContextProvider,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import { loadViewer } from "../../app/auth/session.server.ts";
import { viewerContext } from "../../app/auth/viewer.ts";
import handleDocumentRequest, { handleError, streamTimeout } from "../../app/entry.server.tsx";
import routeConfig from "../../app/routes.ts";
import type { CookieJar, TestApp } from "./test-app.ts";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

interface ConfigEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: ConfigEntry[];
}

type RouteModule = Record<string, unknown>;
type Routes = ServerBuild["routes"];
type Assets = ServerBuild["assets"];

/** A route only a test has, under one of the app's routes (by id), e.g. one whose loader throws. */
export interface TestRoute {
  id: string;
  parentId: string;
  path: string;
  module: RouteModule;
}

/**
 * The route manifest React Router's compiler makes from app/routes.ts, with the real modules,
 * plus the test's own routes.
 */
async function routeManifest(testRoutes: TestRoute[]): Promise<{ routes: Routes; assets: Assets }> {
  const routes: Routes = {};
  const assets: Assets = {
    entry: { module: "/assets/entry.client.js", imports: [] },
    routes: {},
    url: "/assets/manifest-test.js",
    version: "test",
  };
  async function add(
    id: string,
    file: string | RouteModule,
    parentId: string | undefined,
    entry: Omit<ConfigEntry, "file" | "id" | "children">,
  ) {
    const source =
      typeof file === "string"
        ? ((await import(/* @vite-ignore */ path.join(APP_DIR, file))) as RouteModule)
        : file;
    // What the Vite plugin does to each route module: components get their props from the route.
    const module: RouteModule = { ...source };
    if (typeof source.default === "function")
      module.default = withComponentProps(
        source.default as Parameters<typeof withComponentProps>[0],
      );
    if (typeof source.ErrorBoundary === "function")
      module.ErrorBoundary = withErrorBoundaryProps(
        source.ErrorBoundary as Parameters<typeof withErrorBoundaryProps>[0],
      );
    if (typeof source.HydrateFallback === "function")
      module.HydrateFallback = withHydrateFallbackProps(
        source.HydrateFallback as Parameters<typeof withHydrateFallbackProps>[0],
      );
    routes[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: module as unknown as NonNullable<Routes[string]>["module"],
    };
    assets.routes[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: "clientAction" in module,
      hasClientLoader: "clientLoader" in module,
      hasClientMiddleware: "clientMiddleware" in module,
      hasErrorBoundary: "ErrorBoundary" in module,
      module: `/assets/${id}.js`,
      imports: [],
      css: [],
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  }
  async function walk(entry: ConfigEntry, parentId: string) {
    // The compiler's rule: an explicit id, else the file's path without its extension.
    const id = entry.id ?? path.normalize(entry.file.replace(/\.[a-z0-9]+$/i, ""));
    await add(id, entry.file, parentId, entry);
    for (const child of entry.children ?? []) await walk(child, id);
  }
  await add("root", "root.tsx", undefined, { path: "" });
  for (const entry of routeConfig as ConfigEntry[]) await walk(entry, "root");
  for (const route of testRoutes) await add(route.id, route.module, route.parentId, route);
  return { routes, assets };
}

/**
 * React Router's own request handler over the real route modules of app/routes.ts (middleware,
 * loaders, actions, rendering), as server/app.ts has it from the build. Only the client bundle is
 * missing (no `npm run build` needed).
 */
export async function createDocumentHandler(testRoutes: TestRoute[] = []) {
  const { routes, assets } = await routeManifest(testRoutes);
  const build: ServerBuild = {
    entry: { module: { default: handleDocumentRequest, handleError, streamTimeout } },
    routes,
    assets,
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { unstable_enableNodeReadableStream: false, unstable_optimizeDeps: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  } as ServerBuild;
  return createRequestHandler(build, "test");
}

/**
 * The app's pages as server/app.ts serves them, with the viewer read from the session cookie.
 */
export async function createPageHandler(app: TestApp, testRoutes: TestRoute[] = []) {
  const handle = await createDocumentHandler(testRoutes);

  /** One request (redirects are not followed); the jar keeps the cookies it sets. */
  return async function page(
    pathname: string,
    init: { jar?: CookieJar; method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const request = app.request(pathname, init);
    const context = new RouterContextProvider();
    context.set(viewerContext, await loadViewer(request.headers));
    const response = await handle(request, context);
    init.jar?.store(response.headers.getSetCookie());
    return response;
  };
}

export type PageHandler = Awaited<ReturnType<typeof createPageHandler>>;

/** The text of a page as a person reads it (React escapes quotes and ampersands). */
export async function textOf(response: Response): Promise<string> {
  return (await response.text())
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

/**
 * A page's markup without its scripts: the hydration payload repeats the rendered data and adds
 * the texts of the screen's every state (its message namespaces), which the person never sees.
 */
export function markupOf(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/** The toast region of a rendered page (role="status"), where a flash toast shows. */
export function toastRegion(html: string): string {
  const start = html.indexOf('role="status"');
  return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
}
