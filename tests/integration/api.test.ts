import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { contactMessages } from "../../app/db/schema/index.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { createSmtpMailer, setMailer } from "../../app/email/mailer.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";

describe(`REST API /api/v1 on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedReferenceData(handle.db);
    setDatabase(handle);
    // Contact messages are e-mailed to the team and acknowledged (tests/integration/contact.test.ts).
    sink = await startSmtpSink();
    setMailer(createSmtpMailer(sink.url, "Gateway Africa <no-reply@gateway-africa.test>"));
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
    await sink.close();
  });

  it("reports a healthy database", async () => {
    const res = await apiV1.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("lists the 44 currencies and 54 countries", async () => {
    const currencies = (await (await apiV1.request("/currencies")).json()) as {
      currencies: { code: string }[];
    };
    expect(currencies.currencies).toHaveLength(44);
    expect(currencies.currencies[0]?.code).toBe("USD");
    const countries = (await (await apiV1.request("/countries")).json()) as {
      countries: unknown[];
    };
    expect(countries.countries).toHaveLength(54);
  });

  it("stores a valid contact message", async () => {
    const res = await apiV1.request("/contact-messages", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Ama Mensah",
        email: "Ama@Example.com",
        reason: "partnership",
        subject: "Partnering in Kumasi",
        message: "We run a student hostel near KNUST and would like to list it.",
      }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      teamNotified: true,
      acknowledged: true,
    });
  });

  it("rejects missing fields with messages per field and stores nothing", async () => {
    const [before] = await handle.db.select({ n: count() }).from(contactMessages);
    const res = await apiV1.request("/contact-messages", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: " ", email: "nope", reason: "spam" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.error.fields).sort()).toEqual([
      "email",
      "message",
      "name",
      "reason",
      "subject",
    ]);
    expect(body.error.message).not.toMatch(/^contact\./);
    const [after] = await handle.db.select({ n: count() }).from(contactMessages);
    expect(after?.n).toBe(before?.n);
  });

  it("limits contact messages from one address", async () => {
    const send = () =>
      apiV1.request("/contact-messages", {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-gateway-client-ip": "10.9.9.9" },
        body: JSON.stringify({
          name: "Bot",
          email: "bot@example.com",
          subject: "Hi",
          message: "Buy now",
        }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const body = (await (await send()).json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "RATE_LIMITED" });
    expect(body.error.message).toMatch(/wait a few minutes/);
  });

  it("rejects a body that is not JSON", async () => {
    const res = await apiV1.request("/contact-messages", { method: "POST", body: "name=x" });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    const broken = await apiV1.request("/contact-messages", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });

  it("answers unknown endpoints with a JSON 404", async () => {
    const res = await apiV1.request("/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("reports 503 when the database does not answer", async () => {
    const closed = await openDatabase({ engine: "pglite", dir: "memory" });
    await closed.close();
    setDatabase(closed);
    try {
      const res = await apiV1.request("/health");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "unavailable", database: "unavailable" });
    } finally {
      setDatabase(handle);
    }
  });
});
