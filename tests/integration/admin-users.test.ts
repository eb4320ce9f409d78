import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { desc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadViewer } from "../../app/auth/session.server.ts";
import {
  auditLog,
  favorites,
  listingImages,
  listings,
  listingUploads,
  session,
  user,
} from "../../app/db/schema/index.ts";
import type { UserEdit } from "../../app/lib/schemas/admin-users.ts";
import * as userManagement from "../../app/routes/dashboard/user-management.tsx";
import { deleteUser, editUser, listUsers } from "../../app/services/admin/users.server.ts";
import { IMAGE_VARIANTS, storeImage, variantKey } from "../../app/services/media/images.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createPageHandler, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

const PATH = "/dashboard/user-management";

type UsersPageData = Awaited<ReturnType<typeof userManagement.loader>>;

describe(`admin user management on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let page: PageHandler;
  let admin: MadeUser;
  let agent: MadeUser;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    page = await createPageHandler(app);
    admin = await makeUser({ role: "admin" });
    agent = await makeUser({ role: "agent", name: "Kwame Mensah" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const stored = async (id: string) =>
    (await app.handle.db.select().from(user).where(eq(user.id, id)))[0];

  const auditEntries = () =>
    app.handle.db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id));

  function post(who: MadeUser, form: Record<string, string>) {
    return app.action(userManagement, PATH, form, who.jar);
  }

  describe("the list", () => {
    it("searches by name or e-mail, case-insensitively, and pages", async () => {
      const made = [];
      for (const name of ["Zainab Okafor", "Zainab Bello", "Thabo Nkosi"]) {
        made.push(await makeUser({ role: "user", name }));
      }
      const byName = (await app.loader(
        userManagement,
        `${PATH}?q=zainab`,
        admin.jar,
      )) as UsersPageData;
      expect(byName.rows.map((r) => r.name).sort()).toEqual(["Zainab Bello", "Zainab Okafor"]);
      expect(byName.total).toBe(2);
      expect(byName.query).toBe("zainab");

      const thabo = made[2]!;
      const byEmail = (await app.loader(
        userManagement,
        `${PATH}?q=${encodeURIComponent(thabo.email.toUpperCase())}`,
        admin.jar,
      )) as UsersPageData;
      expect(byEmail.rows.map((r) => r.id)).toEqual([thabo.id]);
      // Pattern characters are searched for as themselves.
      const literal = (await app.loader(
        userManagement,
        `${PATH}?q=%25`,
        admin.jar,
      )) as UsersPageData;
      expect(literal.rows).toEqual([]);

      const first = await listUsers({ actor: admin.viewer, pageSize: 2, page: 1 });
      const second = await listUsers({ actor: admin.viewer, pageSize: 2, page: 2 });
      expect(first.rows).toHaveLength(2);
      expect(first.pageCount).toBe(Math.ceil(first.total / 2));
      expect(second.page).toBe(2);
      expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
      // Newest first; a page past the end is the last one, a bad page number the first.
      expect(first.rows[0]!.id).toBe(thabo.id);
      const past = await listUsers({ actor: admin.viewer, pageSize: 2, page: 999 });
      expect(past.page).toBe(first.pageCount);
      const bad = (await app.loader(
        userManagement,
        `${PATH}?page=banana`,
        admin.jar,
      )) as UsersPageData;
      expect(bad.page).toBe(1);

      // The administrator's own row can be neither deleted nor given another type.
      const all = (await app.loader(
        userManagement,
        `${PATH}?q=${encodeURIComponent(admin.email)}`,
        admin.jar,
      )) as UsersPageData;
      expect(all.rows[0]).toMatchObject({
        role: "admin",
        may: { changeRole: false, delete: false },
      });
    });

    it("renders the rows, and without scripts the Edit form and the Delete question", async () => {
      const html = await textOf(await page(PATH, { jar: admin.jar }));
      expect(html).toContain(agent.email);
      expect(html).toContain(`href="${PATH}?edit=${agent.id}#user-panel"`);
      expect(html).toContain(`href="${PATH}?delete=${agent.id}#user-panel"`);
      // The administrator's own row offers no Delete.
      expect(html).not.toContain(`?delete=${admin.id}`);

      const editing = await textOf(await page(`${PATH}?edit=${agent.id}`, { jar: admin.jar }));
      expect(editing).toContain("Edit user");
      expect(editing).toMatch(/<select[^>]*name="role"/);
      const deleting = await textOf(await page(`${PATH}?delete=${agent.id}`, { jar: admin.jar }));
      expect(deleting).toContain("Are you sure you want to delete this user?");
      expect(deleting).toContain('name="intent" value="delete"');
    });

    it("answers the API with the same search and paging, and names a bad parameter", async () => {
      const response = await send(`/api/v1/admin/users?q=${encodeURIComponent(agent.email)}`, {
        jar: admin.jar,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { rows: { id: string; role: string }[] };
      expect(body.rows).toEqual([expect.objectContaining({ id: agent.id, role: "agent" })]);
      const bad = await send("/api/v1/admin/users?page=0", { jar: admin.jar });
      expect(bad.status).toBe(400);
    });
  });

  describe("editing", () => {
    it("changes the name and the account type with a toast and an audit entry", async () => {
      const person = await makeUser({ role: "user", name: "Ama Serwaa" });
      const result = await post(admin, {
        intent: "edit",
        userId: person.id,
        name: "  Ama   Serwaa Owusu ",
        role: "professional",
        returnTo: `${PATH}?q=ama`,
      });
      expect(location(result)).toBe(`${PATH}?q=ama`);
      expect(toastOf(result)).toMatchObject({
        title: "dashboard.users.updated",
        params: { name: "Ama Serwaa Owusu" },
      });
      expect(await stored(person.id)).toMatchObject({
        name: "Ama Serwaa Owusu",
        role: "professional",
      });
      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        action: "user.edit",
        targetType: "user",
        targetId: person.id,
        detail: {
          email: person.email,
          oldName: "Ama Serwaa",
          newName: "Ama Serwaa Owusu",
          oldRole: "user",
          newRole: "professional",
        },
      });
      // The person's next request sees the new type.
      expect((await loadViewer(new Headers({ cookie: person.cookie })))?.role).toBe("professional");
    });

    it("edits through the API, and refuses granting admin there", async () => {
      const person = await makeUser({ role: "agent", name: "Kofi Annan" });
      const patched = await send(`/api/v1/admin/users/${person.id}`, {
        method: "PATCH",
        json: { role: "user" },
        jar: admin.jar,
      });
      expect(patched.status).toBe(200);
      expect(await patched.json()).toMatchObject({
        id: person.id,
        role: "user",
        name: "Kofi Annan",
      });

      const before = await databaseSnapshot(app.handle.db);
      const grant = await send(`/api/v1/admin/users/${person.id}`, {
        method: "PATCH",
        json: { role: "admin" },
        jar: admin.jar,
      });
      expect(grant.status).toBe(400);
      const empty = await send(`/api/v1/admin/users/${person.id}`, {
        method: "PATCH",
        json: {},
        jar: admin.jar,
      });
      expect(empty.status).toBe(400);
      const missing = await send("/api/v1/admin/users/no-such-account", {
        method: "PATCH",
        json: { name: "Ghost" },
        jar: admin.jar,
      });
      expect(missing.status).toBe(404);
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });

    it("refuses every forbidden change with a toast and changes nothing", async () => {
      const person = await makeUser({ role: "agent", name: "Nomvula Dlamini" });
      const cases: [Record<string, string>, string][] = [
        [{ userId: person.id, name: "X", role: "admin" }, "dashboard.users.errors.invalidRole"],
        [{ userId: person.id, name: "   ", role: "agent" }, "dashboard.users.errors.nameRequired"],

        [
          { userId: admin.id, name: admin.name, role: "user" },
          "dashboard.users.errors.cannotDemoteSelf",
        ],
        [
          { userId: "no-such-account", name: "Ghost", role: "user" },
          "dashboard.users.errors.notFound",
        ],
      ];
      for (const [form, description] of cases) {
        const before = await databaseSnapshot(app.handle.db);
        const result = await post(admin, { intent: "edit", ...form });
        expect(location(result), description).toBe(PATH);
        expect(toastOf(result), description).toMatchObject({
          title: "dashboard.users.updateFailed",
          description,
        });
        expect(changedTables(before, await databaseSnapshot(app.handle.db)), description).toEqual(
          [],
        );
      }
      // Sending what is stored is a notice, not an error.
      const same = await post(admin, {
        intent: "edit",
        userId: person.id,
        name: person.name,
        role: "agent",
      });
      expect(toastOf(same)).toEqual({
        title: "dashboard.users.noChanges",
        description: "dashboard.users.errors.noChanges",
      });
      // The administrator may still rename their own account.
      const renamed = await post(admin, { intent: "edit", userId: admin.id, name: "Site Admin" });
      expect(toastOf(renamed)).toMatchObject({ title: "dashboard.users.updated" });
      expect(await stored(admin.id)).toMatchObject({ name: "Site Admin", role: "admin" });
    });

    it("keeps the admin role tied to ADMIN_EMAIL in the service itself", async () => {
      const person = await makeUser({ role: "user" });
      const grant = await refusalOf(
        editUser({
          actor: admin.viewer,
          userId: person.id,
          edit: { role: "admin" } as unknown as UserEdit,
        }),
      );
      expect(grant.message).toBe("dashboard.users.errors.cannotGrantAdmin");
      // Another administrator (were there one) could not change the admin address's type either.
      const otherAdmin = { id: person.id, role: "admin" as const };
      const fixed = await refusalOf(
        editUser({ actor: otherAdmin, userId: admin.id, edit: { role: "agent" } }),
      );
      expect(fixed.message).toBe("dashboard.users.errors.adminRoleFixed");
      const kept = await refusalOf(deleteUser({ actor: otherAdmin, userId: admin.id }));
      expect(kept.message).toBe("dashboard.users.errors.cannotDeleteAdmin");
      expect(await stored(admin.id)).toMatchObject({ role: "admin" });
      expect((await stored(person.id))?.role).toBe("user");
    });
  });

  describe("refusals for other callers", () => {
    it("refuses agents and users on the page, the action and the API, and changes nothing", async () => {
      const victim = await makeUser({ role: "user", name: "Untouched Person" });
      for (const caller of [agent, await makeUser({ role: "user" })]) {
        const before = await databaseSnapshot(app.handle.db);
        const forms: Record<string, string>[] = [
          { intent: "edit", userId: victim.id, name: "Hacked", role: "agent" },
          { intent: "delete", userId: victim.id },
        ];
        for (const form of forms) {
          const result = await post(caller, form);
          expect(location(result)).toBe("/dashboard/overview");
          expect(toastOf(result)).toMatchObject({ title: "auth.toasts.accessDenied" });
        }
        const patch = await send(`/api/v1/admin/users/${victim.id}`, {
          method: "PATCH",
          json: { name: "Hacked" },
          jar: caller.jar,
        });
        expect(patch.status).toBe(403);
        const del = await send(`/api/v1/admin/users/${victim.id}`, {
          method: "DELETE",
          jar: caller.jar,
        });
        expect(del.status).toBe(403);
        expect((await send("/api/v1/admin/users", { jar: caller.jar })).status).toBe(403);
        expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      }
      const visitor = await send(`/api/v1/admin/users/${victim.id}`, { method: "DELETE" });
      expect(visitor.status).toBe(401);
      expect(await stored(victim.id)).toMatchObject({ name: "Untouched Person" });
    });
  });

  describe("deleting", () => {
    const mediaDir = () => path.join(app.dataDir, "media");

    async function picture(): Promise<Buffer> {
      return sharp({ create: { width: 800, height: 600, channels: 3, background: "#13644d" } })
        .jpeg()
        .toBuffer();
    }

    async function listingWithImages(owner: MadeUser, count: number) {
      const { id } = await makeListing({ owner });
      const keys: string[] = [];
      for (let position = 0; position < count; position += 1) {
        const img = await storeImage(getMediaStorage(), await picture(), "listings");
        await app.handle.db.insert(listingImages).values({
          listingId: id,
          position,
          storageKey: img.storageKey,
          width: img.width,
          height: img.height,
        });
        keys.push(img.storageKey);
      }
      return { id, keys };
    }

    function files(keys: string[]): string[] {
      return keys.flatMap((key) =>
        (Object.keys(IMAGE_VARIANTS) as (keyof typeof IMAGE_VARIANTS)[]).map((variant) =>
          path.join(mediaDir(), variantKey(key, variant)),
        ),
      );
    }

    it("refuses deleting oneself, the admin address and unknown ids, with toasts", async () => {
      for (const [userId, description] of [
        [admin.id, "dashboard.users.errors.cannotDeleteSelf"],
        ["no-such-account", "dashboard.users.errors.notFound"],
        ["x".repeat(100), "dashboard.users.errors.notFound"],
        ["bad\u0000id", "dashboard.users.errors.notFound"],
      ] as const) {
        const before = await databaseSnapshot(app.handle.db);
        const result = await post(admin, { intent: "delete", userId });
        expect(toastOf(result)).toMatchObject({
          title: "dashboard.users.deleteFailed",
          description,
        });
        expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      }
      const api = await send(`/api/v1/admin/users/${admin.id}`, {
        method: "DELETE",
        jar: admin.jar,
      });
      expect(api.status).toBe(403);
      const unknown = await send("/api/v1/admin/users/%F0%9F%98%80", {
        method: "DELETE",
        jar: admin.jar,
      });
      expect(unknown.status).toBe(404);
      for (const method of ["PATCH", "DELETE"]) {
        const nul = await send("/api/v1/admin/users/%00", {
          method,
          json: method === "PATCH" ? { name: "Ghost" } : undefined,
          jar: admin.jar,
        });
        expect(nul.status, method).toBe(404);
      }
      // A form without an id is unreadable: a 400, not a 500.
      const bad = await post(admin, { intent: "delete" }).catch((e: unknown) => e);
      expect((bad as Response).status).toBe(400);
    });

    it("removes the account with its listings, images (rows and files), favourites and sessions", async () => {
      const doomed = await makeUser({ role: "agent", name: "Leaving Agent" });
      const other = await makeUser({ role: "agent", name: "Staying Agent" });
      const mine = [await listingWithImages(doomed, 2), await listingWithImages(doomed, 1)];
      const theirs = await listingWithImages(other, 1);
      const upload = await storeImage(getMediaStorage(), await picture(), "listings");
      await app.handle.db.insert(listingUploads).values({
        storageKey: upload.storageKey,
        userId: doomed.id,
        width: upload.width,
        height: upload.height,
      });
      await app.handle.db.insert(favorites).values([
        { userId: doomed.id, listingId: theirs.id },
        { userId: other.id, listingId: mine[0]!.id },
        { userId: other.id, listingId: theirs.id },
      ]);
      await app.handle.db.insert(session).values({
        id: randomUUID(),
        token: randomUUID(),
        userId: doomed.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const doomedFiles = files([...mine.flatMap((l) => l.keys), upload.storageKey]);
      expect(doomedFiles.every((f) => existsSync(f))).toBe(true);

      const result = await post(admin, {
        intent: "delete",
        userId: doomed.id,
        returnTo: `${PATH}?page=1`,
      });
      expect(location(result)).toBe(`${PATH}?page=1`);
      expect(toastOf(result)).toMatchObject({
        title: "dashboard.users.deleted",
        params: { email: doomed.email },
      });

      const db = app.handle.db;
      expect(await stored(doomed.id)).toBeUndefined();
      expect(await db.select().from(session).where(eq(session.userId, doomed.id))).toEqual([]);
      expect(await db.select().from(listings).where(eq(listings.userId, doomed.id))).toEqual([]);
      expect(
        await db
          .select()
          .from(listingImages)
          .where(
            inArray(
              listingImages.listingId,
              mine.map((l) => l.id),
            ),
          ),
      ).toEqual([]);
      expect(
        await db.select().from(listingUploads).where(eq(listingUploads.userId, doomed.id)),
      ).toEqual([]);
      expect(doomedFiles.some((f) => existsSync(f))).toBe(false);
      expect(await loadViewer(new Headers({ cookie: doomed.cookie }))).toBeNull();
      // Only the other agent's favourite of their own listing is left.
      expect(
        await db
          .select({ userId: favorites.userId, listingId: favorites.listingId })
          .from(favorites)
          .where(inArray(favorites.userId, [doomed.id, other.id])),
      ).toEqual([{ userId: other.id, listingId: theirs.id }]);
      // Everybody else's rows and files are untouched.
      expect(await stored(other.id)).toBeDefined();
      expect(await db.select().from(listings).where(eq(listings.id, theirs.id))).toHaveLength(1);
      expect(files(theirs.keys).every((f) => existsSync(f))).toBe(true);

      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        actorId: admin.id,
        action: "user.delete",
        targetType: "user",
        targetId: doomed.id,
        detail: { email: doomed.email, name: "Leaving Agent", listings: 2 },
      });
    });

    it("deletes through the API", async () => {
      const doomed = await makeUser({ role: "user" });
      const response = await send(`/api/v1/admin/users/${doomed.id}`, {
        method: "DELETE",
        jar: admin.jar,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ email: doomed.email, listings: 0 });
      expect(await stored(doomed.id)).toBeUndefined();
      const again = await send(`/api/v1/admin/users/${doomed.id}`, {
        method: "DELETE",
        jar: admin.jar,
      });
      expect(again.status).toBe(404);
    });
  });
});
