import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../app/db/schema/index.ts";
import { AUDIT_ACTIONS } from "../../app/lib/admin-values.ts";
import * as auditLogPage from "../../app/routes/dashboard/audit-log.tsx";
import { deleteUser, editUser } from "../../app/services/admin/users.server.ts";
import { listAuditEntries } from "../../app/services/admin/audit.server.ts";
import {
  moderateListing,
  setListingAttribute,
} from "../../app/services/listings/moderation.server.ts";
import { isMessageKey } from "../../app/i18n/translate.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createPageHandler, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

type AuditPageData = Awaited<ReturnType<typeof auditLogPage.loader>>;
const PATH = "/dashboard/audit-log";

describe(`audit log on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let page: PageHandler;
  let admin: MadeUser;
  let agent: MadeUser;
  let approvedId: number;
  let rejectedId: number;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    page = await createPageHandler(app);
    admin = await makeUser({ role: "admin" });
    agent = await makeUser({ role: "agent", name: "Kwame Mensah" });

    // Each administrator action the other tabs record, in order.
    approvedId = (await makeListing({ owner: agent, status: "pending_approval", title: "Villa" }))
      .id;
    rejectedId = (await makeListing({ owner: agent, status: "pending_approval", title: "Shed" }))
      .id;
    await moderateListing({ actor: admin.viewer, listingId: approvedId, decision: "approved" });
    await moderateListing({
      actor: admin.viewer,
      listingId: rejectedId,
      decision: "rejected",
      reason: "Blurry photos",
    });
    await setListingAttribute({
      actor: admin.viewer,
      listingId: approvedId,
      attribute: "featured",
      value: true,
    });
    await setListingAttribute({
      actor: admin.viewer,
      listingId: approvedId,
      attribute: "premium",
      value: true,
    });
    const person = await makeUser({ role: "user", name: "Esi Mensah" });
    await editUser({ actor: admin.viewer, userId: person.id, edit: { role: "agent" } });
    await deleteUser({ actor: admin.viewer, userId: person.id });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("records moderation, switches and user changes with who, what and when", async () => {
    const rows = await app.handle.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual([
      "listing.approve",
      "listing.reject",
      "listing.feature",
      "listing.premium",
      "user.edit",
      "user.delete",
    ]);
    expect(rows.every((r) => r.actorId === admin.id && r.actorEmail === admin.email)).toBe(true);
    expect(rows[0]).toMatchObject({
      targetType: "listing",
      targetId: String(approvedId),
      detail: { title: "Villa" },
    });
    expect(rows[1]?.detail).toEqual({ title: "Shed", reason: "Blurry photos" });
    expect(rows[2]?.detail).toEqual({ title: "Villa", featured: true });
    expect(rows[3]?.detail).toEqual({ title: "Villa", premium: true });
    expect(rows[4]?.detail).toMatchObject({ oldRole: "user", newRole: "agent" });
    expect(rows[5]?.detail).toMatchObject({ name: "Esi Mensah", listings: 0 });
  });

  it("lists the entries newest first on the tab, filtered by action and paged", async () => {
    const all = (await app.loader(auditLogPage, PATH, admin.jar)) as AuditPageData;
    expect(all.total).toBe(6);
    expect(all.rows.map((r) => r.action)).toEqual([
      "user.delete",
      "user.edit",
      "listing.premium",
      "listing.feature",
      "listing.reject",
      "listing.approve",
    ]);
    const rejected = (await app.loader(
      auditLogPage,
      `${PATH}?action=listing.reject`,
      admin.jar,
    )) as AuditPageData;
    expect(rejected.rows.map((r) => r.targetId)).toEqual([String(rejectedId)]);
    expect(rejected.action).toBe("listing.reject");
    // An unknown action is no filter, a bad page the first.
    const unknown = (await app.loader(
      auditLogPage,
      `${PATH}?action=drop-tables&page=x`,
      admin.jar,
    )) as AuditPageData;
    expect(unknown).toMatchObject({ action: null, page: 1, total: 6 });

    const second = await listAuditEntries({ actor: admin.viewer, page: 2, pageSize: 4 });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 6 });
    expect(second.rows.map((r) => r.action)).toEqual(["listing.reject", "listing.approve"]);
  });

  it("shows a readable sentence, the actor and a link to the listing on the page", async () => {
    for (const action of AUDIT_ACTIONS) {
      expect(isMessageKey(`dashboard.audit.actions.${action}`), action).toBe(true);
    }
    const response = await page(PATH, { jar: admin.jar });
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toContain("Approved a listing");
    expect(html).toContain("Deleted a user");
    expect(html).toContain(admin.email);
    expect(html).toContain(`href="/listing/${approvedId}"`);
    expect(html).toContain("Blurry photos");
    expect(html).toContain("Account type: Regular User → Agent");
  });

  it("answers the API, with the filter, and names a bad parameter", async () => {
    const response = await send("/api/v1/admin/audit-log?action=listing.feature", {
      jar: admin.jar,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rows: { action: string; actorEmail: string }[] };
    expect(body.rows).toEqual([
      expect.objectContaining({ action: "listing.feature", actorEmail: admin.email }),
    ]);
    const bad = await send("/api/v1/admin/audit-log?action=nope", { jar: admin.jar });
    expect(bad.status).toBe(400);
  });

  it("is for the administrator only", async () => {
    const refused = await app.loader(auditLogPage, PATH, agent.jar);
    expect(location(refused)).toBe("/dashboard/overview");
    expect(toastOf(refused)).toMatchObject({ title: "auth.toasts.accessDenied" });
    expect((await send("/api/v1/admin/audit-log", { jar: agent.jar })).status).toBe(403);
    expect((await send("/api/v1/admin/audit-log")).status).toBe(401);
  });
});
