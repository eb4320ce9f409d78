import { createRoute, z } from "@hono/zod-openapi";
import {
  inboxMessageSchema,
  inboxPageSchema,
  inboxQuerySchema,
  messageReadSchema,
  messageReplySchema,
} from "../../../app/lib/schemas/platform-settings.ts";
import {
  listMessages,
  replyToMessage,
  setMessageRead,
} from "../../../app/services/contact/inbox.server.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  noStore,
  queryParameters,
  refuseInvalid,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/** The contact form's inbox (admin): the messages, read or unread, and replies by e-mail. */
export const adminMessageRoutes = apiRouter();

/** A message's number; anything else is no message's (the service answers 404). */
const messageIdParam = z.object({
  id: withOpenApi(z.string(), { type: "integer", minimum: 1, example: 42 }),
});

const message = withOpenApi(inboxMessageSchema, "ContactMessage");

adminMessageRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/messages",
    security: sessionSecurity,
    summary: "Contact messages, newest first, paged (admin)",
    operationId: "listContactMessages",
    middleware: [noStore, signedIn(), allowedTo("contact:manage")] as const,
    request: { query: queryParameters(inboxQuerySchema) },
    responses: {
      200: jsonResponse(inboxPageSchema, "One page, with the inbox's unread count"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => {
    const { filter, page } = c.req.valid("query");
    return c.json(await listMessages({ actor: c.get("viewer"), filter, page }), 200);
  },
);

adminMessageRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/messages/{id}",
    security: sessionSecurity,
    summary: "Mark a contact message read or unread (admin)",
    operationId: "setContactMessageRead",
    middleware: [noStore, signedIn(), allowedTo("contact:manage"), jsonBody] as const,
    request: { params: messageIdParam, body: jsonRequest(messageReadSchema) },
    responses: {
      200: jsonResponse(message, "The message afterwards"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) => {
    const result = await setMessageRead({
      actor: c.get("viewer"),
      messageId: c.req.valid("param").id,
      read: c.req.valid("json").read,
    });
    return c.json(result, 200);
  },
  refuseInvalid("dashboard.messages.errors.readFlag"),
);

adminMessageRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/messages/{id}/reply",
    security: sessionSecurity,
    summary: "Reply to a contact message by e-mail (admin)",
    description:
      "E-mails the reply to the message's sender (answers to it go to the support address), then marks the message replied and read. Nothing changes when the mail server refuses (503).",
    operationId: "replyToContactMessage",
    middleware: [noStore, signedIn(), allowedTo("contact:manage"), jsonBody] as const,
    request: { params: messageIdParam, body: jsonRequest(messageReplySchema) },
    responses: {
      200: jsonResponse(message, "The message, now replied"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
      503: errorResponse("SERVICE_UNAVAILABLE: the e-mail could not be sent"),
    },
  }),
  async (c) => {
    const result = await replyToMessage({
      actor: c.get("viewer"),
      messageId: c.req.valid("param").id,
      input: c.req.valid("json"),
    });
    return c.json(result, 200);
  },
  refuseInvalid("dashboard.messages.replyInvalidDescription"),
);
