import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneVerificationCodes, user } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { AppError } from "../../app/lib/app-error.ts";
import {
  MAX_CODE_ATTEMPTS,
  PHONE_CODE_COOLDOWN_SECONDS,
} from "../../app/lib/phone-verification-values.ts";
import * as verificationPage from "../../app/routes/dashboard/verification.tsx";
import { updateProfile } from "../../app/services/accounts/profile.server.ts";
import { confirmPhoneCode, sendPhoneCode } from "../../app/services/verification/phone.server.ts";
import { readSandboxSms } from "../../app/services/verification/sms/sandbox.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const PAGE = "/dashboard/profile/verification";

/**
 * The phone step end to end on a real database: codes from the SMS sandbox's folder, the API and
 * the Verification page's form, and each rule of docs/decisions/018-verification.md.
 */
describe(`phone verification, on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The newest code the sandbox kept for the number. */
  async function codeSentTo(phone: string): Promise<string> {
    const messages = await readSandboxSms(path.join(app.dataDir, "sms"));
    const text = messages.find((m) => m.to === phone)?.body ?? "";
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`No code was sent to ${phone}`);
    return code;
  }

  const api = (who: MadeUser, pathname: string, json?: unknown) =>
    send(`/api/v1${pathname}`, { jar: who.jar, ip: app.nextIp(), json });

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  async function row(id: string) {
    const [found] = await app.handle.db
      .select({
        phone: user.phone,
        verifiedPhone: user.verifiedPhone,
        phoneVerifiedAt: user.phoneVerifiedAt,
      })
      .from(user)
      .where(eq(user.id, id));
    return found!;
  }

  it("sends a code by SMS, refuses a wrong one, and verifies with the right one through the API", async () => {
    const person = await makeUser();
    const before = await api(person, "/me/verification");
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({
      email: { verified: true, email: person.email },
      phone: { available: true, verified: false, verifiedPhone: null, pending: null },
    });

    const sent = await api(person, "/me/verification/phone/code", {
      phone: "0712 345 678",
      country: "ke",
    });
    expect(sent.status).toBe(201);
    const body = (await sent.json()) as { phone: string; expiresAt: string };
    expect(body.phone).toBe("+254712345678");
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const code = await codeSentTo("+254712345678");
    // Only a hash is stored: the code itself appears nowhere in the row.
    const [stored] = await app.handle.db
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, person.id));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await api(person, "/me/verification/phone/confirm", { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      t("verification.errors.codeWrong", { left: MAX_CODE_ATTEMPTS - 1 }),
    );
    expect((await row(person.id)).phoneVerifiedAt).toBeNull();

    const right = await api(person, "/me/verification/phone/confirm", { code });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({
      verified: true,
      verifiedPhone: "+254712345678",
      pending: null,
    });
    const after = await row(person.id);
    expect(after).toMatchObject({ verifiedPhone: "+254712345678", phone: "+254712345678" });
    expect(after.phoneVerifiedAt).toBeInstanceOf(Date);
    // The code is spent: using it again finds none.
    const again = await api(person, "/me/verification/phone/confirm", { code });
    expect(again.status).toBe(409);
    // The same number again is already verified.
    const twice = await api(person, "/me/verification/phone/code", { phone: "+254712345678" });
    expect(twice.status).toBe(409);
  });

  it("normalises numbers to E.164 and refuses a bad one or a national one without a country", async () => {
    const person = await makeUser();
    const bad = await api(person, "/me/verification/phone/code", { phone: "+254 12" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: {
        code: "VALIDATION_FAILED",
        fields: { phone: t("verification.errors.phoneInvalid") },
      },
    });
    const national = await api(person, "/me/verification/phone/code", { phone: "0712345678" });
    expect(national.status).toBe(400);
    expect(((await national.json()) as { error: { message: string } }).error.message).toBe(
      t("verification.errors.phoneInternational"),
    );
    const letters = await api(person, "/me/verification/phone/code", { phone: "call me" });
    expect(letters.status).toBe(400);
    expect(
      await app.handle.db
        .select()
        .from(phoneVerificationCodes)
        .where(eq(phoneVerificationCodes.userId, person.id)),
    ).toEqual([]);

    const international = await api(person, "/me/verification/phone/code", {
      phone: "+233 (0)24 123 4567".replace("(0)", ""),
    });
    expect(international.status).toBe(201);
    expect(((await international.json()) as { phone: string }).phone).toBe("+233241234567");

    // A publisher's country is known from their listing: a national number is read in it.
    const agent = await makeUser({ role: "agent" });
    await makeListing({ owner: agent, countryCode: "KE", city: "Nairobi" });
    const local = await api(agent, "/me/verification/phone/code", { phone: "0722 000 111" });
    expect(local.status).toBe(201);
    expect(((await local.json()) as { phone: string }).phone).toBe("+254722000111");
  });

  it("ends a code after its time and after five wrong attempts", async () => {
    const person = await makeUser();
    const sent = await sendPhoneCode(person.viewer, { phone: "+254733111222" });
    const code = await codeSentTo("+254733111222");
    const late = new Date(new Date(sent.expiresAt).getTime() + 1000);
    const expired = await refusal(confirmPhoneCode(person.viewer, { code }, late));
    expect(expired).toMatchObject({ code: "CONFLICT", message: "verification.errors.codeExpired" });
    expect((await row(person.id)).phoneVerifiedAt).toBeNull();

    const later = new Date(Date.now() + (PHONE_CODE_COOLDOWN_SECONDS + 1) * 1000);
    await sendPhoneCode(person.viewer, { phone: "+254733111222" }, later);
    const fresh = await codeSentTo("+254733111222");
    const wrong = fresh === "999999" ? "888888" : "999999";
    for (let n = 1; n < MAX_CODE_ATTEMPTS; n++) {
      const error = await refusal(confirmPhoneCode(person.viewer, { code: wrong }, later));
      expect(error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "verification.errors.codeWrong",
        params: { left: MAX_CODE_ATTEMPTS - n },
      });
    }
    const last = await refusal(confirmPhoneCode(person.viewer, { code: wrong }, later));
    expect(last).toMatchObject({
      code: "CONFLICT",
      message: "verification.errors.tooManyAttempts",
    });
    // Even the right code is refused now: a new one is needed.
    const spent = await refusal(confirmPhoneCode(person.viewer, { code: fresh }, later));
    expect(spent.message).toBe("verification.errors.codeExpired");
    expect((await row(person.id)).phoneVerifiedAt).toBeNull();
  });

  it("limits resends: a cooldown, then a few an hour per account and per number", async () => {
    const person = await makeUser();
    const phone = "+254744555666";
    const first = await api(person, "/me/verification/phone/code", { phone });
    expect(first.status).toBe(201);
    const soon = await api(person, "/me/verification/phone/code", { phone });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get("retry-after"))).toBeLessThanOrEqual(
      PHONE_CODE_COOLDOWN_SECONDS,
    );
    expect(((await soon.json()) as { error: { message: string } }).error.message).toBe(
      t("limits.phoneCodeCooldown"),
    );

    // Past each cooldown (the clock moved on), up to the hour's count for the account.
    let at = Date.now();
    const sends = async (who: MadeUser) => {
      at += (PHONE_CODE_COOLDOWN_SECONDS + 1) * 1000;
      return sendPhoneCode(who.viewer, { phone }, new Date(at));
    };
    await sends(person);
    await sends(person);
    // The account's count (the API's two and these three) is full; the number's holds four.
    await sends(person);
    const overAccount = await refusal(sends(person));
    expect(overAccount).toMatchObject({ code: "RATE_LIMITED", message: "limits.phoneCodes" });

    // Another account may send the number its fifth code, but cannot go on texting it.
    const other = await makeUser();
    await sends(other);
    const overNumber = await refusal(sends(other));
    expect(overNumber).toMatchObject({ code: "RATE_LIMITED", message: "limits.phoneCodesNumber" });
    // It may text its own.
    await expect(
      sendPhoneCode(other.viewer, { phone: "+254755000111" }, new Date(at)),
    ).resolves.toMatchObject({ phone: "+254755000111" });
  });

  it("verifies from the page's forms, and lapses when the profile phone changes to another number", async () => {
    const person = await makeUser();
    const ip = app.nextIp();
    const loaded = (await app.loader(verificationPage, PAGE, person.jar)) as {
      status: { phone: { verified: boolean } };
    };
    expect(loaded.status.phone.verified).toBe(false);

    const refused = (await app.action(
      verificationPage,
      PAGE,
      { intent: "send-phone-code", phone: "12345", country: "" },
      person.jar,
      ip,
    )) as {
      data: { errors: Record<string, string>; values: { phone: string } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.phone).toBe("verification.errors.phoneInternational");
    expect(refused.data.values.phone).toBe("12345");

    const sent = (await app.action(
      verificationPage,
      PAGE,
      { intent: "send-phone-code", phone: "0766 123 456", country: "KE" },
      person.jar,
      ip,
    )) as Response;
    expect(location(sent)).toBe(PAGE);
    expect(toastOf(sent)).toMatchObject({ title: "verification.toasts.sent" });
    const code = await codeSentTo("+254766123456");
    const confirmed = (await app.action(
      verificationPage,
      PAGE,
      { intent: "confirm-phone-code", code },
      person.jar,
      ip,
    )) as Response;
    expect(toastOf(confirmed)).toMatchObject({ title: "verification.toasts.verified" });
    expect(await row(person.id)).toMatchObject({
      phone: "+254766123456",
      verifiedPhone: "+254766123456",
    });

    // The same line typed another way keeps it verified.
    await updateProfile({ viewer: person.viewer, name: "Renamed", phone: "0766 123 456" });
    expect((await row(person.id)).phoneVerifiedAt).toBeInstanceOf(Date);
    // Another number: the verification lapses.
    await updateProfile({ viewer: person.viewer, name: "Renamed", phone: "+254 700 999 888" });
    expect(await row(person.id)).toMatchObject({
      phone: "+254 700 999 888",
      verifiedPhone: null,
      phoneVerifiedAt: null,
    });
  });
});
