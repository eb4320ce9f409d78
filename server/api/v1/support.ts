import { createRoute, z } from "@hono/zod-openapi";
import { messageViewSchema } from "../../../app/lib/schemas/conversations.ts";
import {
  supportChatSchema,
  supportChatThreadSchema,
  supportInboxQuerySchema,
  supportInboxSchema,
  supportMessageInputSchema,
} from "../../../app/lib/schemas/support.ts";
import {
  listSupportChats,
  readOwnSupportChat,
  readSupportChat,
  replyToSupportChat,
  sendSupportMessage,
} from "../../../app/services/conversations/support-chat.server.ts";
import { readJsonBody } from "./body.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  idParam,
  jsonResponse,
  limitedRoute,
  noStore,
  queryParameters,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * "Chat with support": an account's conversation with the site's team (writing needs the plan's
 * `support` entitlement), and the team's inbox, priority chats first with their waiting time.
 */
export const supportRoutes = apiRouter();

const chat = withOpenApi(supportChatSchema, "SupportChat");
const inbox = withOpenApi(supportInboxSchema, "SupportInbox");
const thread = withOpenApi(supportChatThreadSchema, "SupportChatThread");
const message = withOpenApi(messageViewSchema, "Message");
const messageInput = withOpenApi(supportMessageInputSchema, "SupportMessageInput");
const inputBody = {
  required: true,
  content: {
    "application/json": { schema: { $ref: "#/components/schemas/SupportMessageInput" } },
  },
};
const chatParams = z.object({ chatId: idParam("conversation") });
const pageQuery = z.object({ page: z.string().optional() });

const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN: not allowed, or the plan does not include chat support"),
};

supportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/support-chat",
    security: sessionSecurity,
    summary: "My chat with support (its latest messages, now read)",
    operationId: "getSupportChat",
    middleware: [noStore, signedIn(), allowedTo("support:chat")] as const,
    responses: {
      200: jsonResponse(chat, "The chat; id null before the first message"),
      ...refusals,
    },
  }),
  async (c) => c.json(await readOwnSupportChat(c.get("viewer")), 200),
);

supportRoutes.openapi(
  limitedRoute("message", {
    method: "post",
    path: "/me/support-chat/messages",
    security: sessionSecurity,
    summary: "Write to support",
    description:
      "Needs a plan with chat support (`support`: basic or priority); otherwise 403 naming the plan that unlocks it.",
    operationId: "sendSupportMessage",
    middleware: [noStore, signedIn(), allowedTo("support:chat")] as const,
    request: { body: inputBody },
    responses: { 201: jsonResponse(message, "The message as sent"), ...refusals },
  }),
  async (c) => c.json(await sendSupportMessage(c.get("viewer"), await readJsonBody(c)), 201),
);

supportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/support-chats",
    security: sessionSecurity,
    summary: "Support chats: priority first, then the longest waiting (admin)",
    operationId: "listSupportChats",
    middleware: [noStore, signedIn(), allowedTo("support:answer")] as const,
    request: { query: queryParameters(pageQuery) },
    responses: { 200: jsonResponse(inbox, "A page of the support inbox"), ...refusals },
  }),
  async (c) => {
    const { page } = supportInboxQuerySchema.parse(c.req.valid("query"));
    return c.json(await listSupportChats(c.get("viewer"), { page }), 200);
  },
);

supportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/support-chats/{chatId}",
    security: sessionSecurity,
    summary: "One support chat, its messages now read by the team (admin)",
    operationId: "getSupportChatThread",
    middleware: [noStore, signedIn(), allowedTo("support:answer")] as const,
    request: { params: chatParams },
    responses: {
      200: jsonResponse(thread, "The chat"),
      ...refusals,
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) => c.json(await readSupportChat(c.get("viewer"), c.req.valid("param").chatId), 200),
);

supportRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/support-chats/{chatId}/messages",
    security: sessionSecurity,
    summary: "Answer a support chat (admin)",
    operationId: "replyToSupportChat",
    middleware: [noStore, signedIn(), allowedTo("support:answer")] as const,
    request: { params: chatParams, body: inputBody },
    responses: {
      201: jsonResponse(message, "The reply as sent"),
      ...refusals,
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) =>
    c.json(
      await replyToSupportChat(c.get("viewer"), c.req.valid("param").chatId, await readJsonBody(c)),
      201,
    ),
);

export const supportBodySchemas = { SupportMessageInput: messageInput };
