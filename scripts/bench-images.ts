/**
 * `node scripts/bench-images.ts [at once] [side]`: time and peak memory of re-encoding PNGs of
 * side × side pixels, `at once` of them together, through the upload pipeline (`storeImage`, its
 * pixel limit and image slots) into a store that keeps nothing. One JSON line; run each case in a
 * fresh process, since the peak RSS is the process's. Figures: docs/decisions/012.
 */
import sharp from "sharp";
import { storeImage } from "../app/services/media/images.server.ts";
import type { MediaStorage } from "../app/storage/media-storage.server.ts";

const [atOnce = "1", side = "7200"] = process.argv.slice(2);
const pixels = Number(side);
const png = await sharp({
  create: { width: pixels, height: pixels, channels: 3, background: "#884422" },
})
  .png({ compressionLevel: 9 })
  .toBuffer();
const nowhere: MediaStorage = {
  put: async () => undefined,
  copy: async () => undefined,
  open: async () => null,
  read: async () => null,
  delete: async () => undefined,
  list: async () => [],
};
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: Number(atOnce) }, () => storeImage(nowhere, png, "bench")),
);
console.info(
  JSON.stringify({
    atOnce: Number(atOnce),
    pixels: `${pixels}x${pixels}`,
    pngKB: Math.round(png.length / 1024),
    ms: Math.round(performance.now() - started),
    rssBeforeMB: Math.round(rssBefore / 2 ** 20),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    outcomes: [
      ...new Set(
        results.map((r) => (r.status === "fulfilled" ? "stored" : (r.reason as Error).message)),
      ),
    ],
  }),
);
