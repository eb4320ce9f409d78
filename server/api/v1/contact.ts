import { CLIENT_IP_HEADER } from "../../../app/auth/auth.server.ts";
import { contactMessageSchema, contactReceiptSchema } from "../../../app/lib/schemas/contact.ts";
import { submitContactMessage } from "../../../app/services/contact/contact.server.ts";
import {
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  refuseInvalid,
} from "./router.ts";

export const contactRoutes = apiRouter();

contactRoutes.openapi(
  limitedRoute("contact", {
    method: "post",
    path: "/contact-messages",
    summary: "Send a message to the team (the contact form)",
    operationId: "createContactMessage",
    middleware: [jsonBody] as const,
    request: { body: jsonRequest(contactMessageSchema) },
    responses: {
      201: jsonResponse(
        contactReceiptSchema,
        "Stored; then e-mailed to the team and acknowledged to the sender",
      ),
      400: errorResponse("VALIDATION_FAILED, with a message per field"),
      413: errorResponse("PAYLOAD_TOO_LARGE"),
      415: errorResponse("UNSUPPORTED_MEDIA_TYPE"),
    },
  }),
  async (c) => {
    const { id, delivery } = await submitContactMessage({
      data: c.req.valid("json"),
      clientIp: c.req.header(CLIENT_IP_HEADER),
    });
    // Stored is stored (201); the answer also says which e-mails about it went out.
    return c.json({ id, ...delivery }, 201);
  },
  refuseInvalid("contact.errors.missingFields"),
);
