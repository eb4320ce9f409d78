import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../../app/lib/app-error.ts";
import {
  conversationViewSchema,
  inboxQuerySchema,
  inboxSchema,
  messageInputSchema,
  messagesAfterSchema,
  messageViewSchema,
  newMessagesSchema,
  startConversationSchema,
  startedConversationSchema,
} from "../../../app/lib/schemas/conversations.ts";
import { MAX_IMAGE_BYTES } from "../../../app/lib/schemas/image.ts";
import { parsedOrRefused } from "../../../app/lib/validation.ts";
import {
  listConversations,
  messagesAfter,
  readConversation,
  unreadTotal,
} from "../../../app/services/conversations/inbox.server.ts";
import {
  openBookingConversation,
  startConversation,
} from "../../../app/services/conversations/conversation-start.server.ts";
import { requireConversationParticipant } from "../../../app/services/conversations/conversation-parties.server.ts";
import { sendMessage } from "../../../app/services/conversations/messages.server.ts";
import { readJsonBody } from "./body.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  idParam,
  noStore,
  queryParameters,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Conversations: a person's inbox, starting one about a listing, reading and sending messages,
 * and what arrived since the last message a page shows (the conversation page polls it). Only the
 * two people in a conversation reach it: for anybody else it is a 404.
 */
export const conversationRoutes = apiRouter();

const inbox = withOpenApi(inboxSchema, "Inbox");
const conversation = withOpenApi(conversationViewSchema, "Conversation");
const message = withOpenApi(messageViewSchema, "Message");
const newMessages = withOpenApi(newMessagesSchema, "NewMessages");
const started = withOpenApi(startedConversationSchema, "StartedConversation");
const messageInput = withOpenApi(messageInputSchema, "MessageInput");
const firstMessage = withOpenApi(startConversationSchema.pick({ body: true }), "FirstMessageInput");

const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN"),
  404: errorResponse("NOT_FOUND: no such conversation of yours, or LISTING_NOT_FOUND"),
  409: errorResponse("CONFLICT: your own listing, or one of you blocked the other"),
  429: errorResponse("RATE_LIMITED: too many new conversations in the last hour"),
};
const signedInCalls = [noStore, signedIn(), allowedTo("conversation:list-own")] as const;
const conversationParams = z.object({ conversationId: idParam("conversation") });
const listingParams = z.object({ listingId: idParam("listing") });
const bookingParams = z.object({ bookingId: idParam("booking") });
const pageQuery = z.object({ page: z.string().optional() });
const beforeQuery = z.object({ before: z.string().optional() });
const afterQuery = z.object({ after: z.string().optional() });

/** A message's image: one part "image" (and an optional "body"), at most 10 MB. */
const imageSizeLimit = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "publish.errors.imageTooLarge", {
      image: "publish.errors.imageTooLarge",
    });
  },
});

conversationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/conversations",
    security: sessionSecurity,
    summary: "My conversations, latest first, with unread counts",
    operationId: "listConversations",
    middleware: [...signedInCalls] as const,
    request: { query: queryParameters(pageQuery) },
    responses: { 200: jsonResponse(inbox, "A page of the inbox"), ...refusals },
  }),
  async (c) => {
    const { page } = inboxQuerySchema.parse(c.req.valid("query"));
    return c.json(await listConversations(c.get("viewer"), { page }), 200);
  },
);

conversationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/unread-messages",
    security: sessionSecurity,
    summary: "How many messages I have not read, across my conversations",
    operationId: "countUnreadMessages",
    middleware: [...signedInCalls] as const,
    responses: {
      200: jsonResponse(z.object({ unread: z.int() }), "The unread count"),
      ...refusals,
    },
  }),
  async (c) => c.json({ unread: await unreadTotal(c.get("viewer").id) }, 200),
);

conversationRoutes.openapi(
  limitedRoute("message", {
    method: "post",
    path: "/listings/{listingId}/conversations",
    security: sessionSecurity,
    summary: "Ask the lister a question: starts (or continues) my conversation about the listing",
    operationId: "startConversation",
    middleware: [noStore, signedIn(), allowedTo("conversation:start"), jsonBody] as const,
    request: { params: listingParams, body: jsonRequest(firstMessage) },
    responses: { 201: jsonResponse(started, "The conversation and the message"), ...refusals },
  }),
  async (c) => {
    const { listingId } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json(await startConversation(c.get("viewer"), { ...body, listingId }), 201);
  },
);

conversationRoutes.openapi(
  limitedRoute("bookingChange", {
    method: "post",
    path: "/bookings/{bookingId}/conversation",
    security: sessionSecurity,
    summary: "The conversation of a booking, between its guest and its host (made on first use)",
    operationId: "openBookingConversation",
    middleware: [...signedInCalls] as const,
    request: { params: bookingParams },
    responses: {
      200: jsonResponse(z.object({ conversationId: z.int() }), "The booking's conversation"),
      ...refusals,
    },
  }),
  async (c) =>
    c.json(
      {
        conversationId: await openBookingConversation(
          c.get("viewer"),
          c.req.valid("param").bookingId,
        ),
      },
      200,
    ),
);

conversationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/conversations/{conversationId}",
    security: sessionSecurity,
    summary: "A conversation and its latest messages (marked read); ?before= pages back",
    operationId: "readConversation",
    middleware: [...signedInCalls] as const,
    request: { params: conversationParams, query: queryParameters(beforeQuery) },
    responses: { 200: jsonResponse(conversation, "The conversation"), ...refusals },
  }),
  async (c) => {
    const before = parsedOrRefused(
      messagesAfterSchema.safeParse({ after: c.req.valid("query").before }),
      "conversations.errors.after",
    ).after;
    return c.json(
      await readConversation(c.get("viewer"), c.req.valid("param").conversationId, {
        before: before > 0 ? before : undefined,
      }),
      200,
    );
  },
);

conversationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/conversations/{conversationId}/messages",
    security: sessionSecurity,
    summary: "Messages after the one given (marked read): what a page polls for",
    operationId: "listNewMessages",
    middleware: [...signedInCalls] as const,
    request: { params: conversationParams, query: queryParameters(afterQuery) },
    responses: { 200: jsonResponse(newMessages, "New messages and my unread total"), ...refusals },
  }),
  async (c) => {
    const { after } = parsedOrRefused(
      messagesAfterSchema.safeParse(c.req.valid("query")),
      "conversations.errors.after",
    );
    return c.json(
      await messagesAfter(c.get("viewer"), c.req.valid("param").conversationId, after),
      200,
    );
  },
);

conversationRoutes.openapi(
  limitedRoute("message", {
    method: "post",
    path: "/conversations/{conversationId}/messages",
    security: sessionSecurity,
    summary: "Send a text message",
    operationId: "sendMessage",
    middleware: [...signedInCalls] as const,
    request: {
      params: conversationParams,
      body: {
        required: true,
        content: { "application/json": { schema: { $ref: "#/components/schemas/MessageInput" } } },
      },
    },
    responses: { 201: jsonResponse(message, "The message as sent"), ...refusals },
  }),
  async (c) => {
    // Read after the participant check's middleware, by the handler: a stranger learns nothing.
    const body = await readJsonBody(c);
    return c.json(
      await sendMessage(c.get("viewer"), c.req.valid("param").conversationId, body),
      201,
    );
  },
);

conversationRoutes.openapi(
  limitedRoute("messageImage", {
    method: "post",
    path: "/conversations/{conversationId}/images",
    security: sessionSecurity,
    summary: "Send an image (with optional text)",
    description:
      "A multipart form: `image` (PNG, JPEG, GIF or WebP up to 10 MB, checked by content and re-encoded without metadata) and an optional `body`.",
    operationId: "sendImageMessage",
    middleware: [...signedInCalls, imageSizeLimit] as const,
    request: {
      params: conversationParams,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: {
                image: { type: "string", format: "binary" },
                body: { type: "string" },
              },
              required: ["image"],
            },
          },
        },
      },
    },
    responses: {
      201: jsonResponse(message, "The message as sent"),
      ...refusals,
      413: errorResponse("PAYLOAD_TOO_LARGE"),
      415: errorResponse("UNSUPPORTED_MEDIA_TYPE"),
    },
  }),
  async (c) => {
    await requireConversationParticipant(c.get("viewer"), c.req.valid("param").conversationId);
    const form = await c.req.formData().catch(() => {
      throw new AppError("VALIDATION_FAILED", "api.errors.noFile");
    });
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0) {
      throw new AppError("VALIDATION_FAILED", "api.errors.noFile");
    }
    const text = form.get("body");
    return c.json(
      await sendMessage(
        c.get("viewer"),
        c.req.valid("param").conversationId,
        { body: typeof text === "string" ? text : "" },
        Buffer.from(await file.arrayBuffer()),
      ),
      201,
    );
  },
);

export const conversationBodySchemas = { MessageInput: messageInput };
