import { RouterContextProvider } from "react-router";
import { count, desc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { contactMessages } from "../../app/db/schema/index.ts";
import { isMessageKey } from "../../app/i18n/translate.ts";
import { AppError } from "../../app/lib/app-error.ts";
import { action } from "../../app/routes/site/contact.tsx";
import { submitContactMessage } from "../../app/services/contact/contact.server.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

const VALID = {
  name: "  Kwame Asante ",
  email: "Kwame.Asante@Example.COM",
  reason: "listing",
  subject: "Question about a flat in East Legon",
  message: "Is the two-bedroom flat still available from March?",
};

describe(`contact messages on ${testEngine}`, () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.delete(contactMessages);
  });

  async function storedCount(): Promise<number> {
    const [row] = await handle.db.select({ n: count() }).from(contactMessages);
    return row?.n ?? 0;
  }

  async function rejection(data: unknown): Promise<AppError> {
    const error: unknown = await submitContactMessage({ data }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  describe("submitContactMessage", () => {
    it("stores a valid message, trimmed and with the e-mail lower-cased", async () => {
      const { id } = await submitContactMessage({ data: VALID });
      expect(id).toEqual(expect.any(Number));
      const rows = await handle.db.select().from(contactMessages);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id,
        name: "Kwame Asante",
        email: "kwame.asante@example.com",
        reason: "listing",
        subject: VALID.subject,
        message: VALID.message,
        userId: null,
        readAt: null,
      });
    });

    it("defaults the reason to general", async () => {
      const { reason: _reason, ...withoutReason } = VALID;
      await submitContactMessage({ data: withoutReason });
      const [row] = await handle.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.id));
      expect(row?.reason).toBe("general");
    });

    it("rejects an empty form with one i18n key per field and stores nothing", async () => {
      const error = await rejection({ name: "", email: "", subject: "", message: "" });
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.status).toBe(400);
      expect(error.message).toBe("contact.errors.missingFields");
      expect(error.fieldErrors).toEqual({
        name: "contact.errors.name",
        email: "contact.errors.email",
        subject: "contact.errors.subject",
        message: "contact.errors.message",
      });
      expect(await storedCount()).toBe(0);
    });

    it("rejects absent fields, blanks, a bad e-mail and an unknown reason", async () => {
      const error = await rejection({ name: "   ", email: "not-an-email", reason: "spam" });
      expect(error.fieldErrors).toEqual({
        name: "contact.errors.name",
        email: "contact.errors.email",
        reason: "contact.errors.reason",
        subject: "contact.errors.subject",
        message: "contact.errors.message",
      });
      expect(await storedCount()).toBe(0);
    });

    it("rejects over-long fields", async () => {
      const error = await rejection({
        ...VALID,
        name: "n".repeat(121),
        subject: "s".repeat(201),
        message: "m".repeat(5001),
      });
      expect(error.fieldErrors).toEqual({
        name: "contact.errors.nameTooLong",
        subject: "contact.errors.subjectTooLong",
        message: "contact.errors.messageTooLong",
      });
      expect(await storedCount()).toBe(0);
    });

    it("uses only messages that exist in the English catalogue", async () => {
      const error = await rejection({
        name: "n".repeat(121),
        email: "x",
        reason: "?",
        subject: "",
        message: "",
      });
      for (const key of [error.message, ...Object.values(error.fieldErrors ?? {})]) {
        expect(isMessageKey(key), key).toBe(true);
      }
    });
  });

  describe("the /contact page action", () => {
    function post(fields: Record<string, string>): Request {
      return new Request("http://localhost/contact", {
        method: "POST",
        body: new URLSearchParams(fields),
      });
    }
    // A visitor's request: the context holds no signed-in viewer.
    const run = (request: Request) =>
      action({
        request,
        url: new URL(request.url),
        pattern: "/contact",
        params: {},
        context: new RouterContextProvider(),
      });

    it("stores the message and redirects back with the 'Message Sent!' toast", async () => {
      const result = await run(post(VALID));
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/contact");
      expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
      expect(await storedCount()).toBe(1);
    });

    it("answers 400 with the field errors and the submitted values, storing nothing", async () => {
      const result = await run(
        post({ name: "Kwame", email: "", reason: "general", subject: "", message: "" }),
      );
      expect(result).not.toBeInstanceOf(Response);
      const { data, init } = result as unknown as {
        data: { fieldErrors: Record<string, string>; values: Record<string, string> };
        init: { status: number };
      };
      expect(init.status).toBe(400);
      expect(data.fieldErrors).toEqual({
        email: "contact.errors.email",
        subject: "contact.errors.subject",
        message: "contact.errors.message",
      });
      expect(data.values).toEqual({
        name: "Kwame",
        email: "",
        reason: "general",
        subject: "",
        message: "",
      });
      expect(await storedCount()).toBe(0);
    });
  });
});
