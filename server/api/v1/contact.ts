import { Hono } from "hono";
import { CLIENT_IP_HEADER } from "../../../app/auth/auth.server.ts";
import { submitContactMessage } from "../../../app/services/contact/contact.server.ts";
import { readJsonBody } from "./body.ts";

export const contactRoutes = new Hono();

contactRoutes.post("/contact-messages", async (c) => {
  const data = await readJsonBody(c);
  const { id, delivery } = await submitContactMessage({
    data,
    clientIp: c.req.header(CLIENT_IP_HEADER),
  });
  // Stored is stored (201); the answer also says which e-mails about it went out.
  return c.json({ id, ...delivery }, 201);
});
