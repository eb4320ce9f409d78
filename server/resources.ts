import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";
import { loadViewer } from "../app/auth/session.server.ts";
import { initialsAvatarSvg } from "../app/lib/initials-avatar.ts";
import { listingFeed } from "../app/services/bookings/ical.server.ts";
import { mediaServing } from "../app/services/media/media-access.server.ts";
import { watermarkedVariant } from "../app/services/media/watermark.server.ts";
import { getMediaStorage, isValidMediaKey } from "../app/storage/media-storage.server.ts";
import { IMMUTABLE, PRIVATE, REVALIDATED_MEDIA, STATIC_FILE } from "./cache-policy.ts";

const require = createRequire(import.meta.url);
const flagsDir = path.join(
  path.dirname(require.resolve("flag-icons/package.json")),
  "flags",
  "4x3",
);

/** Media, flags and generated avatars: files the app serves itself, never from another host. */
export const resources = new Hono();

/**
 * A stored image. Public ones are cached for good; one only its owner or the admin may see (a
 * pending listing's, an upload's, a message's) is kept by no cache, and anybody else gets the
 * same 404 as for a missing file.
 *
 * A listing's card and gallery images are answered with the site's watermark while the owner's
 * plan does not remove it, and clean otherwise, at the same address: the pages need not know the
 * plan, and the clean file stays stored. Their answer is revalidated on every use with an ETag
 * naming the variant, so a browser swaps its copy as soon as the plan changes (a 304 otherwise).
 */
resources.get("/media/*", async (c) => {
  const key = c.req.path.slice("/media/".length);
  const serving = isValidMediaKey(key)
    ? await mediaServing(key, () => loadViewer(c.req.raw.headers))
    : null;
  const access = serving?.access ?? null;
  const watermark = serving?.watermark ?? null;
  const notFound = () => c.text("Not found", 404, { "Cache-Control": PRIVATE });
  if (!access) return notFound();
  const video = VIDEO_TYPE.exec(key)?.[1];
  const headers: Record<string, string> = {
    "Content-Type": key.endsWith(".webp")
      ? "image/webp"
      : key.endsWith(".jpg")
        ? "image/jpeg"
        : video
          ? `video/${video}`
          : "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
  };
  if (access === "private") headers["Cache-Control"] = PRIVATE;
  else if (video) {
    // Shown only while the owner's plan grants videos: caches ask again before each use.
    headers["Cache-Control"] = REVALIDATED_MEDIA;
  } else if (serving?.markable) {
    headers["Cache-Control"] = REVALIDATED_MEDIA;
    headers.ETag = watermark ? '"watermarked"' : '"clean"';
    if (c.req.header("If-None-Match") === headers.ETag) {
      return new Response(null, { status: 304, headers });
    }
  } else {
    // Keys are random and never reused, so a stored object never changes.
    headers["Cache-Control"] = IMMUTABLE;
  }
  if (watermark) {
    const marked = await watermarkedVariant(
      getMediaStorage(),
      watermark.storageKey,
      watermark.variant,
    );
    if (!marked) return notFound();
    headers["Content-Length"] = String(marked.length);
    return new Response(new Uint8Array(marked), { headers });
  }
  if (video) return playVideo(key, c.req.header("Range"), headers, notFound);
  const object = await getMediaStorage().open(key);
  // A 404 stays out of caches too: the same address may be answered once the listing is approved.
  if (!object) return notFound();
  headers["Content-Length"] = String(object.size);
  return new Response(object.body, { headers });
});

const VIDEO_TYPE = /\.(mp4|webm)$/;
/** One byte range, as players ask for it: `bytes=start-end`, `bytes=start-` or `bytes=-suffix`. */
const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * A video file, whole or by one byte range (players seek and fetch ahead by ranges): 206 with its
 * Content-Range, or 416 for a range outside the file. Several ranges at once are answered whole.
 */
async function playVideo(
  key: string,
  rangeHeader: string | undefined,
  headers: Record<string, string>,
  notFound: () => Response,
): Promise<Response> {
  const storage = getMediaStorage();
  const whole = await storage.open(key);
  if (!whole) return notFound();
  const size = whole.size;
  headers["Accept-Ranges"] = "bytes";
  headers.ETag = `"${size}"`;
  const match = rangeHeader ? RANGE.exec(rangeHeader.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) {
    headers["Content-Length"] = String(size);
    return new Response(whole.body, { headers });
  }
  await whole.body.cancel();
  const [, from = "", to = ""] = match;
  const start = from === "" ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === "" || to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) {
    return new Response(null, {
      status: 416,
      headers: { ...headers, "Content-Range": `bytes */${size}` },
    });
  }
  const part = await storage.open(key, { start, end });
  if (!part) return notFound();
  headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  headers["Content-Length"] = String(end - start + 1);
  return new Response(part.body, { status: 206, headers });
}

/** A listing's iCal feed, read by other platforms with its secret URL. */
resources.get("/calendar/:file", async (c) => {
  const match = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(c.req.param("file"));
  const feed = match?.[1] ? await listingFeed(match[1]) : null;
  if (!feed) return c.text("Not found", 404);
  return c.body(feed, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": "private, max-age=300",
    "X-Robots-Tag": "noindex",
  });
});

const flagCache = new Map<string, string>();

resources.get("/flags/:file", async (c) => {
  const match = /^([a-z]{2})\.svg$/.exec(c.req.param("file"));
  if (!match?.[1]) return c.text("Not found", 404);
  const code = match[1];
  let svg = flagCache.get(code);
  if (svg === undefined) {
    svg = await readFile(path.join(flagsDir, `${code}.svg`), "utf8").catch(() => "");
    if (!svg) return c.text("Not found", 404);
    flagCache.set(code, svg);
  }
  return c.body(svg, 200, {
    "Content-Type": "image/svg+xml",
    "Cache-Control": STATIC_FILE,
  });
});

resources.get("/avatars/initials.svg", (c) => {
  const name = (c.req.query("name") ?? "").slice(0, 80);
  return c.body(initialsAvatarSvg(name), 200, {
    "Content-Type": "image/svg+xml",
    "Cache-Control": STATIC_FILE,
  });
});
