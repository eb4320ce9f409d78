import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  answeredQuoteSchema,
  cancelJobSchema,
  conversationQuotesSchema,
  jobListSchema,
  jobViewSchema,
  quoteRequestBodySchema,
  quoteViewSchema,
  requestedQuoteSchema,
  sendQuoteSchema,
} from "../../../app/lib/schemas/quotes.ts";
import {
  answerQuote,
  sendQuote,
  withdrawQuote,
} from "../../../app/services/quotes/quote-offers.server.ts";
import { cancelJob, completeJob, listMyJobs } from "../../../app/services/quotes/jobs.server.ts";
import {
  conversationQuotes,
  requestQuote,
} from "../../../app/services/quotes/quote-requests.server.ts";
import { readJsonBody } from "./body.ts";
import {
  bodyReferences,
  allowedTo,
  apiRouter,
  errorResponse,
  jsonResponse,
  limitedRoute,
  idParam,
  noStore,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Quotes for professionals' services: a client requests one, the professional sends it, the
 * client accepts or declines it, and an accepted quote is a job the professional completes or
 * either side cancels. The bodies are read by the handlers and judged by the service after it has
 * checked who is asking, so a stranger is refused (404) whatever they send, as the pages are.
 */
export const quoteRoutes = apiRouter();

const quoteView = withOpenApi(quoteViewSchema, "ServiceQuote");
const job = withOpenApi(jobViewSchema, "Job");
const jobList = withOpenApi(jobListSchema, "JobList");
const conversationQuotesView = withOpenApi(conversationQuotesSchema, "ConversationQuotes");
const requested = withOpenApi(requestedQuoteSchema, "RequestedQuote");
const answered = withOpenApi(answeredQuoteSchema, "AnsweredQuote");

/** The bodies, documented by reference (see above why the handlers read them). */
export const quoteBodySchemas = {
  QuoteRequestInput: withOpenApi(quoteRequestBodySchema, "QuoteRequestInput"),
  ServiceQuoteInput: withOpenApi(sendQuoteSchema, "ServiceQuoteInput"),
  JobCancelInput: withOpenApi(cancelJobSchema, "JobCancelInput"),
};
const referencedBody = bodyReferences(quoteBodySchemas);

const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN: the other side of the request acts here; the message says who"),
  404: errorResponse("NOT_FOUND or LISTING_NOT_FOUND: not one of the caller's, or no such thing"),
  409: errorResponse(
    "CONFLICT: the quote's or job's state does not allow it; the message says why",
  ),
};
const signedInCalls = [noStore, signedIn()] as const;

/** A JSON body's fields, to which the handler adds the path's id (an array or a number has none). */
async function bodyFields(c: Context): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  return typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body } : {};
}

const listingParams = z.object({ listingId: idParam("listing") });
const conversationParams = z.object({ conversationId: idParam("conversation") });
const requestParams = z.object({ requestId: idParam("request") });
const quoteParams = z.object({ quoteId: idParam("quote") });
const jobParams = z.object({ jobId: idParam("job") });

quoteRoutes.openapi(
  limitedRoute("quoteRequest", {
    method: "post",
    path: "/listings/{listingId}/quote-requests",
    security: sessionSecurity,
    summary: "Ask a professional for a quote on their service (what, where, when)",
    description:
      "The request is posted in the conversation about the service (started, or continued), which the answer names.",
    operationId: "requestQuote",
    middleware: [...signedInCalls, allowedTo("quote:request")] as const,
    request: { params: listingParams, body: referencedBody("QuoteRequestInput") },
    responses: { 201: jsonResponse(requested, "The request and its conversation"), ...refusals },
  }),
  async (c) => {
    const input = await bodyFields(c);
    return c.json(
      await requestQuote(c.get("viewer"), { ...input, listingId: c.req.valid("param").listingId }),
      201,
    );
  },
);

quoteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/conversations/{conversationId}/quotes",
    security: sessionSecurity,
    summary: "The quote requests of one of my conversations, with their quotes and jobs",
    operationId: "listConversationQuotes",
    middleware: [...signedInCalls, allowedTo("conversation:list-own")] as const,
    request: { params: conversationParams },
    responses: {
      200: jsonResponse(conversationQuotesView, "Oldest request first"),
      ...refusals,
    },
  }),
  async (c) =>
    c.json(await conversationQuotes(c.get("viewer"), c.req.valid("param").conversationId), 200),
);

quoteRoutes.openapi(
  limitedRoute("quote", {
    method: "post",
    path: "/quote-requests/{requestId}/quotes",
    security: sessionSecurity,
    summary: "Send a quote on a request for my service (one standing quote per request)",
    operationId: "sendQuote",
    middleware: [...signedInCalls] as const,
    request: { params: requestParams, body: referencedBody("ServiceQuoteInput") },
    responses: { 201: jsonResponse(quoteView, "The quote, sent"), ...refusals },
  }),
  async (c) => {
    const input = await bodyFields(c);
    return c.json(
      await sendQuote(c.get("viewer"), { ...input, requestId: c.req.valid("param").requestId }),
      201,
    );
  },
);

for (const decision of ["accept", "decline"] as const) {
  quoteRoutes.openapi(
    limitedRoute("quoteChange", {
      method: "post",
      path: `/quotes/{quoteId}/${decision}`,
      security: sessionSecurity,
      summary:
        decision === "accept"
          ? "Accept a quote (its client): it becomes a job"
          : "Decline a quote (its client)",
      operationId: decision === "accept" ? "acceptQuote" : "declineQuote",
      middleware: [...signedInCalls, allowedTo("quote:answer")] as const,
      request: { params: quoteParams },
      responses: { 200: jsonResponse(answered, "The quote as answered, and its job"), ...refusals },
    }),
    async (c) =>
      c.json(
        await answerQuote(c.get("viewer"), { quoteId: c.req.valid("param").quoteId, decision }),
        200,
      ),
  );
}

quoteRoutes.openapi(
  limitedRoute("quoteChange", {
    method: "post",
    path: "/quotes/{quoteId}/withdraw",
    security: sessionSecurity,
    summary: "Withdraw my quote while the client has not answered it",
    operationId: "withdrawQuote",
    middleware: [...signedInCalls] as const,
    request: { params: quoteParams },
    responses: { 200: jsonResponse(quoteView, "The quote, withdrawn"), ...refusals },
  }),
  async (c) =>
    c.json(await withdrawQuote(c.get("viewer"), { quoteId: c.req.valid("param").quoteId }), 200),
);

quoteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/jobs",
    security: sessionSecurity,
    summary: "My jobs, as a client and as a professional",
    operationId: "listMyJobs",
    middleware: [...signedInCalls, allowedTo("job:manage")] as const,
    responses: { 200: jsonResponse(jobList, "Open jobs first, then newest first"), ...refusals },
  }),
  async (c) => c.json({ jobs: await listMyJobs(c.get("viewer")) }, 200),
);

quoteRoutes.openapi(
  limitedRoute("quoteChange", {
    method: "post",
    path: "/jobs/{jobId}/complete",
    security: sessionSecurity,
    summary: "Mark a job as completed (its professional)",
    operationId: "completeJob",
    middleware: [...signedInCalls, allowedTo("job:manage")] as const,
    request: { params: jobParams },
    responses: { 200: jsonResponse(job, "The job, completed"), ...refusals },
  }),
  async (c) =>
    c.json(await completeJob(c.get("viewer"), { jobId: c.req.valid("param").jobId }), 200),
);

quoteRoutes.openapi(
  limitedRoute("quoteChange", {
    method: "post",
    path: "/jobs/{jobId}/cancel",
    security: sessionSecurity,
    summary: "Cancel an accepted job (either side), with a reason if given",
    operationId: "cancelJob",
    middleware: [...signedInCalls, allowedTo("job:manage")] as const,
    request: { params: jobParams, body: referencedBody("JobCancelInput") },
    responses: { 200: jsonResponse(job, "The job, cancelled"), ...refusals },
  }),
  async (c) => {
    const input = await bodyFields(c);
    return c.json(
      await cancelJob(c.get("viewer"), { ...input, jobId: c.req.valid("param").jobId }),
      200,
    );
  },
);
