import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../app/lib/listing-values.ts";
import { LISTING_CATEGORY_SCHEMAS } from "../../app/lib/schemas/listing-categories.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { apiRoutes } from "../support/route-paths.ts";

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  oneOf?: JsonSchema[];
  discriminator?: { mapping: Record<string, string> };
}
interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

const document = async () => (await (await apiV1.request("/openapi.json")).json()) as Document;

/** A component's own schema, following a reference. */
function resolve(doc: Document, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref?.replace("#/components/schemas/", "");
  return ref ? resolve(doc, doc.components.schemas[ref]!) : schema;
}

describe("the OpenAPI document of /api/v1", () => {
  it("is OpenAPI 3.1, generated from the router: every endpoint served is documented, and no other", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const served = apiRoutes()
      .filter((r) => r.pattern !== "/api/v1/openapi.json")
      .map(
        (r) =>
          `${r.method.toLowerCase()} ${r.pattern.slice("/api/v1".length).replace(/:(\w+)/g, "{$1}")}`,
      );
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect([...new Set(served)].sort()).toEqual(documented.sort());
  });

  it("describes every answer with a schema, errors included", async () => {
    const doc = await document();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status === "204") continue;
          // JSON, except a download's own type (the analytics report's text/csv).
          const content = response.content ?? {};
          const type = "application/json" in content ? "application/json" : "text/csv";
          expect(content[type]?.schema, `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
  });

  it("describes each listing category's request fields and the listings' answer fields", async () => {
    const doc = await document();
    for (const [path, method] of [
      ["/my-listings", "post"],
      ["/my-listings/{id}", "put"],
    ] as const) {
      const body = resolve(
        doc,
        doc.paths[path]![method]!.requestBody!.content["application/json"]!.schema,
      );
      expect(Object.keys(body.discriminator!.mapping).sort()).toEqual([...CATEGORIES].sort());
      for (const category of CATEGORIES) {
        const schema = resolve(doc, { $ref: body.discriminator!.mapping[category] });
        expect(Object.keys(schema.properties ?? {}).sort(), category).toEqual(
          Object.keys(LISTING_CATEGORY_SCHEMAS[category].shape).sort(),
        );
      }
    }
    const detail = resolve(doc, doc.components.schemas.ListingDetail!);
    const summary = resolve(doc, doc.components.schemas.ListingSummary!);
    for (const field of ["genderPreference", "tourTypes", "serviceCategory", "amenities", "url"]) {
      expect(detail.properties).toHaveProperty(field);
      expect(summary.properties).toHaveProperty(field);
    }
    expect(detail.properties).toHaveProperty("completionStatus");
  });
});
