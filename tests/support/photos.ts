import sharp from "sharp";

/**
 * Photo-like test images made on the spot: a gradient sky, a few shapes ("rooms, roofs, windows")
 * and grain, drawn from a seeded generator, so each seed is one scene on every run and different
 * seeds are unrelated photos.
 */

export const WIDTH = 640;
export const HEIGHT = 480;

/** A small seeded generator (mulberry32): the same scenes on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function colour(next: () => number): string {
  const c = () => Math.floor(next() * 256);
  return `rgb(${c()},${c()},${c()})`;
}

/** A scene: a gradient sky, a few shapes ("rooms, roofs, windows") and grain. */
export async function scene(seed: number): Promise<Buffer> {
  const next = random(seed);
  const shapes: string[] = [];
  const count = 4 + Math.floor(next() * 8);
  for (let i = 0; i < count; i++) {
    const x = Math.floor(next() * WIDTH);
    const y = Math.floor(next() * HEIGHT);
    const w = 40 + Math.floor(next() * 300);
    const h = 40 + Math.floor(next() * 250);
    shapes.push(
      next() < 0.5
        ? `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="${colour(next)}"/>`
        : `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${colour(next)}"/>`,
    );
  }
  const angle = Math.floor(next() * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${colour(next)}"/><stop offset="1" stop-color="${colour(next)}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}</svg>`;
  const grain = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.floor(next() * 40);
  const noise = await sharp(grain, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "soft-light" }])
    .jpeg({ quality: 92 })
    .toBuffer();
}
