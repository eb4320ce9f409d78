import routeConfig from "../../app/routes.ts";
import { getAuth } from "../../app/auth/auth.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";

interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

export interface PageRoute {
  /** The route's module, e.g. routes/resources/favorites.ts. */
  file: string;
  /** A URL path that reaches it. */
  path: string;
  /** The path as configured, its parameters as `:name`, e.g. /dashboard/payments/:paymentId. */
  pattern: string;
  /** Whether the module has an action (a form can post to it). */
  hasAction: boolean;
}

const APP_DIR = new URL("../../app/", import.meta.url);

/**
 * Every page route of app/routes.ts as a URL path that reaches it: parameters take `params`'
 * values (e.g. a listing's id), and a splat is a path nobody defined.
 */
export async function pageRoutes(params: Record<string, string> = {}): Promise<PageRoute[]> {
  const found: PageRoute[] = [];
  async function walk(entry: ConfigEntry, parent: string, parentPattern: string) {
    const pattern = [parentPattern, entry.path ?? ""].filter(Boolean).join("/");
    const segment = (entry.path ?? "")
      .split("/")
      .map((part) =>
        part === "*"
          ? "no-such-page"
          : part.startsWith(":")
            ? (params[part.slice(1)] ?? "1")
            : part,
      )
      .join("/");
    const path = [parent, segment].filter(Boolean).join("/");
    if (entry.path !== undefined || entry.index) {
      const module = (await import(new URL(entry.file, APP_DIR).href)) as Record<string, unknown>;
      found.push({
        file: entry.file,
        path: `/${path}`,
        pattern: `/${pattern}`,
        hasAction: "action" in module,
      });
    }
    for (const child of entry.children ?? []) await walk(child, path, pattern);
  }
  for (const entry of routeConfig as ConfigEntry[]) await walk(entry, "", "");
  return found;
}

export interface ApiRoute {
  method: string;
  /** The path as registered, e.g. /api/v1/my-listings/:id. */
  pattern: string;
  /** The path with its parameters replaced. */
  path: string;
}

/** Every endpoint of the /api/v1 router (middleware left out), parameters filled like pages'. */
export function apiRoutes(params: Record<string, string> = {}): ApiRoute[] {
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const route of apiV1.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "1");
    routes.push({ method: route.method, pattern: `/api/v1${route.path}`, path: `/api/v1${path}` });
  }
  return routes;
}

/** better-auth's endpoints that take a POST, as /api/auth paths (parameters as in `apiRoutes`). */
export function authPostRoutes(params: Record<string, string> = {}): string[] {
  const endpoints = Object.values(getAuth().api) as {
    path?: string;
    options?: { method?: string | string[] };
  }[];
  return endpoints
    .filter((e) => e.path && [e.options?.method].flat().includes("POST"))
    .map((e) => `/api/auth${e.path!.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "1")}`);
}
