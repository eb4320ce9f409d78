import { createRoute, OpenAPIHono, z, type Hook, type RouteConfig } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { RATE_LIMIT_RULES, type RateLimitName } from "../../../app/auth/rate-limit.server.ts";
import { loadViewer } from "../../../app/auth/session.server.ts";
import type { Viewer } from "../../../app/auth/viewer.ts";
import type { MessageKey } from "../../../app/i18n/translate.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import { can, type Action } from "../../../app/lib/permissions.ts";
import { apiErrorSchema } from "../../../app/lib/schemas/api-error.ts";
import { MAX_ID, parseId } from "../../../app/lib/id.ts";
import { ID_KINDS, notFound, type IdKind } from "../../../app/services/core/ids.server.ts";
import { fieldErrorsOf } from "../../../app/lib/validation.ts";
import { readJsonBody } from "./body.ts";

/** What a signed-in endpoint's handlers find in the context: the person, resolved once. */
export interface ApiEnv {
  Variables: { viewer: Viewer };
}

/**
 * Input that fails a route's schema, answered as every other refusal of the API: an id that is
 * not one is an unknown record of its kind (404), a query parameter is named with its problem, and
 * a body's problems are reported per field under the route's own message.
 */
export function refuseInvalid<T, P extends string>(
  bodyMessage: MessageKey,
): Hook<T, ApiEnv, P, undefined> {
  return (result) => {
    if (result.success) return;
    if (result.target === "param") throw pathNotFound(result.error.issues);
    if (result.target === "query") {
      throw new AppError(
        "VALIDATION_FAILED",
        "browse.api.invalidQuery",
        Object.fromEntries(
          result.error.issues.map((i) => [i.path.join("."), "browse.api.invalidValue"]),
        ),
      );
    }
    throw new AppError("VALIDATION_FAILED", bodyMessage, fieldErrorsOf(result.error));
  };
}

/** A router of /api/v1: endpoints declared with `createRoute`, so the document is generated. */
export function apiRouter(): OpenAPIHono<ApiEnv> {
  return new OpenAPIHono<ApiEnv>({ defaultHook: refuseInvalid("api.errors.badRequest") });
}

/** Answers about one person are never stored by a cache, refusals included. */
export const noStore = createMiddleware(async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
});

/** The person behind the session cookie, before any input is read: a visitor is told to sign in. */
export function signedIn(message: MessageKey = "api.errors.unauthenticated") {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const viewer = await loadViewer(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", message);
    c.set("viewer", viewer);
    await next();
  });
}

/**
 * After `signedIn`: someone the permission table allows none of `actions` is refused before
 * the request's body is read, so a refused call learns nothing from its validation.
 */
export function allowedTo(...actions: Action[]) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    if (!actions.some((action) => can(c.get("viewer"), action))) {
      throw new AppError("FORBIDDEN", "api.errors.forbidden");
    }
    await next();
  });
}

/**
 * The body of a write read by `readJsonBody` (its 415, 413 and 400 answers) before the route's
 * schema judges what the JSON says; the text it reads is the one the validator parses.
 */
export const jsonBody = createMiddleware(async (c, next) => {
  await readJsonBody(c);
  await next();
});

export const sessionSecurity = [{ session: [] }];

/**
 * The schema with OpenAPI metadata: a name makes it a component of the document. zod copies its
 * methods onto a schema when it is built, so a schema of app/lib built before this module loaded
 * has no `.openapi()` of its own; the prototype's is called on it instead.
 */
export function withOpenApi<T extends z.ZodType>(
  schema: T,
  metadata: string | Record<string, unknown>,
): T {
  const openapi = z.ZodType.prototype.openapi as (
    this: z.ZodType,
    metadata: string | Record<string, unknown>,
  ) => z.ZodType;
  return openapi.call(schema, metadata) as T;
}

export const errorSchema = withOpenApi(apiErrorSchema, "Error");

/**
 * A record's number in a path, read by the one id parser: `1e3` or `01` name no record, and are
 * answered as an unknown one of the same kind (a malformed booking id is a booking not found).
 */
export function idParam(kind: IdKind) {
  const schema = z.string().transform((raw, ctx) => {
    const id = parseId(raw);
    if (id !== null) return id;
    ctx.addIssue({ code: "custom", message: "idInvalid", input: raw, params: { idKind: kind } });
    return z.NEVER;
  });
  return withOpenApi(schema, { type: "integer", minimum: 1, maximum: MAX_ID, example: 42 });
}

/**
 * What a path that failed its schema names: an id of its kind (from `idParam`) is that record
 * not found; any other parameter (an unknown provider, a plan name too long) names nothing here.
 */
function pathNotFound(issues: readonly z.core.$ZodIssue[]): AppError {
  for (const issue of issues) {
    const kind = issue.code === "custom" ? issue.params?.idKind : undefined;
    if (ID_KINDS.includes(kind as IdKind)) return notFound(kind as IdKind);
  }
  return new AppError("NOT_FOUND", "api.errors.notFound");
}

/**
 * A request body named by its component in the document (the module's body schemas, which
 * index.ts registers), so the document describes each body once.
 */
export function bodyReferences<S extends object>(_schemas: S) {
  return (name: keyof S & string, required = true) => ({
    required,
    content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
  });
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export function errorResponse(description: string) {
  return jsonResponse(errorSchema, description);
}

/** RATE_LIMITED: too many attempts by the account or from the address in the rule's window. */
export const rateLimitedResponse = {
  ...errorResponse(
    "RATE_LIMITED: too many attempts by this account or from this address; try again after Retry-After seconds",
  ),
  headers: {
    "Retry-After": {
      description: "Seconds until the limit's window ends",
      schema: { type: "integer" as const, minimum: 1 },
    },
  },
};

/**
 * A write with an abuse limit: `createRoute` plus, in the document, the rule its service counts
 * (`x-rate-limit`: name, window and maxima before RATE_LIMIT_SCALE) and the 429 answer. The
 * write-limits test refuses a write endpoint without one (unless allow-listed with a reason) and
 * drives each one past its rule to see the 429.
 */
export function limitedRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  name: RateLimitName,
  route: R,
) {
  const { windowSeconds, perAccount, perAddress } = RATE_LIMIT_RULES[name];
  return createRoute({
    ...route,
    "x-rate-limit": { rule: name, windowSeconds, perAccount, perAddress },
    responses: { ...route.responses, 429: rateLimitedResponse },
  });
}

export function jsonRequest<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/**
 * A query schema as parameters. The generator does not read every zod construct (a `.catch` for
 * forgiving pages), so each parameter carries the JSON Schema zod itself derives from it.
 */
export function queryParameters<T extends z.ZodObject>(schema: T): T {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const { $schema: _ignored, ...described } = z.toJSONSchema(field as z.ZodType, {
        io: "input",
        unrepresentable: "any",
      });
      return [name, withOpenApi(field as z.ZodType, described)];
    }),
  );
  return schema.extend(shape) as T;
}
