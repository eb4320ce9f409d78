import { readFile, stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agencies,
  auditLog,
  licenceKinds,
  user,
  verificationDocuments,
  verificationSubmissions,
} from "../../app/db/schema/index.ts";
import { parseConfig, ConfigError } from "../../app/config.server.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { defaultApprovalExpiry } from "../../app/lib/verification-values.ts";
import {
  decryptDocument,
  documentPath,
  resolveDocumentKey,
} from "../../app/services/verification/document-store.server.ts";
import {
  deleteExpiredDocuments,
  documentUrl,
} from "../../app/services/verification/documents.server.ts";
import { loggablePath } from "../../server/request-log.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/** A small generated photo: each seed gives other pixels, so files differ. */
function photo(seed: number, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const image = sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: seed * 30, g: 120, b: 90 } },
  });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

function blob(data: Buffer, type: string): Blob {
  return new Blob([new Uint8Array(data)], { type });
}

async function identityForm(
  fields: Record<string, string>,
  files: Partial<Record<"front" | "back" | "selfie", Buffer>>,
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [slot, data] of Object.entries(files))
    form.append(slot, blob(data, "image/png"), `${slot}.png`);
  return form;
}

const NATIONAL_ID = {
  documentKind: "national-id",
  declaredName: "Wanjiru Kamau",
  documentNumber: "12345678",
  countryCode: "KE",
};

describe(`identity and business documents (${testEngine})`, () => {
  let app: TestApp;
  let send: ServerApp;
  let admin: MadeUser;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
  });
  afterAll(async () => {
    await app.close();
  });

  async function submitIdentity(
    person: MadeUser,
    fields: Record<string, string> = NATIONAL_ID,
    files?: Record<string, Buffer>,
  ) {
    const form = await identityForm(
      fields,
      files ?? { front: await photo(1), back: await photo(2), selfie: await photo(3) },
    );
    return send("/api/v1/me/verification/identity", {
      body: form,
      jar: person.jar,
      ip: app.nextIp(),
    });
  }

  async function pending(person: MadeUser) {
    const list = (await (
      await send("/api/v1/admin/verification-submissions", { jar: admin.jar })
    ).json()) as {
      submissions: {
        id: number;
        person: { id: string };
        documents: { id: number; slot: string; url: string }[];
        defaultExpiresOn: string;
      }[];
    };
    return list.submissions.filter((s) => s.person.id === person.id);
  }

  it("takes identity documents, refuses a second while one is pending, and shows the state", async () => {
    const agent = await makeUser({ role: "agent" });
    const first = await submitIdentity(agent);
    expect(first.status).toBe(201);
    const second = await submitIdentity(agent);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe(
      t("verification.errors.alreadyPending"),
    );
    const status = (await (await send("/api/v1/me/verification", { jar: agent.jar })).json()) as {
      identity: { state: string; canSubmit: boolean };
      business: { state: string } | null;
    };
    expect(status.identity).toMatchObject({ state: "pending", canSubmit: false });
    expect(status.business).toMatchObject({ state: "not-submitted" });
    // A regular user has no business step.
    const guest = await makeUser({ role: "user" });
    const guestStatus = (await (
      await send("/api/v1/me/verification", { jar: guest.jar })
    ).json()) as {
      business: unknown;
    };
    expect(guestStatus.business).toBeNull();
  });

  it("refuses missing sides, files that are not images, and bad declarations, storing nothing", async () => {
    const person = await makeUser({ role: "user" });
    const noBack = await submitIdentity(person, NATIONAL_ID, {
      front: await photo(1),
      selfie: await photo(3),
    });
    expect(noBack.status).toBe(400);
    const text = Buffer.from("just text, called a PNG");
    const renamed = await submitIdentity(person, NATIONAL_ID, {
      front: text,
      back: await photo(2),
      selfie: await photo(3),
    });
    expect(renamed.status).toBe(415);
    const pdfSelfie = await submitIdentity(
      person,
      { ...NATIONAL_ID, documentKind: "passport" },
      {
        front: await photo(1),
        selfie: PDF,
      },
    );
    expect(pdfSelfie.status).toBe(415);
    const noName = await submitIdentity(person, { ...NATIONAL_ID, declaredName: " " });
    expect(noName.status).toBe(400);
    const rows = await app.handle.db
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.userId, person.id));
    expect(rows).toHaveLength(0);
    // A passport needs no back.
    const passport = await submitIdentity(
      person,
      { ...NATIONAL_ID, documentKind: "passport" },
      {
        front: await photo(1, "jpeg"),
        selfie: await photo(3),
      },
    );
    expect(passport.status).toBe(201);
  });

  it("keeps the files encrypted at rest, apart from the public media, and serves them to the administrator only, never cached", async () => {
    const person = await makeUser({ role: "user" });
    const front = await photo(4);
    expect(
      (
        await submitIdentity(person, NATIONAL_ID, {
          front,
          back: await photo(5),
          selfie: await photo(6),
        })
      ).status,
    ).toBe(201);
    const [submission] = await pending(person);
    const frontDoc = submission!.documents.find((d) => d.slot === "front")!;
    const [row] = await app.handle.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.id, frontDoc.id));
    const file = documentPath(row!.fileKey);
    expect(file.startsWith(`${app.dataDir}/verification-documents/`)).toBe(true);
    expect(file.includes("/media/")).toBe(false);
    const onDisk = await readFile(file);
    expect(onDisk.includes(front.subarray(0, 32))).toBe(false);
    expect(onDisk.includes(front.subarray(front.length - 32))).toBe(false);
    expect(
      decryptDocument(resolveDocumentKey(app.config), row!.fileKey, onDisk).equals(front),
    ).toBe(true);
    // Another key opens nothing.
    expect(() => decryptDocument(Buffer.alloc(32, 7), row!.fileKey, onDisk)).toThrow();
    expect((await stat(file)).mode & 0o077).toBe(0);

    expect(frontDoc.url).toBe(documentUrl(frontDoc.id));
    const asAdmin = await send(frontDoc.url, { jar: admin.jar });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("cache-control")).toContain("no-store");
    expect(asAdmin.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await asAdmin.arrayBuffer()).equals(front)).toBe(true);
    // The person who sent it, another person and a visitor never get the file.
    for (const jar of [person.jar, (await makeUser({ role: "agent" })).jar, undefined]) {
      const refused = await send(frontDoc.url, { jar });
      expect(refused.status).not.toBe(200);
      expect(Buffer.from(await refused.arrayBuffer()).includes(front.subarray(0, 32))).toBe(false);
    }
    // Nor through the public media path.
    const media = await send(`/media/verification-documents/${row!.fileKey}.bin`, {
      jar: admin.jar,
    });
    expect(media.status).toBe(404);
    // The request log never names which document was opened.
    expect(loggablePath(`http://x${frontDoc.url}`)).toBe("/verification-documents/redacted");
  });

  it("approves until a date: sets the person's column, audits, e-mails, and keeps to the expiry rules", async () => {
    const agent = await makeUser({ role: "agent" });
    const ownExpiry = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await submitIdentity(agent, { ...NATIONAL_ID, documentExpiresOn: ownExpiry })).status,
    ).toBe(201);
    const [submission] = await pending(agent);
    // The default never passes the document's own expiry.
    expect(submission!.defaultExpiresOn).toBe(ownExpiry);
    expect(defaultApprovalExpiry("identity", null, new Date("2026-01-10T00:00:00Z"))).toBe(
      "2028-01-10",
    );
    expect(defaultApprovalExpiry("business", null, new Date("2026-01-10T00:00:00Z"))).toBe(
      "2027-01-10",
    );
    const approve = (expiresOn: string) =>
      send(`/api/v1/admin/verification-submissions/${submission!.id}/approve`, {
        json: { expiresOn },
        jar: admin.jar,
      });
    const pastDocument = await approve(
      new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
    );
    expect(pastDocument.status).toBe(400);
    expect(((await pastDocument.json()) as { error: { message: string } }).error.message).toBe(
      t("verification.errors.expiryAfterDocument", { date: ownExpiry }),
    );
    expect((await approve("2020-01-01")).status).toBe(400);
    // Only the administrator decides.
    const self = await send(`/api/v1/admin/verification-submissions/${submission!.id}/approve`, {
      json: {},
      jar: agent.jar,
    });
    expect(self.status).toBe(403);

    const approved = await send(
      `/api/v1/admin/verification-submissions/${submission!.id}/approve`,
      {
        json: {},
        jar: admin.jar,
      },
    );
    expect(approved.status).toBe(200);
    const [person] = await app.handle.db
      .select({ until: user.identityVerifiedUntil })
      .from(user)
      .where(eq(user.id, agent.id));
    expect(person!.until?.toISOString().slice(0, 10)).toBe(ownExpiry);
    const [entry] = await app.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(submission!.id)));
    expect(entry).toMatchObject({ action: "verification.approve", targetType: "verification" });
    const mail = await waitForMail(app, agent.email);
    expect(mail.subject).toBe(
      t("email.verification.approvedSubject", { step: t("email.verification.identity") }),
    );
    const status = (await (await send("/api/v1/me/verification", { jar: agent.jar })).json()) as {
      identity: { state: string; verifiedUntil: string };
    };
    expect(status.identity.state).toBe("verified");
    // Deciding twice is refused.
    expect((await approve(ownExpiry)).status).toBe(409);
  });

  it("rejects with a reason the person reads and is e-mailed, and then takes a new submission", async () => {
    const person = await makeUser({ role: "user" });
    expect((await submitIdentity(person)).status).toBe(201);
    const [submission] = await pending(person);
    const reject = (reason: string) =>
      send(`/api/v1/admin/verification-submissions/${submission!.id}/reject`, {
        json: { reason },
        jar: admin.jar,
      });
    expect((await reject("  ")).status).toBe(400);
    expect((await reject("The selfie is too dark to match the photo.")).status).toBe(200);
    const status = (await (await send("/api/v1/me/verification", { jar: person.jar })).json()) as {
      identity: { state: string; reason: string; canSubmit: boolean };
    };
    expect(status.identity).toMatchObject({
      state: "rejected",
      reason: "The selfie is too dark to match the photo.",
      canSubmit: true,
    });
    const mail = await waitForMail(app, person.email);
    expect(mail.body).toContain("The selfie is too dark to match the photo.");
    const [entry] = await app.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(submission!.id)));
    expect(entry?.action).toBe("verification.reject");
    expect((await submitIdentity(person)).status).toBe(201);
  });

  it("verifies a business: licence kind of the list, the column and the agency the person owns", async () => {
    const agent = await makeUser({ role: "agent" });
    await app.handle.db
      .insert(agencies)
      .values({ ownerId: agent.id, name: "Kamau Homes", handle: `kamau-${agent.id.slice(0, 8)}` });
    const kinds = (await (await send("/api/v1/licence-kinds?countryCode=KE")).json()) as {
      licenceKinds: { id: number; name: string; profession: string }[];
    };
    const earb = kinds.licenceKinds.find((k) => k.name === "EARB registration")!;
    expect(earb.profession).toBe("estate-agent");
    expect(kinds.licenceKinds.some((k) => k.name === "Business registration")).toBe(true);
    const form = new FormData();
    form.append("licenceKindId", String(earb.id));
    form.append("registrationNumber", "EARB/2024/118");
    form.append("business", blob(PDF, "application/pdf"), "licence.pdf");
    const sent = await send("/api/v1/me/verification/business", {
      body: form,
      jar: agent.jar,
      ip: app.nextIp(),
    });
    expect(sent.status).toBe(201);
    // A regular user has no business step.
    const guest = await makeUser({ role: "user" });
    const refused = await send("/api/v1/me/verification/business", {
      body: form,
      jar: guest.jar,
      ip: app.nextIp(),
    });
    expect(refused.status).toBe(403);

    const [submission] = await pending(agent);
    const pdf = await send(submission!.documents[0]!.url, { jar: admin.jar });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toContain("no-store");
    expect(
      (
        await send(`/api/v1/admin/verification-submissions/${submission!.id}/approve`, {
          json: {},
          jar: admin.jar,
        })
      ).status,
    ).toBe(200);
    const [person] = await app.handle.db
      .select({ until: user.businessVerifiedUntil })
      .from(user)
      .where(eq(user.id, agent.id));
    expect(person!.until?.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    const [agency] = await app.handle.db
      .select({ at: agencies.businessVerifiedAt })
      .from(agencies)
      .where(eq(agencies.ownerId, agent.id));
    expect(agency!.at).not.toBeNull();
  });

  it("lets the administrator add and edit licence kinds, audited, and nobody else", async () => {
    const added = await send("/api/v1/admin/licence-kinds", {
      json: { countryCode: "GH", profession: "architect", name: "ARC Ghana registration" },
      jar: admin.jar,
    });
    expect(added.status).toBe(201);
    const kind = (await added.json()) as { id: number };
    const duplicate = await send("/api/v1/admin/licence-kinds", {
      json: { countryCode: "GH", profession: "architect", name: "ARC Ghana registration" },
      jar: admin.jar,
    });
    expect(duplicate.status).toBe(409);
    const edited = await send(`/api/v1/admin/licence-kinds/${kind.id}`, {
      method: "PATCH",
      json: {
        countryCode: "GH",
        profession: "architect",
        name: "Architects Registration Council",
        active: false,
      },
      jar: admin.jar,
    });
    expect(edited.status).toBe(200);
    const [row] = await app.handle.db
      .select()
      .from(licenceKinds)
      .where(eq(licenceKinds.id, kind.id));
    expect(row).toMatchObject({ name: "Architects Registration Council", active: false });
    const offered = (await (await send("/api/v1/licence-kinds?countryCode=GH")).json()) as {
      licenceKinds: { id: number }[];
    };
    expect(offered.licenceKinds.some((k) => k.id === kind.id)).toBe(false);
    const agent = await makeUser({ role: "agent" });
    expect(
      (
        await send("/api/v1/admin/licence-kinds", {
          json: { countryCode: "GH", profession: "lawyer", name: "Mine" },
          jar: agent.jar,
        })
      ).status,
    ).toBe(403);
    const entries = await app.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(kind.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(["licence-kind.add", "licence-kind.edit"]);
  });

  it("deletes the files 30 days after the decision and records it on the rows", async () => {
    const person = await makeUser({ role: "user" });
    expect((await submitIdentity(person)).status).toBe(201);
    const [submission] = await pending(person);
    await send(`/api/v1/admin/verification-submissions/${submission!.id}/reject`, {
      json: { reason: "Blurred." },
      jar: admin.jar,
    });
    const rows = await app.handle.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.submissionId, submission!.id));
    const files = rows.map((r) => documentPath(r.fileKey));
    // 29 days on: kept.
    await deleteExpiredDocuments(new Date(Date.now() + 29 * 86_400_000));
    for (const file of files) await expect(stat(file)).resolves.toBeDefined();
    // 31 days on: gone, and the rows say when.
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await deleteExpiredDocuments(later)).toBeGreaterThanOrEqual(3);
    for (const file of files) await expect(stat(file)).rejects.toThrow();
    const after = await app.handle.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.submissionId, submission!.id));
    expect(after.every((r) => r.deletedAt !== null)).toBe(true);
    const [decided] = await app.handle.db
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.id, submission!.id));
    expect(decided!.documentsDeletedAt).not.toBeNull();
    expect(decided!.reason).toBe("Blurred.");
    // The administrator's address of a deleted file answers 404.
    expect((await send(documentUrl(rows[0]!.id), { jar: admin.jar })).status).toBe(404);
  });

  it("removes the files with the account", async () => {
    const person = await makeUser({ role: "user" });
    expect((await submitIdentity(person)).status).toBe(201);
    const rows = await app.handle.db
      .select({ fileKey: verificationDocuments.fileKey })
      .from(verificationDocuments)
      .innerJoin(
        verificationSubmissions,
        eq(verificationSubmissions.id, verificationDocuments.submissionId),
      )
      .where(eq(verificationSubmissions.userId, person.id));
    expect(rows).toHaveLength(3);
    const removed = await send(`/api/v1/admin/users/${person.id}`, {
      method: "DELETE",
      jar: admin.jar,
    });
    expect(removed.status).toBeLessThan(300);
    for (const row of rows) await expect(stat(documentPath(row.fileKey))).rejects.toThrow();
  });

  it("refuses to start in production without the document key, and takes a 32-byte base64 key", () => {
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://localhost:25",
      PAYMENT_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: "sk",
    };
    expect(() => parseConfig(production)).toThrow(/VERIFICATION_DOCUMENT_KEY/);
    expect(() => parseConfig({ VERIFICATION_DOCUMENT_KEY: "too-short" })).toThrow(ConfigError);
    const key = Buffer.alloc(32, 9).toString("base64");
    const config = parseConfig({ ...production, VERIFICATION_DOCUMENT_KEY: key });
    expect(config.verificationDocumentKey?.length).toBe(32);
  });
});
