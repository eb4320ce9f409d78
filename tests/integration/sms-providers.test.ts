import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../app/config.server.ts";
import { phoneVerificationCodes } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { createAfricasTalkingProvider } from "../../app/services/verification/sms/africastalking.server.ts";
import { SmsError } from "../../app/services/verification/sms/provider.server.ts";
import { createTwilioProvider } from "../../app/services/verification/sms/twilio.server.ts";
import { testEngine } from "../support/database.ts";
import { makeUser } from "../support/factories.ts";
import { captureLog } from "../support/log-capture.ts";
import { createServerApp } from "../support/server-app.ts";
import { startTestApp } from "../support/test-app.ts";

const t = createTranslator();

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A gateway's stand-in on 127.0.0.1: records each request and answers with what the test set
 * (a status and a body, or no answer at all to test the timeout).
 */
async function startStandIn() {
  const received: Received[] = [];
  let answer: { status: number; body: string } | "silent" = { status: 201, body: "{}" };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        form: new URLSearchParams(body),
      });
      if (answer === "silent") return;
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(status: number, body: unknown) {
      answer = { status, body: typeof body === "string" ? body : JSON.stringify(body) };
    },
    silent() {
      answer = "silent";
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type StandIn = Awaited<ReturnType<typeof startStandIn>>;

function atAnswer(to: string, statusCode = 101, status = "Success") {
  return {
    SMSMessageData: {
      Message: "Sent to 1/1 Total Cost: KES 0.8000",
      Recipients: [{ number: to, status, statusCode, messageId: "ATXid_1", cost: "KES 0.8000" }],
    },
  };
}

async function sendError(promise: Promise<unknown>): Promise<SmsError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SmsError);
  return error as SmsError;
}

describe("SMS gateway adapters, against local stand-ins", () => {
  let gateway: StandIn;
  beforeAll(async () => {
    gateway = await startStandIn();
  });
  afterEach(() => {
    gateway.received.length = 0;
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("sends through Africa's Talking: a form with username, to, message and from, the key in apiKey", async () => {
    const provider = createAfricasTalkingProvider({
      username: "gateway",
      apiKey: "at-key-123",
      senderId: "GATEWAY",
      apiUrl: gateway.url,
    });
    gateway.answer(201, atAnswer("+254712345678"));
    const sent = await provider.send({ to: "+254712345678", body: "Your code is 123456" });
    expect(sent).toEqual({ providerRef: "ATXid_1" });
    const [request] = gateway.received;
    expect(request).toMatchObject({ method: "POST", url: "/version1/messaging" });
    expect(request!.headers).toMatchObject({
      apikey: "at-key-123",
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(Object.fromEntries(request!.form)).toEqual({
      username: "gateway",
      to: "+254712345678",
      message: "Your code is 123456",
      from: "GATEWAY",
    });
  });

  it("says why Africa's Talking refused, without its key, and a number it would not send to", async () => {
    const provider = createAfricasTalkingProvider({
      username: "gateway",
      apiKey: "at-key-123",
      apiUrl: gateway.url,
    });
    gateway.answer(401, { SMSMessageData: { Message: "Invalid apiKey at-key-123" } });
    const refused = await sendError(provider.send({ to: "+254712345678", body: "x" }));
    expect(refused.message).toBe("Africa's Talking: Invalid apiKey [secret]");
    expect(refused.status).toBe(401);
    // No sender given: the form carries none.
    expect(gateway.received[0]!.form.has("from")).toBe(false);

    gateway.answer(201, atAnswer("+254712345678", 403, "InvalidPhoneNumber"));
    const rejected = await sendError(provider.send({ to: "+254712345678", body: "x" }));
    expect(rejected.message).toBe("Africa's Talking: InvalidPhoneNumber (403)");

    gateway.answer(500, "<html>Bad gateway</html>");
    const broken = await sendError(provider.send({ to: "+254712345678", body: "x" }));
    expect(broken.message).toMatch(/answered 500 with a body that is not JSON/);
  });

  it("sends through Twilio: Messages.json of the account, basic auth, To, From and Body", async () => {
    const provider = createTwilioProvider({
      accountSid: "AC123",
      authToken: "tw-token",
      from: "+14155550100",
      apiUrl: gateway.url,
    });
    gateway.answer(201, { sid: "SM42", status: "queued" });
    expect(await provider.send({ to: "+233241234567", body: "Code 654321" })).toEqual({
      providerRef: "SM42",
    });
    const [request] = gateway.received;
    expect(request).toMatchObject({
      method: "POST",
      url: "/2010-04-01/Accounts/AC123/Messages.json",
    });
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from("AC123:tw-token").toString("base64")}`,
    );
    expect(Object.fromEntries(request!.form)).toEqual({
      To: "+233241234567",
      From: "+14155550100",
      Body: "Code 654321",
    });

    gateway.answer(400, {
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
      status: 400,
    });
    const refused = await sendError(provider.send({ to: "+233241234567", body: "x" }));
    expect(refused.message).toBe("Twilio: The 'To' number is not a valid phone number. (21211)");
  });

  it("gives up on a gateway that does not answer in time", async () => {
    const provider = createTwilioProvider({
      accountSid: "AC123",
      authToken: "tw-token",
      from: "+14155550100",
      apiUrl: gateway.url,
      timeoutMs: 300,
    });
    gateway.silent();
    const started = Date.now();
    const error = await sendError(provider.send({ to: "+233241234567", body: "x" }));
    expect(error.message).toMatch(/^Twilio: no answer/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("SMS configuration", () => {
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it("is the sandbox by default outside production, and none in production unless named", () => {
    expect(parseConfig({}).sms).toEqual({ provider: "sandbox" });
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example.com",
      PAYMENT_PROVIDER: "sandbox",
      VERIFICATION_DOCUMENT_KEY: Buffer.alloc(32, 7).toString("base64"),
    };
    expect(parseConfig(production).sms).toBeNull();
    expect(parseConfig({ ...production, SMS_PROVIDER: "sandbox" }).sms).toEqual({
      provider: "sandbox",
    });
  });

  it("names a bad SMS_PROVIDER and each key a gateway lacks", () => {
    expect(problems({ SMS_PROVIDER: "pigeon" })).toEqual([
      'SMS_PROVIDER="pigeon": must be one of sandbox, africastalking, twilio',
    ]);
    expect(problems({ SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: "AC1" })).toEqual([
      'TWILIO_AUTH_TOKEN="": required when SMS_PROVIDER=twilio',
      'TWILIO_FROM="": required when SMS_PROVIDER=twilio',
    ]);
    expect(problems({ SMS_PROVIDER: "africastalking", AFRICASTALKING_API_URL: "ftp://x" })).toEqual(
      ['AFRICASTALKING_API_URL="ftp://x": must be an http(s) URL'],
    );
    expect(
      parseConfig({
        SMS_PROVIDER: "africastalking",
        AFRICASTALKING_USERNAME: "gateway",
        AFRICASTALKING_API_KEY: "key",
      }).sms,
    ).toEqual({
      provider: "africastalking",
      username: "gateway",
      apiKey: "key",
      senderId: undefined,
      apiUrl: undefined,
    });
  });
});

describe(`the phone step through a configured gateway, on ${testEngine}`, () => {
  it("sends the code through Africa's Talking, and says so plainly (503, no code kept) when it fails", async () => {
    const gateway = await startStandIn();
    const app = await startTestApp({
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: "gateway",
      AFRICASTALKING_API_KEY: "at-key-123",
      AFRICASTALKING_API_URL: gateway.url,
    });
    try {
      const send = await createServerApp(app);
      const person = await makeUser();
      gateway.answer(201, atAnswer("+254712345678"));
      const sent = await send("/api/v1/me/verification/phone/code", {
        jar: person.jar,
        ip: app.nextIp(),
        json: { phone: "+254 712 345 678" },
      });
      expect(sent.status).toBe(201);
      const message = gateway.received[0]!.form.get("message") ?? "";
      expect(message).toMatch(/^Gateway Africa: your verification code is \d{6}\./);

      const other = await makeUser();
      gateway.answer(500, { SMSMessageData: { Message: "Internal error" } });
      const log = captureLog("error");
      const failed = await send("/api/v1/me/verification/phone/code", {
        jar: other.jar,
        ip: app.nextIp(),
        json: { phone: "+254712345679" },
      });
      expect(failed.status).toBe(503);
      expect(await failed.json()).toMatchObject({
        error: { code: "SERVICE_UNAVAILABLE", message: t("verification.errors.smsFailed") },
      });
      const kept = await app.handle.db
        .select()
        .from(phoneVerificationCodes)
        .where(eq(phoneVerificationCodes.userId, other.id));
      expect(kept).toEqual([]);
      // The failure is logged for the operator with the gateway's reason, never the key or text.
      expect(log.text()).toContain("Africa's Talking: Internal error");
      expect(log.text()).not.toContain("at-key-123");
      expect(log.text()).not.toContain("verification code is");
    } finally {
      await app.close();
      await gateway.close();
    }
  });
});
