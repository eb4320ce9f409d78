import { Hono } from "hono";
import { CLIENT_IP_HEADER } from "../../../app/auth/auth.server.ts";
import { submitContactMessage } from "../../../app/services/contact/contact.server.ts";
import { readJsonBody } from "./body.ts";

export const contactRoutes = new Hono();

contactRoutes.post("/contact-messages", async (c) => {
  const data = await readJsonBody(c);
  const { id } = await submitContactMessage({ data, clientIp: c.req.header(CLIENT_IP_HEADER) });
  return c.json({ id }, 201);
});
