import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingVideos, planSubscriptions } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { MAX_VIDEO_BYTES, sniffVideoType } from "../../app/lib/schemas/listing-video.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, jarWith, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/** The start of an MP4 file (an `ftyp` box) and some bytes after it: enough for the checks. */
function mp4(size = 4096): Buffer {
  const data = Buffer.alloc(size, 7);
  data.writeUInt32BE(24, 0);
  data.write("ftypisom", 4, "latin1");
  return data;
}

describe(`a listing's uploaded video file on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let elite: MadeUser;
  let free: MadeUser;
  let stranger: MadeUser;
  let eliteListing: number;
  let freeListing: number;
  let subscriptionId: number;

  const put = (who: MadeUser, listingId: number, body: Buffer, type = "video/mp4") =>
    send(`/api/v1/my-listings/${listingId}/video`, {
      method: "PUT",
      body: new Uint8Array(body),
      headers: { "Content-Type": type },
      jar: jarWith(who.cookie),
      origin: null,
    });
  const detail = async (listingId: number) =>
    (
      (await (await send(`/api/v1/listings/${listingId}`)).json()) as {
        listing: { videoFile: { url: string; type: string; bytes: number } | null };
      }
    ).listing;
  const storedRow = async (listingId: number) =>
    (
      await app.handle.db.select().from(listingVideos).where(eq(listingVideos.listingId, listingId))
    )[0];

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    [elite, free, stranger] = await Promise.all([
      makeUser({ role: "agent" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "agent" }),
    ]);
    // Elite sells video listing support (the spec's card).
    subscriptionId = (await givePlan(elite.id, "elite")).subscriptionId;
    eliteListing = (await makeListing({ owner: elite, videoUrl: "https://youtu.be/dQw4w9WgXcQ" }))
      .id;
    freeListing = (await makeListing({ owner: free })).id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("knows MP4 and WebM by their first bytes, and nothing else", () => {
    expect(sniffVideoType(mp4())).toBe("video/mp4");
    const webm = Buffer.from([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x82,
      0x84,
      ...Buffer.from("webm"),
    ]);
    expect(sniffVideoType(webm)).toBe("video/webm");
    const matroska = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, ...Buffer.from("matroska")]);
    expect(sniffVideoType(matroska)).toBeNull();
    expect(sniffVideoType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("refuses a free account with the 403 naming the plan, on the API and the page, storing nothing", async () => {
    const refused = await put(free, freeListing, mp4());
    expect(refused.status).toBe(403);
    const { error } = (await refused.json()) as { error: { message: string } };
    expect(error.message).toBe(
      t("entitlements.locked.plan", {
        perk: t("entitlements.locked.perks.videoListing"),
        plan: "Elite",
      }),
    );

    const form = new FormData();
    form.set("intent", "upload");
    form.set("video", new Blob([new Uint8Array(mp4())], { type: "video/mp4" }), "tour.mp4");
    const page = await send(`/listing/${freeListing}/video`, {
      method: "POST",
      body: form,
      jar: jarWith(free.cookie),
    });
    expect(location(page)).toBe(`/add-listing?edit=${freeListing}`);
    expect(toastOf(page)).toMatchObject({
      title: "publish.video.failed",
      description: "entitlements.locked.plan",
      params: { plan: "Elite" },
    });
    expect(await storedRow(freeListing)).toBeUndefined();
    expect(await getMediaStorage().list("videos")).toEqual([]);
  });

  it("refuses someone else's listing, a file that is no video and one over 50 MB", async () => {
    expect((await put(stranger, eliteListing, mp4())).status).toBe(403);
    const text = await put(elite, eliteListing, Buffer.from("not a video at all, only text"));
    expect(text.status).toBe(415);
    const huge = await put(elite, eliteListing, Buffer.alloc(MAX_VIDEO_BYTES + 1, 1));
    expect(huge.status).toBe(413);
    expect(await storedRow(eliteListing)).toBeUndefined();
  });

  it("stores an entitled owner's file, shows it beside the free link and plays it by ranges", async () => {
    const saved = await put(elite, eliteListing, mp4(5000));
    expect(saved.status).toBe(201);
    const video = (await saved.json()) as { url: string; type: string; bytes: number };
    expect(video).toMatchObject({ type: "video/mp4", bytes: 5000 });
    expect(video.url).toMatch(/^\/media\/videos\/[0-9a-f]{16}\.mp4$/);

    const shown = await detail(eliteListing);
    expect(shown.videoFile?.url).toMatch(/\/media\/videos\/[0-9a-f]{16}\.mp4$/);
    // The free video link stays as it was.
    expect(shown).toMatchObject({ video: { provider: "YouTube" } });
    const page = await (await send(`/listing/${eliteListing}`)).text();
    expect(page).toContain(`<source src="${video.url}" type="video/mp4"`);

    const whole = await send(video.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("video/mp4");
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(5000);
    const part = await send(video.url, { headers: { Range: "bytes=4-11" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 4-11/5000");
    expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe("ftypisom");
    const tail = await send(video.url, { headers: { Range: "bytes=-10" } });
    expect(tail.headers.get("Content-Range")).toBe("bytes 4990-4999/5000");
    const outside = await send(video.url, { headers: { Range: "bytes=6000-" } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("Content-Range")).toBe("bytes */5000");
  });

  it("hides the file when the plan ends, keeping it, and shows it again on renewal", async () => {
    const row = (await storedRow(eliteListing))!;
    const url = `/media/${row.storageKey}`;
    await app.handle.db
      .update(planSubscriptions)
      .set({ startsAt: new Date(Date.now() - 2000), endsAt: new Date(Date.now() - 1000) })
      .where(eq(planSubscriptions.id, subscriptionId));

    expect((await detail(eliteListing)).videoFile).toBeNull();
    expect((await send(url)).status).toBe(404);
    // Its owner still may play it (private), and the edit page says it is kept.
    const own = await send(url, { jar: jarWith(elite.cookie) });
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    await own.arrayBuffer();
    const form = await (
      await send(`/add-listing?edit=${eliteListing}`, { jar: jarWith(elite.cookie) })
    ).text();
    expect(form).toContain(t("publish.video.hidden"));
    // A new file needs the plan again.
    expect((await put(elite, eliteListing, mp4())).status).toBe(403);
    expect(await storedRow(eliteListing)).toEqual(row);
    expect(await getMediaStorage().read(row.storageKey)).not.toBeNull();

    await givePlan(elite.id, "elite");
    expect((await detail(eliteListing)).videoFile?.url).toContain(row.storageKey);
    expect((await send(url)).status).toBe(200);
  });

  it("replaces the file from the edit page's form and removes it, with its file", async () => {
    const before = (await storedRow(eliteListing))!;
    const edit = await (
      await send(`/add-listing?edit=${eliteListing}`, { jar: jarWith(elite.cookie) })
    ).text();
    expect(edit).toContain(`action="/listing/${eliteListing}/video"`);
    expect(edit).toContain(t("publish.video.upload"));

    const form = new FormData();
    form.set("intent", "upload");
    form.set("video", new Blob([new Uint8Array(mp4(3000))], { type: "video/mp4" }), "tour.mp4");
    const uploaded = await send(`/listing/${eliteListing}/video`, {
      method: "POST",
      body: form,
      jar: jarWith(elite.cookie),
    });
    expect(location(uploaded)).toBe(`/add-listing?edit=${eliteListing}`);
    expect(toastOf(uploaded)?.title).toBe("publish.video.uploaded");
    const after = (await storedRow(eliteListing))!;
    expect(after.bytes).toBe(3000);
    expect(await getMediaStorage().read(before.storageKey)).toBeNull();

    const removed = await send(`/api/v1/my-listings/${eliteListing}/video`, {
      method: "DELETE",
      jar: jarWith(elite.cookie),
      origin: null,
    });
    expect(removed.status).toBe(204);
    expect(await storedRow(eliteListing)).toBeUndefined();
    expect(await getMediaStorage().read(after.storageKey)).toBeNull();
  });
});
