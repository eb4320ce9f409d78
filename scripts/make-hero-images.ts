/**
 * Renders the home-page hero slides and the listing-card fallback into public/images. The
 * output is committed; run `node scripts/make-hero-images.ts` again only after changing the
 * artwork. Seeds were picked by eye from the artwork module's variations.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Category } from "../app/lib/listing-values.ts";
import { renderArtwork, type ArtworkMotif, type SkyMood } from "./demo/artwork.ts";

interface Target {
  file: string;
  category: Category;
  motif: ArtworkMotif;
  mood: SkyMood;
  seed: number;
  width: number;
  height: number;
}

const HERO = { width: 1600, height: 900 };
const CARD = { width: 1200, height: 800 };
/** Keeps every file well under the 120 KB page-weight budget per image. */
const QUALITY = 70;
const MAX_BYTES = 120 * 1024;

const targets: Target[] = [
  {
    file: "hero/slide-1.webp",
    category: "real-estate",
    motif: "skyline",
    mood: "dusk",
    seed: 5,
    ...HERO,
  },
  {
    file: "hero/slide-2.webp",
    category: "travel-agencies",
    motif: "savanna",
    mood: "golden",
    seed: 5,
    ...HERO,
  },
  {
    file: "hero/slide-3.webp",
    category: "hospitality",
    motif: "beach-resort",
    mood: "day",
    seed: 2,
    ...HERO,
  },
  {
    file: "hero/slide-4.webp",
    category: "student-housing",
    motif: "campus",
    mood: "day",
    seed: 4,
    ...HERO,
  },
  {
    file: "hero/slide-5.webp",
    category: "travel-agencies",
    motif: "mountain",
    mood: "dawn",
    seed: 1,
    ...HERO,
  },
  {
    file: "listing-fallback.webp",
    category: "real-estate",
    motif: "houses",
    mood: "day",
    seed: 2,
    ...CARD,
  },
];

const outDir = path.resolve("public/images");
for (const target of targets) {
  const { file, category, seed, ...options } = target;
  const data = await renderArtwork(category, seed, {
    ...options,
    format: "webp",
    quality: QUALITY,
  });
  if (data.length > MAX_BYTES) {
    throw new Error(
      `${file} is ${Math.round(data.length / 1024)} KB, over the ${MAX_BYTES / 1024} KB budget`,
    );
  }
  const out = path.join(outDir, file);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, data);
  console.info(`${path.relative(process.cwd(), out)}  ${Math.round(data.length / 1024)} KB`);
}
