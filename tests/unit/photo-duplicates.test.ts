import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hammingDistance, isSamePhoto } from "../../app/lib/perceptual-hash.ts";
import { perceptualHash } from "../../app/services/media/images.server.ts";
import { HEIGHT, scene, WIDTH } from "../support/photos.ts";

/**
 * How well the perceptual hash tells a copy of a photo from another photo, on pairs this test
 * makes: scenes of gradients, shapes and grain drawn from a seeded generator, each copied the ways
 * a scammer reuses a photo (re-encoded as JPEG or WebP at another quality, resized, cropped at the
 * edges, lightened), and each set beside other scenes. The figures are printed; the floors are
 * those of docs/decisions/017-scam-signals.md.
 */

const SCENES = 40;

/** The ways a photo is copied, each a new file. */
const COPIES: Record<string, (photo: Buffer) => Promise<Buffer>> = {
  "JPEG quality 35": (p) => sharp(p).jpeg({ quality: 35 }).toBuffer(),
  "WebP quality 50": (p) => sharp(p).webp({ quality: 50 }).toBuffer(),
  "resized to 40%": (p) =>
    sharp(p)
      .resize(Math.round(WIDTH * 0.4))
      .jpeg({ quality: 80 })
      .toBuffer(),
  "enlarged to 150%": (p) =>
    sharp(p)
      .resize(Math.round(WIDTH * 1.5))
      .webp({ quality: 80 })
      .toBuffer(),
  "cropped 3% each side": (p) =>
    sharp(p)
      .extract({ left: 19, top: 14, width: WIDTH - 38, height: HEIGHT - 28 })
      .jpeg({ quality: 85 })
      .toBuffer(),
  "lightened 15%": (p) => sharp(p).modulate({ brightness: 1.15 }).jpeg({ quality: 85 }).toBuffer(),
};

/** The kinds of copy the hash is expected to catch nearly always. */
const RE_ENCODED_OR_RESIZED = [
  "JPEG quality 35",
  "WebP quality 50",
  "resized to 40%",
  "enlarged to 150%",
];

const hashOf = (photo: Buffer) => perceptualHash(sharp(photo).rotate());

describe("the duplicate-photo signal's hash", () => {
  it("catches copies and leaves other photos alone, on hundreds of pairs", async () => {
    const originals: string[] = [];
    const copies: { kind: string; of: number; hash: string }[] = [];
    for (let i = 0; i < SCENES; i++) {
      const photo = await scene(1000 + i);
      originals.push(await hashOf(photo));
      for (const [kind, copy] of Object.entries(COPIES)) {
        copies.push({ kind, of: i, hash: await hashOf(await copy(photo)) });
      }
    }

    const caught = new Map<string, { caught: number; pairs: number; distances: number[] }>();
    for (const copy of copies) {
      const same = isSamePhoto(originals[copy.of]!, copy.hash);
      const entry = caught.get(copy.kind) ?? { caught: 0, pairs: 0, distances: [] };
      entry.pairs += 1;
      entry.caught += same ? 1 : 0;
      entry.distances.push(hammingDistance(originals[copy.of]!, copy.hash));
      caught.set(copy.kind, entry);
    }
    // Every original beside every other original, and every copy beside the other originals.
    let unrelatedPairs = 0;
    let falseAlarms = 0;
    const unrelatedDistances: number[] = [];
    for (let i = 0; i < SCENES; i++) {
      for (let j = i + 1; j < SCENES; j++) {
        unrelatedPairs += 1;
        falseAlarms += isSamePhoto(originals[i]!, originals[j]!) ? 1 : 0;
        unrelatedDistances.push(hammingDistance(originals[i]!, originals[j]!));
      }
    }
    for (const copy of copies) {
      const other = (copy.of + 7) % SCENES;
      unrelatedPairs += 1;
      falseAlarms += isSamePhoto(originals[other]!, copy.hash) ? 1 : 0;
    }

    const duplicatePairs = copies.length;
    const truePositives = [...caught.values()].reduce((sum, e) => sum + e.caught, 0);
    const recall = truePositives / duplicatePairs;
    const precision = truePositives / (truePositives + falseAlarms);
    const lines = [...caught].map(
      ([kind, e]) =>
        `  ${kind.padEnd(22)} recall ${(e.caught / e.pairs).toFixed(3)} (${e.caught}/${e.pairs}), ` +
        `distance max ${Math.max(...e.distances)}`,
    );
    const fewest = Math.min(...unrelatedDistances);
    console.info(
      [
        `Duplicate photos: ${duplicatePairs} copy pairs, ${unrelatedPairs} unrelated pairs`,
        ...lines,
        `  all copies             recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)} ` +
          `(${falseAlarms} false alarms; unrelated photos differ in ${fewest}+ bits)`,
      ].join("\n"),
    );

    expect(duplicatePairs + unrelatedPairs).toBeGreaterThanOrEqual(200);
    for (const kind of RE_ENCODED_OR_RESIZED) {
      const entry = caught.get(kind)!;
      expect(entry.caught / entry.pairs, kind).toBeGreaterThanOrEqual(0.95);
    }
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(precision).toBeGreaterThanOrEqual(0.98);
  }, 120_000);
});
