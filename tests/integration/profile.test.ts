import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, createAuth, getAuth, setAuth } from "../../app/auth/auth.server.ts";
import { loadViewer } from "../../app/auth/session.server.ts";
import { viewerContext, type Viewer } from "../../app/auth/viewer.ts";
import { getConfig } from "../../app/config.server.ts";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import {
  account,
  favorites,
  listingImages,
  listings,
  session,
  user,
} from "../../app/db/schema/index.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import type { Mailer } from "../../app/email/mailer.server.ts";
import { isMessageKey } from "../../app/i18n/translate.ts";
import { AppError } from "../../app/lib/app-error.ts";
import type { Role } from "../../app/lib/roles.ts";
import { isValidPhone, sniffImageFormat } from "../../app/lib/schemas/profile.ts";
import { action, loader } from "../../app/routes/dashboard/profile.tsx";
import {
  deleteAccount,
  getProfile,
  updateProfile,
} from "../../app/services/accounts/profile.server.ts";
import { changeAccountType } from "../../app/services/accounts/roles.server.ts";
import { storedAvatarKey } from "../../app/services/media/avatar.server.ts";
import { storeImage, variantKey, IMAGE_VARIANTS } from "../../app/services/media/images.server.ts";
import {
  createDiskStorage,
  setMediaStorage,
  type MediaStorage,
} from "../../app/storage/media-storage.server.ts";
import { captureLog } from "../support/log-capture.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";
import { toastOf } from "../support/flash.ts";

const PASSWORD = "secret12";

/** A solid-colour image of the given format, made on the spot. */
function image(
  format: "png" | "jpeg" | "gif" | "webp",
  width = 600,
  height = 400,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#13644d" } })
    .toFormat(format)
    .toBuffer();
}

/** A real PNG of about 3 MB: noise does not compress. */
function noisyPng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1100,
      height: 1000,
      channels: 3,
      background: "#777",
      noise: { type: "gaussian", mean: 128, sigma: 80 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function expectRefusal(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(isMessageKey(appError.message)).toBe(true);
  return appError;
}

describe(`profile on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  let storage: MediaStorage;
  let ipCounter = 0;

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
    await seedReferenceData(handle.db);
    mediaDir = mkdtempSync(path.join(tmpdir(), "gateway-profile-"));
    storage = createDiskStorage(mediaDir);
    setMediaStorage(storage);
    // Real better-auth on the test database, for the route's password and sign-out calls.
    const mailer: Mailer = { kind: "outbox", send: async () => undefined };
    const config = {
      ...getConfig(),
      dataDir: mediaDir,
      authSecret: "profile-test-secret-profile-test-secret-0123",
    };
    setAuth(createAuth({ config, db: handle.db, mailer }));
  });

  afterAll(async () => {
    setAuth(undefined);
    setDatabase(undefined);
    await handle.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await handle.db.delete(user);
  });

  async function makeUser(
    options: { role?: Role | null; name?: string; phone?: string | null } = {},
  ): Promise<Viewer> {
    const id = randomUUID();
    const email = `${id.slice(0, 8)}@example.com`;
    const [row] = await handle.db
      .insert(user)
      .values({
        id,
        email,
        name: options.name ?? "Amara Okafor",
        phone: options.phone ?? null,
        role: options.role === undefined ? "user" : options.role,
        emailVerified: true,
      })
      .returning();
    return {
      id,
      email,
      name: row!.name,
      role: (row!.role as Role | null) ?? null,
      phone: row!.phone,
      avatarUrl: null,
      emailVerified: true,
      createdAt: row!.createdAt.toISOString(),
    };
  }

  async function stored(id: string) {
    const [row] = await handle.db.select().from(user).where(eq(user.id, id));
    return row;
  }

  function fileOf(url: string | null | undefined): string {
    const key = storedAvatarKey(url);
    expect(key).not.toBeNull();
    return path.join(mediaDir, key!);
  }

  function avatarFiles(): string[] {
    const dir = path.join(mediaDir, "avatars");
    return existsSync(dir) ? readdirSync(dir) : [];
  }

  describe("profile details", () => {
    it("requires a full name and changes nothing without one", async () => {
      const viewer = await makeUser({ phone: "+233 20 123 4567" });
      for (const name of ["", "   ", undefined]) {
        const error = await expectRefusal(
          updateProfile({ viewer, name, phone: "+234 801 234 5678" }),
        );
        expect(error.code).toBe("VALIDATION_FAILED");
        expect(error.status).toBe(400);
        expect(error.fieldErrors).toEqual({ name: "profile.errors.nameRequired.description" });
        expect(error.message).toBe("profile.errors.nameRequired.description");
      }
      expect(await stored(viewer.id)).toMatchObject({
        name: "Amara Okafor",
        phone: "+233 20 123 4567",
      });
    });

    it("refuses a name with direction characters or an e-mail address in it, as update-user does", async () => {
      const viewer = await makeUser({ phone: "+233 20 123 4567" });
      for (const [name, code] of [
        ["Amara \u202Egpj.exe", "invalidCharacters"],
        ["amara@example.com", "nameIsEmail"],
      ] as const) {
        const error = await expectRefusal(updateProfile({ viewer, name, phone: "" }));
        expect(error.status).toBe(400);
        expect(error.fieldErrors).toEqual({ name: `profile.errors.${code}.description` });
      }
      expect(await stored(viewer.id)).toMatchObject({ name: "Amara Okafor" });
    });

    it("saves a trimmed name and a phone in the allowed characters", async () => {
      const viewer = await makeUser();
      for (const phone of ["+234 801 234 5678", "(020) 123-4567", "0201234567"]) {
        const result = await updateProfile({ viewer, name: "  Kofi Boateng ", phone });
        expect(result).toMatchObject({ changed: true, name: "Kofi Boateng", phone });
        expect(await stored(viewer.id)).toMatchObject({ name: "Kofi Boateng", phone });
      }
    });

    it("refuses an invalid phone number and changes nothing", async () => {
      const viewer = await makeUser({ phone: "0201234567" });
      for (const phone of ["abc", "+23+4", "234+", "12", "+234 801 234 5678 ext 9", "--()--"]) {
        const error = await expectRefusal(updateProfile({ viewer, name: "Someone Else", phone }));
        expect(error.fieldErrors).toEqual({ phone: "profile.errors.invalidPhone.description" });
      }
      expect(await stored(viewer.id)).toMatchObject({ name: "Amara Okafor", phone: "0201234567" });
      expect(isValidPhone("+234 801 234 5678")).toBe(true);
      expect(isValidPhone("+23+4")).toBe(false);
    });

    it("clears the phone when the field is emptied", async () => {
      const viewer = await makeUser({ phone: "0201234567" });
      await updateProfile({ viewer, name: "Amara Okafor", phone: "  " });
      expect((await stored(viewer.id))?.phone).toBeNull();
    });

    it("answers 'No changes' when nothing differs and writes nothing", async () => {
      const viewer = await makeUser({ phone: "+234 801 234 5678" });
      const before = await stored(viewer.id);
      const result = await updateProfile({
        viewer,
        name: " Amara Okafor ",
        phone: "+234  801 234 5678",
      });
      expect(result).toEqual({ changed: false });
      expect((await stored(viewer.id))?.updatedAt).toEqual(before?.updatedAt);

      const noPhone = await makeUser();
      expect(await updateProfile({ viewer: noPhone, name: "Amara Okafor", phone: "" })).toEqual({
        changed: false,
      });
    });
  });

  describe("avatar", () => {
    it("re-encodes a PNG into a 256×256 WebP under avatars/ and saves its URL", async () => {
      const viewer = await makeUser();
      const result = await updateProfile({
        viewer,
        name: viewer.name,
        phone: "",
        avatar: await image("png", 900, 500),
      });
      expect(result.changed).toBe(true);
      const row = await stored(viewer.id);
      expect(row?.avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{24}\.webp$/);
      const meta = await sharp(fileOf(row?.avatarUrl)).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    });

    it("accepts a JPEG and a GIF, judged by content", async () => {
      const viewer = await makeUser();
      for (const format of ["jpeg", "gif"] as const) {
        const avatar = await image(format, 300, 300);
        expect(sniffImageFormat(avatar)).toBe(format);
        await updateProfile({ viewer, name: viewer.name, phone: "", avatar });
        const meta = await sharp(fileOf((await stored(viewer.id))?.avatarUrl)).metadata();
        expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
      }
    });

    it("keeps none of the original's EXIF, GPS or other metadata", async () => {
      const viewer = await makeUser();
      const avatar = await sharp({
        create: { width: 400, height: 300, channels: 3, background: "#fb9b24" },
      })
        .jpeg()
        .withMetadata({
          exif: {
            IFD0: { Copyright: "x", Artist: "Someone" },
            IFD3: { GPSLatitudeRef: "N", GPSLatitude: "5/1 33/1 0/1" },
          },
        })
        .toBuffer();
      expect((await sharp(avatar).metadata()).exif).toBeDefined();
      await updateProfile({ viewer, name: viewer.name, phone: "", avatar });
      const meta = await sharp(fileOf((await stored(viewer.id))?.avatarUrl)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    });

    it("turns the photo upright from its EXIF orientation before cropping", async () => {
      const viewer = await makeUser();
      // Left half red, right half blue, stored sideways: orientation 6 turns it 90° clockwise,
      // so upright the red half is on top.
      const sideways = await sharp({
        create: { width: 400, height: 200, channels: 3, background: "#0000ff" },
      })
        .composite([
          {
            input: { create: { width: 200, height: 200, channels: 3, background: "#ff0000" } },
            left: 0,
            top: 0,
          },
        ])
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      await updateProfile({ viewer, name: viewer.name, phone: "", avatar: sideways });
      const { data, info } = await sharp(fileOf((await stored(viewer.id))?.avatarUrl))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const i = (y * info.width + x) * info.channels;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
      expect(pixel(128, 10)[0]).toBeGreaterThan(200);
      expect(pixel(128, 245)[2]).toBeGreaterThan(200);
    });

    it("refuses a renamed text file, a WebP and a broken PNG, storing nothing", async () => {
      const viewer = await makeUser();
      const filesBefore = avatarFiles();
      const brokenPng = Buffer.concat([(await image("png")).subarray(0, 40), Buffer.alloc(200)]);
      const refused = [
        Buffer.from("This is a plain text file renamed to avatar.png\n"),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        await image("webp"),
        brokenPng,
        Buffer.alloc(0),
      ];
      for (const avatar of refused) {
        const error = await expectRefusal(
          updateProfile({ viewer, name: "New Name", phone: "", avatar }),
        );
        expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
        expect(error.fieldErrors).toEqual({ avatar: "profile.errors.invalidType.description" });
      }
      expect(avatarFiles()).toEqual(filesBefore);
      expect(await stored(viewer.id)).toMatchObject({ name: "Amara Okafor", avatarUrl: null });
    });

    it("refuses a file over 2 MB, even a real image", async () => {
      const viewer = await makeUser();
      const filesBefore = avatarFiles();
      const big = await noisyPng();
      expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
      const error = await expectRefusal(
        updateProfile({ viewer, name: viewer.name, phone: "", avatar: big }),
      );
      expect(error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(error.fieldErrors).toEqual({ avatar: "profile.errors.fileTooLarge.description" });
      expect(avatarFiles()).toEqual(filesBefore);
      expect((await stored(viewer.id))?.avatarUrl).toBeNull();
    });

    it("removes the old avatar file when it is replaced", async () => {
      const viewer = await makeUser();
      await updateProfile({ viewer, name: viewer.name, phone: "", avatar: await image("png") });
      const first = (await stored(viewer.id))?.avatarUrl;
      expect(existsSync(fileOf(first))).toBe(true);

      await updateProfile({ viewer, name: viewer.name, phone: "", avatar: await image("jpeg") });
      const second = (await stored(viewer.id))?.avatarUrl;
      expect(second).not.toBe(first);
      expect(existsSync(fileOf(second))).toBe(true);
      expect(existsSync(fileOf(first))).toBe(false);
    });

    it("only ever deletes files it stored itself", () => {
      expect(storedAvatarKey("https://lh3.googleusercontent.com/a/photo.jpg")).toBeNull();
      expect(storedAvatarKey("/media/listings/0123456789abcdef01234567-card.webp")).toBeNull();
      expect(storedAvatarKey("/media/avatars/../listings/x.webp")).toBeNull();
      expect(storedAvatarKey("/avatars/initials.svg?name=A")).toBeNull();
    });
  });

  describe("account type", () => {
    it("changes user → agent → professional → user", async () => {
      let viewer = await makeUser({ role: "user" });
      for (const role of ["agent", "professional", "user"] as const) {
        expect(await changeAccountType(viewer, role)).toBe(role);
        expect((await stored(viewer.id))?.role).toBe(role);
        viewer = { ...viewer, role };
      }
    });

    it("never makes anybody an administrator", async () => {
      const viewer = await makeUser({ role: "agent" });
      const error = await expectRefusal(changeAccountType(viewer, "admin"));
      expect(error.code).toBe("FORBIDDEN");
      expect((await stored(viewer.id))?.role).toBe("agent");
    });

    it("does not let an administrator change theirs", async () => {
      const viewer = await makeUser({ role: "admin" });
      const error = await expectRefusal(changeAccountType(viewer, "user"));
      expect(error.code).toBe("FORBIDDEN");
      expect((await stored(viewer.id))?.role).toBe("admin");
    });
  });

  describe("deleteAccount", () => {
    async function addListing(userId: string, title: string, imageCount: number) {
      const [row] = await handle.db
        .insert(listings)
        .values({
          userId,
          title,
          category: "real-estate",
          listingType: "sale",
          countryCode: "GH",
          city: "Accra",
          address: "12 Oxford Street, Osu",
          description: "A bright flat close to the beach.",
          status: "approved",
        })
        .returning({ id: listings.id });
      const keys: string[] = [];
      for (let position = 0; position < imageCount; position += 1) {
        const img = await storeImage(storage, await image("jpeg", 800, 600), "listings");
        await handle.db.insert(listingImages).values({
          listingId: row!.id,
          position,
          storageKey: img.storageKey,
          width: img.width,
          height: img.height,
        });
        keys.push(img.storageKey);
      }
      return { id: row!.id, keys };
    }

    function variantFiles(keys: string[]): string[] {
      return keys.flatMap((key) =>
        (Object.keys(IMAGE_VARIANTS) as (keyof typeof IMAGE_VARIANTS)[]).map((variant) =>
          path.join(mediaDir, variantKey(key, variant)),
        ),
      );
    }

    it("removes the user, sessions, favourites, listings, their image rows and files, and the avatar", async () => {
      const agent = await makeUser({ role: "agent" });
      const other = await makeUser({ role: "agent", name: "Other Agent" });
      await updateProfile({
        viewer: agent,
        name: agent.name,
        phone: "",
        avatar: await image("png"),
      });
      const avatarFile = fileOf((await stored(agent.id))?.avatarUrl);

      const mine = [
        await addListing(agent.id, "Flat in Osu", 2),
        await addListing(agent.id, "Plot in Tema", 1),
      ];
      const theirs = await addListing(other.id, "House in Kumasi", 2);
      await handle.db.insert(favorites).values([
        { userId: agent.id, listingId: theirs.id },
        { userId: other.id, listingId: mine[0]!.id },
      ]);
      await handle.db.insert(session).values({
        id: randomUUID(),
        token: randomUUID(),
        userId: agent.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      await handle.db.insert(account).values({
        id: randomUUID(),
        accountId: agent.id,
        providerId: "credential",
        userId: agent.id,
        password: "not-a-real-hash",
      });
      const myFiles = variantFiles(mine.flatMap((l) => l.keys));
      expect(myFiles).toHaveLength(9);
      expect(myFiles.every((f) => existsSync(f))).toBe(true);

      expect(await deleteAccount({ viewer: agent })).toEqual({ listings: 2, images: 3 });

      expect(await stored(agent.id)).toBeUndefined();
      expect(await handle.db.select().from(session).where(eq(session.userId, agent.id))).toEqual(
        [],
      );
      expect(await handle.db.select().from(account).where(eq(account.userId, agent.id))).toEqual(
        [],
      );
      expect(await handle.db.select().from(listings).where(eq(listings.userId, agent.id))).toEqual(
        [],
      );
      const myIds = mine.map((l) => l.id);
      expect(
        await handle.db.select().from(listingImages).where(inArray(listingImages.listingId, myIds)),
      ).toEqual([]);
      // Both the agent's own favourites and other people's favourites of the agent's listings.
      expect(await handle.db.select().from(favorites)).toEqual([]);
      expect(myFiles.some((f) => existsSync(f))).toBe(false);
      expect(existsSync(avatarFile)).toBe(false);

      // Somebody else's listing and its images are untouched.
      expect(
        await handle.db.select().from(listings).where(eq(listings.id, theirs.id)),
      ).toHaveLength(1);
      expect(variantFiles(theirs.keys).every((f) => existsSync(f))).toBe(true);
      expect(await stored(other.id)).toBeDefined();
    });

    it("works for an account with nothing attached", async () => {
      const viewer = await makeUser();
      expect(await deleteAccount({ viewer })).toEqual({ listings: 0, images: 0 });
      expect(await stored(viewer.id)).toBeUndefined();
    });

    it("answers not found for an account that is already gone", async () => {
      const viewer = await makeUser();
      await deleteAccount({ viewer });
      const error = await expectRefusal(deleteAccount({ viewer }));
      expect(error.code).toBe("NOT_FOUND");
    });
  });

  describe("route action, signed in through better-auth", () => {
    /** A confirmed e-mail/password account and the cookie header of a fresh session. */
    async function signedIn(role: Role = "user") {
      const email = `${randomUUID().slice(0, 8)}@example.com`;
      await getAuth().api.signUpEmail({ body: { email, password: PASSWORD, name: "Ama Mensah" } });
      await handle.db.update(user).set({ emailVerified: true, role }).where(eq(user.email, email));
      const response = await authRequest("/sign-in/email", { email, password: PASSWORD });
      expect(response.status).toBe(200);
      return { email, cookie: cookieHeader(response.headers.getSetCookie()) };
    }

    function cookieHeader(setCookies: string[]): string {
      return setCookies
        .map((c) => c.split(";")[0]!)
        .filter((pair) => !pair.endsWith("="))
        .join("; ");
    }

    function nextIp() {
      ipCounter += 1;
      return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
    }

    function authRequest(endpoint: string, body: unknown, cookie?: string) {
      const { appUrl } = getConfig();
      const headers = new Headers({
        origin: appUrl,
        "content-type": "application/json",
        [CLIENT_IP_HEADER]: nextIp(),
      });
      if (cookie) headers.set("cookie", cookie);
      return getAuth().handler(
        new Request(`${appUrl}/api/auth${endpoint}`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
        }),
      );
    }

    async function post(cookie: string, body: FormData | Record<string, string>) {
      const { appUrl } = getConfig();
      const headers = new Headers({ cookie, origin: appUrl, [CLIENT_IP_HEADER]: nextIp() });
      const request = new Request(`${appUrl}/dashboard/profile`, {
        method: "POST",
        headers,
        body: body instanceof FormData ? body : new URLSearchParams(body),
      });
      const context = new RouterContextProvider();
      context.set(viewerContext, await loadViewer(request.headers));
      try {
        return await action({
          request,
          context,
          params: {},
          url: new URL(request.url),
          pattern: "/dashboard/profile",
        } as Parameters<typeof action>[0]);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }

    /** A `data()` answer: its body and status. */
    function answerOf(result: unknown) {
      const answer = result as { data: Record<string, unknown>; init: { status: number } };
      expect(answer.init).toBeDefined();
      return { status: answer.init.status, ...answer.data };
    }

    it("loads the profile for the signed-in person", async () => {
      const { email, cookie } = await signedIn("agent");
      const viewer = (await loadViewer(new Headers({ cookie })))!;
      const profile = await getProfile(viewer);
      expect(profile).toMatchObject({ email, role: "agent", hasPassword: true, phone: null });
      const context = new RouterContextProvider();
      context.set(viewerContext, viewer);
      const request = new Request(`${getConfig().appUrl}/dashboard/profile`);
      const data = await loader({
        request,
        context,
        params: {},
        url: new URL(request.url),
        pattern: "/dashboard/profile",
      } as Parameters<typeof loader>[0]);
      expect(data).toMatchObject({
        details: { email, phone: "", avatar: expect.stringContaining("/avatars/initials.svg") },
        role: "agent",
        hasPassword: true,
      });
    });

    it("saves details from a multipart form and redirects with 'Profile Updated'", async () => {
      const { email, cookie } = await signedIn();
      const form = new FormData();
      form.set("intent", "update-profile");
      form.set("name", "Ama K. Mensah");
      form.set("phone", "+234 801 234 5678");
      form.set(
        "avatar",
        new File([new Uint8Array(await image("gif"))], "me.gif", { type: "image/gif" }),
      );
      const result = await post(cookie, form);
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard/profile");
      expect(toastOf(response)).toMatchObject({ title: "profile.updated" });
      const [row] = await handle.db.select().from(user).where(eq(user.email, email));
      expect(row).toMatchObject({ name: "Ama K. Mensah", phone: "+234 801 234 5678" });
      expect(row?.avatarUrl).toMatch(/^\/media\/avatars\//);
    });

    it("treats an empty file part as no avatar and says 'No changes'", async () => {
      const { cookie } = await signedIn();
      const form = new FormData();
      form.set("intent", "update-profile");
      form.set("name", "Ama Mensah");
      form.set("phone", "");
      form.set("avatar", new File([], "", { type: "application/octet-stream" }));
      const answer = answerOf(await post(cookie, form));
      expect(answer).toMatchObject({
        status: 200,
        intent: "update-profile",
        toast: { title: "profile.errors.noChanges.title" },
      });
    });

    it("refuses a text file named like a PNG with 'Invalid file type' and status 400", async () => {
      const { email, cookie } = await signedIn();
      const form = new FormData();
      form.set("intent", "update-profile");
      form.set("name", "Changed Name");
      form.set("phone", "");
      form.set("avatar", new File(["just some text"], "avatar.png", { type: "image/png" }));
      const answer = answerOf(await post(cookie, form));
      expect(answer).toMatchObject({
        status: 400,
        errors: { avatar: "profile.errors.invalidType.description" },
        toast: { title: "profile.errors.invalidType.title", variant: "destructive" },
        values: { name: "Changed Name", phone: "" },
      });
      const [row] = await handle.db.select().from(user).where(eq(user.email, email));
      expect(row).toMatchObject({ name: "Ama Mensah", avatarUrl: null });
    });

    it("refuses a 3 MB upload with 'File too large'", async () => {
      const { cookie } = await signedIn();
      const form = new FormData();
      form.set("intent", "update-profile");
      form.set("name", "Ama Mensah");
      form.set(
        "avatar",
        new File([new Uint8Array(await noisyPng())], "big.png", { type: "image/png" }),
      );
      expect(answerOf(await post(cookie, form))).toMatchObject({
        status: 400,
        errors: { avatar: "profile.errors.fileTooLarge.description" },
        toast: { title: "profile.errors.fileTooLarge.title" },
      });
    });

    it("checks the password form before calling better-auth", async () => {
      const { cookie } = await signedIn();
      expect(
        answerOf(
          await post(cookie, {
            intent: "change-password",
            currentPassword: "",
            newPassword: "abcdef",
            confirmPassword: "abcdef",
          }),
        ),
      ).toMatchObject({
        status: 400,
        errors: { currentPassword: "profile.fieldRequired" },
        toast: { title: "profile.errors.missingFields.title" },
      });
      expect(
        answerOf(
          await post(cookie, {
            intent: "change-password",
            currentPassword: PASSWORD,
            newPassword: "abc",
            confirmPassword: "abc",
          }),
        ),
      ).toMatchObject({ status: 400, toast: { title: "profile.errors.passwordTooShort.title" } });
      expect(
        answerOf(
          await post(cookie, {
            intent: "change-password",
            currentPassword: PASSWORD,
            newPassword: "abcdef",
            confirmPassword: "abcdeg",
          }),
        ),
      ).toMatchObject({ status: 400, toast: { title: "profile.errors.passwordMismatch.title" } });
    });

    it("says plainly when the current password is wrong", async () => {
      const { cookie } = await signedIn();
      const answer = answerOf(
        await post(cookie, {
          intent: "change-password",
          currentPassword: "not-my-password",
          newPassword: "new-secret",
          confirmPassword: "new-secret",
        }),
      );
      expect(answer).toMatchObject({
        status: 400,
        errors: { currentPassword: "profile.password.wrongCurrent" },
        toast: {
          title: "profile.password.error",
          description: "profile.password.wrongCurrent",
          variant: "destructive",
        },
      });
    });

    it("changes the password, keeps this browser signed in and signs the others out", async () => {
      const { email, cookie } = await signedIn();
      const elsewhere = await authRequest("/sign-in/email", { email, password: PASSWORD });
      const otherCookie = cookieHeader(elsewhere.headers.getSetCookie());
      const result = await post(cookie, {
        intent: "change-password",
        currentPassword: PASSWORD,
        newPassword: "new-secret",
        confirmPassword: "new-secret",
      });
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.headers.get("location")).toBe("/dashboard/profile");
      expect(toastOf(response)).toMatchObject({ title: "profile.password.updated" });
      const fresh = cookieHeader(
        response.headers.getSetCookie().filter((c) => !c.startsWith("toast=")),
      );
      expect(await loadViewer(new Headers({ cookie: fresh }))).toMatchObject({ email });
      expect(await loadViewer(new Headers({ cookie: otherCookie }))).toBeNull();
      expect((await authRequest("/sign-in/email", { email, password: "new-secret" })).status).toBe(
        200,
      );
      // better-auth warns about the refused old password; that is the point here.
      const log = captureLog("warn");
      expect((await authRequest("/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
      expect(log.lines().map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/^better-auth: /),
      );
    });

    it("changes the account type and refuses admin", async () => {
      const { email, cookie } = await signedIn("user");
      const changed = (await post(cookie, {
        intent: "change-account-type",
        role: "agent",
      })) as Response;
      expect(changed.headers.get("location")).toBe("/dashboard/profile");
      expect(toastOf(changed)).toMatchObject({ title: "profile.accountType.updated" });
      const [row] = await handle.db.select().from(user).where(eq(user.email, email));
      expect(row?.role).toBe("agent");
      expect(
        answerOf(await post(cookie, { intent: "change-account-type", role: "admin" })),
      ).toMatchObject({ status: 400, toast: { title: "profile.accountType.error" } });
      expect(
        answerOf(await post(cookie, { intent: "change-account-type", role: "agent" })),
      ).toMatchObject({ status: 200, toast: { title: "profile.errors.noChanges.title" } });
    });

    it("deletes the account, clears the session cookie and goes home with a toast", async () => {
      const { email, cookie } = await signedIn("agent");
      const result = await post(cookie, { intent: "delete-account" });
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.headers.get("location")).toBe("/");
      expect(toastOf(response)).toMatchObject({ title: "profile.danger.deleted" });
      const cleared = response.headers.getSetCookie().filter((c) => c.includes("session_token"));
      expect(cleared.length).toBeGreaterThan(0);
      expect(cleared.every((c) => /max-age=0/i.test(c))).toBe(true);
      expect(await handle.db.select().from(user).where(eq(user.email, email))).toEqual([]);
      expect(await loadViewer(new Headers({ cookie }))).toBeNull();
    });

    it("refuses an unknown intent", async () => {
      const { cookie } = await signedIn();
      const result = await post(cookie, { intent: "make-me-admin" }).catch((e: unknown) => e);
      expect((result as { init?: { status?: number } }).init?.status).toBe(400);
    });
  });
});
