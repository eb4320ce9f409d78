import { Hono } from "hono";
import { z } from "zod";
import {
  AGENT_TYPES,
  AMENITIES,
  CATEGORIES,
  COMPLETION_STATUSES,
  CONTACT_METHODS,
  GENDER_PREFERENCES,
  LISTING_STATUSES,
  LISTING_TYPES,
  PRICE_TYPES,
  PROPERTY_TYPES,
  ROOM_TYPES,
  SERVICE_CATEGORIES,
  SERVICE_HIGHLIGHTS,
  TOUR_TYPES,
} from "../../../app/lib/listing-values.ts";
import { ERROR_CODES } from "../../../app/lib/app-error.ts";
import { contactMessageSchema } from "../../../app/lib/schemas/contact.ts";
import { apiListingsQuerySchema } from "../../../app/lib/schemas/browse.ts";
import { dashboardPageQuerySchema } from "../../../app/lib/schemas/dashboard.ts";

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the handlers parse with
 * (query parameters, request bodies) and from zod descriptions of what they answer.
 */

const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(["INTERNAL", ...Object.keys(ERROR_CODES)] as [string, ...string[]]),
      message: z.string(),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: "Messages per field." }),
    }),
  })
  .meta({ id: "Error" });

const imageSchema = z
  .object({
    width: z.int(),
    height: z.int(),
    thumb: z.url().meta({ description: "160 px wide WebP." }),
    card: z.url().meta({ description: "640 px wide WebP." }),
    gallery: z.url().meta({ description: "1280 px wide WebP." }),
  })
  .meta({ id: "Image" });

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

const summaryFields = {
  id: z.int(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  listingType: z.enum(LISTING_TYPES),
  propertyType: nullable(z.enum(PROPERTY_TYPES)),
  serviceCategory: nullable(z.enum(SERVICE_CATEGORIES)),
  specialty: nullable(z.string()),
  priceUsdCents: nullable(z.int()).meta({
    description: "Price in US cents; null when not given (shown as N/A).",
  }),
  priceType: nullable(z.enum(PRICE_TYPES)),
  city: z.string(),
  countryName: z.string(),
  featured: z.boolean(),
  agentType: z.enum(AGENT_TYPES),
  amenities: z.array(z.enum(AMENITIES)),
  serviceHighlights: z.array(z.enum(SERVICE_HIGHLIGHTS)),
  tourTypes: z.array(z.enum(TOUR_TYPES)),
  bedrooms: nullable(z.int()),
  bathrooms: nullable(z.int()),
  areaM2: nullable(z.int()),
  roomType: nullable(z.enum(ROOM_TYPES)),
  genderPreference: nullable(z.enum(GENDER_PREFERENCES)),
  rating: nullable(z.string()).meta({ description: 'Decimal out of 5, e.g. "4.7".' }),
  ratingCount: z.int(),
  url: z.url().meta({ description: "The listing's page." }),
};

const listingSummarySchema = z
  .object({ ...summaryFields, cover: nullable(imageSchema) })
  .meta({ id: "ListingSummary" });

const listingDetailSchema = z
  .object({
    ...summaryFields,
    completionStatus: nullable(z.enum(COMPLETION_STATUSES)),
    address: z.string(),
    description: z.string(),
    contactMethod: z.enum(CONTACT_METHODS),
    status: z.enum(LISTING_STATUSES),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    images: z.array(imageSchema),
    video: nullable(
      z.object({
        provider: z.enum(["YouTube", "Vimeo"]),
        id: z.string(),
        embedUrl: z.url().meta({ description: "Privacy-enhanced player URL." }),
      }),
    ),
    agent: z.object({
      name: z.string(),
      avatarUrl: z.string(),
      phone: nullable(z.string()),
      email: z.email(),
    }),
  })
  .meta({ id: "ListingDetail" });

const listingPageSchema = z
  .object({
    listings: z.array(listingSummarySchema),
    page: z.int(),
    pageSize: z.int(),
    pageCount: z.int(),
    total: z.int(),
    query: z.record(z.string(), z.unknown()).meta({
      description: "The parameters as applied, defaults included.",
    }),
  })
  .meta({ id: "ListingPage" });

const currencySchema = z
  .object({
    code: z.string().length(3),
    name: z.string(),
    symbol: z.string(),
    ratePerUsd: z.string().meta({ description: "Units of this currency per US dollar." }),
    countryCode: nullable(z.string().length(2)),
    decimals: z.int(),
  })
  .meta({ id: "Currency" });

const countrySchema = z
  .object({
    code: z.string().length(2),
    name: z.string(),
    slug: z.string().meta({ description: "Lower-cased name: the value of the location filter." }),
    currencyCode: z.string().length(3),
  })
  .meta({ id: "Country" });

const healthSchema = z
  .object({ status: z.enum(["ok", "unavailable"]), database: z.enum(["ok", "unavailable"]) })
  .meta({ id: "Health" });

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema;
  return rest;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function json(description: string, schema: JsonSchema) {
  return { description, content: { "application/json": { schema } } };
}

const errorResponse = (description: string) => json(description, ref("Error"));

function queryParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...fieldSchema } = jsonSchema(field as z.ZodType, "input");
    return { name, in: "query", required: false, description, schema: fieldSchema };
  });
}

/** What the endpoints answer; a test holds the real answers to these, so they cannot drift. */
export const RESPONSE_SCHEMAS = {
  Error: errorSchema,
  Image: imageSchema,
  ListingSummary: listingSummarySchema,
  ListingDetail: listingDetailSchema,
  ListingPage: listingPageSchema,
  Currency: currencySchema,
  Country: countrySchema,
  Health: healthSchema,
};

/** Schemas with an id become components, referenced from the paths. */
function components(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(RESPONSE_SCHEMAS)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(generated.schemas).map(([id, { $schema: _s, $id: _id, ...rest }]) => [id, rest]),
  );
}

export function buildOpenApiDocument(serverUrl = "/api/v1") {
  return {
    openapi: "3.1.0",
    info: {
      title: "Gateway Africa API",
      version: "1.0.0",
      description:
        "Marketplace data: listings (the same search, filters, sort and pagination as the website), currencies, countries and the contact form; for signed-in people their favourites and listings, and the administrator's moderation. Errors are `{ error: { code, message, fields? } }`.",
    },
    servers: [{ url: serverUrl }],
    paths: {
      "/health": {
        get: {
          summary: "Service and database health",
          operationId: "getHealth",
          responses: {
            "200": json("Healthy", ref("Health")),
            "503": json("The database does not answer", ref("Health")),
          },
        },
      },
      "/currencies": {
        get: {
          summary: "Display currencies with their rates against the US dollar",
          operationId: "listCurrencies",
          responses: {
            "200": json("Every currency", {
              type: "object",
              properties: { currencies: { type: "array", items: ref("Currency") } },
              required: ["currencies"],
            }),
          },
        },
      },
      "/countries": {
        get: {
          summary: "The 54 African countries",
          operationId: "listCountries",
          responses: {
            "200": json("Every country", {
              type: "object",
              properties: { countries: { type: "array", items: ref("Country") } },
              required: ["countries"],
            }),
          },
        },
      },
      "/contact-messages": {
        post: {
          summary: "Send a message to the team (the contact form)",
          operationId: "createContactMessage",
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(contactMessageSchema, "input") } },
          },
          responses: {
            "201": json("Stored; then e-mailed to the team and acknowledged to the sender", {
              type: "object",
              properties: {
                id: { type: "integer" },
                teamNotified: {
                  type: "boolean",
                  description: "The team's notification address got the message by e-mail",
                },
                acknowledged: {
                  type: "boolean",
                  description: "The sender got an acknowledgement e-mail",
                },
              },
              required: ["id", "teamNotified", "acknowledged"],
            }),
            "400": errorResponse("VALIDATION_FAILED, with a message per field"),
            "429": errorResponse("RATE_LIMITED"),
          },
        },
      },
      "/listings": {
        get: {
          summary: "Search approved listings, one page at a time",
          description:
            "A value that does not parse (minPrice=abc, a negative number, an unknown category, sort or currency, a page past 1,000) is refused with 400 and a message per parameter. Empty parameters are ignored, and so are filters the section does not offer.",
          operationId: "listListings",
          parameters: queryParameters(apiListingsQuerySchema),
          responses: {
            "200": json("One page of results", ref("ListingPage")),
            "400": errorResponse("VALIDATION_FAILED, with a message per parameter"),
          },
        },
      },
      "/listings/{id}": {
        get: {
          summary: "One approved listing",
          operationId: "getListing",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              schema: { type: "integer", minimum: 1 },
            },
          ],
          responses: {
            "200": json("The listing", {
              type: "object",
              properties: { listing: ref("ListingDetail") },
              required: ["listing"],
            }),
            "404": errorResponse("LISTING_NOT_FOUND: unknown, not numeric, or not public"),
          },
        },
      },
      ...accountPaths(),
    },
    components: {
      schemas: components(),
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description: "The session cookie set by signing in (POST /api/auth/sign-in/email).",
        },
      },
    },
  };
}

const idParameter = (name: string) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "integer", minimum: 1 },
});

const listingBody = {
  required: true,
  content: {
    "application/json": {
      schema: {
        type: "object",
        description:
          "The listing form's fields (title, category, listingType, price in USD, countryCode, city, address, description, the category's own fields, amenities or serviceHighlights, images as upload keys in order, videoUrl, contactMethod, contactPhone). Each problem is reported per field.",
      },
    },
  },
};

const signedIn = { security: [{ session: [] }] };
const ok = (description: string) => json(description, { type: "object" });

/** Endpoints for a signed-in person: favourites, their own listings, and the admin's tools. */
function accountPaths() {
  return {
    "/me/favorites": {
      get: {
        ...signedIn,
        summary: "Ids of the listings I saved",
        operationId: "listFavorites",
        responses: {
          "200": ok("Saved listing ids, newest first"),
          "401": errorResponse("UNAUTHENTICATED"),
        },
      },
    },
    "/me/favorites/{listingId}": {
      put: {
        ...signedIn,
        summary: "Save an approved listing",
        operationId: "addFavorite",
        parameters: [idParameter("listingId")],
        responses: {
          "200": ok("Saved"),
          "401": errorResponse("UNAUTHENTICATED"),
          "404": errorResponse("LISTING_NOT_FOUND"),
        },
      },
      delete: {
        ...signedIn,
        summary: "Unsave a listing",
        operationId: "removeFavorite",
        parameters: [idParameter("listingId")],
        responses: { "200": ok("Removed"), "401": errorResponse("UNAUTHENTICATED") },
      },
    },
    "/uploads/listing-images": {
      post: {
        ...signedIn,
        summary: "Upload one listing image (agents, professionals, admin)",
        description:
          "PNG, JPEG, GIF or WebP up to 10 MB, checked by content; re-encoded into WebP sizes without metadata. The answer's key goes into a listing's images.",
        operationId: "uploadListingImage",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { file: { type: "string", format: "binary" } },
                required: ["file"],
              },
            },
          },
        },
        responses: {
          "201": ok("The stored image and its key"),
          "400": errorResponse("VALIDATION_FAILED"),
          "413": errorResponse("PAYLOAD_TOO_LARGE"),
          "415": errorResponse("UNSUPPORTED_MEDIA_TYPE"),
        },
      },
      get: {
        ...signedIn,
        summary: "My uploads not yet in a listing",
        operationId: "listUploads",
        responses: { "200": ok("Pending uploads") },
      },
      delete: {
        ...signedIn,
        summary: "Discard an upload",
        operationId: "discardUpload",
        parameters: [{ name: "key", in: "query", required: true, schema: { type: "string" } }],
        responses: { "200": ok("Discarded") },
      },
    },
    "/my-listings": {
      get: {
        ...signedIn,
        summary:
          "My listings in every status (my saved listings for a regular user, every listing for the admin), newest first, one page at a time",
        operationId: "listMyListings",
        parameters: queryParameters(dashboardPageQuerySchema),
        responses: {
          "200": ok("One page of my listings, with page, pageSize, pageCount and total"),
        },
      },
      post: {
        ...signedIn,
        summary: "Publish a listing (pending review; approved at once for the admin)",
        operationId: "createListing",
        requestBody: listingBody,
        responses: {
          "201": ok("The saved listing"),
          "400": errorResponse("VALIDATION_FAILED, with a message per field"),
          "403": errorResponse("FORBIDDEN"),
        },
      },
    },
    "/my-listings/{id}": {
      get: {
        ...signedIn,
        summary: "One of my listings, as the edit form needs it",
        operationId: "getMyListing",
        parameters: [idParameter("id")],
        responses: { "200": ok("The listing"), "404": errorResponse("LISTING_NOT_FOUND") },
      },
      put: {
        ...signedIn,
        summary:
          "Edit my listing (an approved one goes back to review when its title, description, price or images change)",
        operationId: "updateListing",
        parameters: [idParameter("id")],
        requestBody: listingBody,
        responses: {
          "200": ok("The saved listing"),
          "400": errorResponse("VALIDATION_FAILED"),
          "404": errorResponse("LISTING_NOT_FOUND"),
        },
      },
      delete: {
        ...signedIn,
        summary: "Delete my listing and its images",
        operationId: "deleteListing",
        parameters: [idParameter("id")],
        responses: { "200": ok("Deleted"), "404": errorResponse("LISTING_NOT_FOUND") },
      },
    },
    "/moderation/listings": {
      get: {
        ...signedIn,
        summary: "Listings pending approval (admin)",
        operationId: "listModerationQueue",
        responses: { "200": ok("The queue"), "403": errorResponse("FORBIDDEN") },
      },
    },
    "/moderation/listings/{id}": {
      post: {
        ...signedIn,
        summary: "Approve or reject a listing (admin); the owner is e-mailed",
        operationId: "moderateListing",
        parameters: [idParameter("id")],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  decision: { type: "string", enum: ["approved", "rejected"] },
                  reason: { type: "string" },
                },
                required: ["decision"],
              },
            },
          },
        },
        responses: {
          "200": ok("The new status"),
          "403": errorResponse("FORBIDDEN"),
          "404": errorResponse("LISTING_NOT_FOUND"),
        },
      },
    },
    "/admin/listings": {
      get: {
        ...signedIn,
        summary: "Every listing, searchable and paged (admin)",
        operationId: "listAllListings",
        parameters: [
          { name: "q", in: "query", schema: { type: "string" } },
          { name: "page", in: "query", schema: { type: "integer", minimum: 1 } },
        ],
        responses: { "200": ok("One page"), "403": errorResponse("FORBIDDEN") },
      },
    },
    "/admin/listings/{id}": {
      patch: {
        ...signedIn,
        summary: "Set Featured or Premium (admin)",
        operationId: "setListingAttributes",
        parameters: [idParameter("id")],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { featured: { type: "boolean" }, premium: { type: "boolean" } },
              },
            },
          },
        },
        responses: {
          "200": ok("Updated"),
          "403": errorResponse("FORBIDDEN"),
          "404": errorResponse("LISTING_NOT_FOUND"),
        },
      },
    },
  };
}

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

export const openApiRoutes = new Hono();

openApiRoutes.get("/openapi.json", (c) => {
  cached ??= buildOpenApiDocument();
  c.header("Cache-Control", "public, max-age=3600");
  return c.json(cached);
});
