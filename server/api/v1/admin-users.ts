import { createRoute, z } from "@hono/zod-openapi";
import {
  adminUsersQuerySchema,
  auditLogQuerySchema,
  auditPageSchema,
  deletedUserSchema,
  userEditSchema,
  userRowSchema,
  usersPageSchema,
} from "../../../app/lib/schemas/admin-users.ts";
import {
  liftedSchema,
  suspensionInputSchema,
  suspensionResultSchema,
} from "../../../app/lib/schemas/suspensions.ts";
import {
  liftSuspension,
  suspendUser,
} from "../../../app/services/suspensions/suspensions.server.ts";
import { listAuditEntries } from "../../../app/services/admin/audit.server.ts";
import { deleteUser, editUser, listUsers } from "../../../app/services/admin/users.server.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  noStore,
  queryParameters,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/** The administrator's Users tab and Audit Log; the services decide who may and what is refused. */
export const adminUserRoutes = apiRouter();

/** An account's id: opaque text; one that names no account is a 404. */
const userIdParam = withOpenApi(z.string(), { type: "string", description: "The account's id." });

adminUserRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/users",
    security: sessionSecurity,
    summary: "Every account, searched by name or e-mail and paged (admin)",
    operationId: "listUsers",
    middleware: [noStore, signedIn()] as const,
    request: { query: queryParameters(adminUsersQuerySchema) },
    responses: {
      200: jsonResponse(usersPageSchema, "One page, newest accounts first"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => {
    const { q, page } = c.req.valid("query");
    return c.json(await listUsers({ actor: c.get("viewer"), query: q, page }), 200);
  },
);

adminUserRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/users/{id}",
    security: sessionSecurity,
    summary: "Change an account's name or type (admin)",
    description:
      "Nobody is granted admin; the administrator's own type and the administrator address's cannot change (403).",
    operationId: "editUser",
    middleware: [noStore, signedIn(), allowedTo("user:manage"), jsonBody] as const,
    request: { params: z.object({ id: userIdParam }), body: jsonRequest(userEditSchema) },
    responses: {
      200: jsonResponse(userRowSchema, "The account afterwards"),
      400: errorResponse("VALIDATION_FAILED, or nothing would change"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) => {
    const saved = await editUser({
      actor: c.get("viewer"),
      userId: c.req.valid("param").id,
      edit: c.req.valid("json"),
    });
    return c.json(saved, 200);
  },
);

adminUserRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/users/{id}",
    security: sessionSecurity,
    summary: "Delete an account with its listings, images, favourites and sessions (admin)",
    description: "One's own account and the administrator address's cannot be deleted (403).",
    operationId: "deleteUser",
    middleware: [noStore, signedIn(), allowedTo("user:manage")] as const,
    request: { params: z.object({ id: userIdParam }) },
    responses: {
      200: jsonResponse(deletedUserSchema, "The account is gone"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) =>
    c.json(await deleteUser({ actor: c.get("viewer"), userId: c.req.valid("param").id }), 200),
);

adminUserRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/audit-log",
    security: sessionSecurity,
    summary: "The administrators' actions, newest first (admin)",
    operationId: "listAuditLog",
    middleware: [noStore, signedIn()] as const,
    request: { query: queryParameters(auditLogQuerySchema) },
    responses: {
      200: jsonResponse(auditPageSchema, "One page"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => {
    const { action, page } = c.req.valid("query");
    return c.json(
      await listAuditEntries({ actor: c.get("viewer"), action: action ?? null, page }),
      200,
    );
  },
);

adminUserRoutes.openapi(
  limitedRoute("suspension", {
    method: "post",
    path: "/admin/users/{id}/suspension",
    security: sessionSecurity,
    summary: "Suspend an account until a moment, or ban it, with a reason (admin)",
    description:
      "Ends the person's sessions, hides their listings, refuses their sign-in and writes, cancels their open bookings by the stated rule (docs/decisions/020-suspensions.md) and e-mails them. One's own account and the administrator address's cannot be suspended (403). A second call replaces the first.",
    operationId: "suspendUser",
    middleware: [noStore, signedIn(), allowedTo("user:suspend"), jsonBody] as const,
    request: { params: z.object({ id: userIdParam }), body: jsonRequest(suspensionInputSchema) },
    responses: {
      200: jsonResponse(suspensionResultSchema, "The account is suspended or banned"),
      400: errorResponse("VALIDATION_FAILED: no reason, an end in the past or too far"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) =>
    c.json(
      await suspendUser({
        actor: c.get("viewer"),
        userId: c.req.valid("param").id,
        input: c.req.valid("json"),
      }),
      200,
    ),
);

adminUserRoutes.openapi(
  limitedRoute("suspension", {
    method: "delete",
    path: "/admin/users/{id}/suspension",
    security: sessionSecurity,
    summary: "Lift an account's suspension or ban (admin)",
    operationId: "liftSuspension",
    middleware: [noStore, signedIn(), allowedTo("user:suspend")] as const,
    request: { params: z.object({ id: userIdParam }) },
    responses: {
      200: jsonResponse(liftedSchema, "The account can sign in again"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
      409: errorResponse("CONFLICT: the account is not suspended"),
    },
  }),
  async (c) =>
    c.json(await liftSuspension({ actor: c.get("viewer"), userId: c.req.valid("param").id }), 200),
);
