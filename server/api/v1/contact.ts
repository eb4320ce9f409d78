import { Hono } from "hono";
import { CLIENT_IP_HEADER } from "../../../app/auth/auth.server.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import { submitContactMessage } from "../../../app/services/contact/contact.server.ts";

export const contactRoutes = new Hono();

contactRoutes.post("/contact-messages", async (c) => {
  const data: unknown = await c.req.json().catch(() => {
    throw new AppError("VALIDATION_FAILED", "The request body must be JSON.");
  });
  const { id } = await submitContactMessage({ data, clientIp: c.req.header(CLIENT_IP_HEADER) });
  return c.json({ id }, 201);
});
