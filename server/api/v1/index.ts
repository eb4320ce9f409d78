import { Hono } from "hono";
import { getDatabaseHandle } from "../../../app/db/client.server.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import { createTranslator, isMessageKey } from "../../../app/i18n/translate.ts";
import { contactRoutes } from "./contact.ts";
import { favoriteRoutes } from "./favorites.ts";
import { listingRoutes } from "./listings.ts";
import { myListingRoutes } from "./my-listings.ts";
import { openApiRoutes } from "./openapi.ts";
import { referenceRoutes } from "./reference.ts";

/** The JSON API. Handlers parse with zod, call a domain service and answer JSON. */
export const apiV1 = new Hono();

apiV1.get("/health", async (c) => {
  const healthy = await getDatabaseHandle()
    .then((h) => h.ping())
    .catch(() => false);
  c.header("Cache-Control", "no-store");
  return healthy
    ? c.json({ status: "ok", database: "ok" })
    : c.json({ status: "unavailable", database: "unavailable" }, 503);
});

apiV1.route("/", referenceRoutes);
apiV1.route("/", contactRoutes);
apiV1.route("/", listingRoutes);
apiV1.route("/", myListingRoutes);
apiV1.route("/", favoriteRoutes);
apiV1.route("/", openApiRoutes);

apiV1.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404));

apiV1.onError((err, c) => {
  if (err instanceof AppError) {
    const t = createTranslator();
    const text = (message: string) => (isMessageKey(message) ? t(message) : message);
    const fields = err.fieldErrors
      ? Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, text(v)]))
      : undefined;
    return c.json(
      { error: { code: err.code, message: text(err.message), fields } },
      err.status as 400,
    );
  }
  console.error(err);
  return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side." } }, 500);
});
