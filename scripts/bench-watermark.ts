/**
 * `node scripts/bench-watermark.ts [rounds] [out dir]`: what drawing the site's watermark costs per
 * image. The home page's slides (real photos) go through the upload pipeline (`storeImage`) into
 * memory; each card and gallery variant is then marked `rounds` times, one at a time as the media
 * route does. Prints ms per image (median and 95th percentile) and the bytes of the clean and the
 * marked file per variant; with an out dir, writes one clean and one marked file of each to look
 * at. Figures: docs/decisions/016, "Watermark and video".
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { storeImage, variantKey } from "../app/services/media/images.server.ts";
import { drawWatermark, WATERMARKED_VARIANTS } from "../app/services/media/watermark.server.ts";
import type { MediaStorage } from "../app/storage/media-storage.server.ts";

const [roundsArg = "10", outDir] = process.argv.slice(2);
const rounds = Number(roundsArg);
const memory = new Map<string, Buffer>();
const store: MediaStorage = {
  put: async (key, data) => void memory.set(key, data),
  copy: async () => undefined,
  open: async () => null,
  read: async (key) => memory.get(key) ?? null,
  delete: async (key) => void memory.delete(key),
  list: async () => [],
};

const slidesDir = path.join(import.meta.dirname, "../public/images/hero");
const slides = (await readdir(slidesDir)).filter((name) => name.endsWith(".webp")).sort();
const keys: string[] = [];
for (const name of slides) {
  keys.push(
    (await storeImage(store, await readFile(path.join(slidesDir, name)), "bench")).storageKey,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
if (outDir) await mkdir(outDir, { recursive: true });
for (const variant of WATERMARKED_VARIANTS) {
  const times: number[] = [];
  let cleanBytes = 0;
  let markedBytes = 0;
  for (const key of keys) {
    const clean = memory.get(variantKey(key, variant));
    if (!clean) throw new Error(`No ${variant} variant of ${key}`);
    let marked = clean;
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      marked = await drawWatermark(clean, variant);
      times.push(performance.now() - started);
    }
    cleanBytes += clean.length;
    markedBytes += marked.length;
    if (outDir && key === keys[0]) {
      await writeFile(path.join(outDir, `${variant}-clean.webp`), clean);
      await writeFile(path.join(outDir, `${variant}-marked.webp`), marked);
    }
  }
  times.sort((a, b) => a - b);
  console.info(
    JSON.stringify({
      variant,
      images: keys.length * rounds,
      medianMs: Math.round(percentile(times, 0.5) * 10) / 10,
      p95Ms: Math.round(percentile(times, 0.95) * 10) / 10,
      cleanKB: Math.round(cleanBytes / keys.length / 102.4) / 10,
      markedKB: Math.round(markedBytes / keys.length / 102.4) / 10,
      peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}
