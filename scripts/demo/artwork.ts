import sharp from "sharp";
import type { Category } from "../../app/lib/listing-values.ts";

/**
 * Generated illustrations for demo listings and the home-page hero: flat, layered SVG scenes
 * (sky, hills, buildings, people-free props) with a seeded palette and composition, so a demo
 * catalogue of a few hundred listings ships without a single stock photo or external asset.
 * Nothing here draws text: the images must read the same in every language.
 */

/** The scenes each browse category draws from. */
export const ARTWORK_MOTIFS = {
  "real-estate": ["skyline", "houses", "villa", "land"],
  hospitality: ["hotel-pool", "beach-resort", "lodge"],
  "student-housing": ["campus", "dorm", "study"],
  professionals: ["blueprint", "survey", "scales", "briefcase", "interior", "paint"],
  "travel-agencies": ["savanna", "mountain", "beach", "desert"],
  concierge: ["airplane", "car", "luggage"],
} as const satisfies Record<Category, readonly string[]>;
export type ArtworkMotif = (typeof ARTWORK_MOTIFS)[Category][number];

export const SKY_MOODS = ["dawn", "day", "golden", "dusk", "night"] as const;
export type SkyMood = (typeof SKY_MOODS)[number];

export interface ArtworkOptions {
  /** One scene of the category; chosen from the seed when absent. */
  motif?: ArtworkMotif;
  /** Time of day; chosen from the seed (weighted per scene) when absent. */
  mood?: SkyMood;
  width?: number;
  height?: number;
}

export interface RenderOptions extends ArtworkOptions {
  format?: "png" | "webp" | "jpeg";
  /** WebP / JPEG quality. */
  quality?: number;
}

export const ARTWORK_WIDTH = 1280;
export const ARTWORK_HEIGHT = 853;

export function artworkSvg(category: Category, seed: number, options: ArtworkOptions = {}): string {
  const width = options.width ?? ARTWORK_WIDTH;
  const height = options.height ?? ARTWORK_HEIGHT;
  const pickRng = createRng(hashSeed(category, seed));
  const motif = options.motif ?? pick(pickRng, ARTWORK_MOTIFS[category]);
  const r = createRng(hashSeed(motif, seed));
  const mood = options.mood ?? weightedMood(r, MOOD_WEIGHTS[motif]);
  const p = createPainter(r, mood);
  const frame: Frame = { x: 0, y: 0, w: width, h: height };
  SCENES[motif](p, frame);
  // Mirroring doubles the compositions for free; no scene has a meaningful left or right.
  const body = chance(pickRng, 0.5)
    ? `<g transform="translate(${width} 0) scale(-1 1)">${p.out.join("")}</g>`
    : p.out.join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><defs>${p.defs.join("")}</defs>${body}</svg>`
  );
}

/** Rasterises the artwork; PNG (lossless, fast) is the default input for further processing. */
export async function renderArtwork(
  category: Category,
  seed: number,
  options: RenderOptions = {},
): Promise<Buffer> {
  const image = sharp(Buffer.from(artworkSvg(category, seed, options)));
  switch (options.format ?? "png") {
    case "webp":
      return image.webp({ quality: options.quality ?? 72, effort: 5 }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality: options.quality ?? 90, mozjpeg: true }).toBuffer();
    default:
      // Level 1: the buffer is usually re-encoded right away, so speed beats size here.
      return image.png({ compressionLevel: 1 }).toBuffer();
  }
}

/**
 * A square agency mark in the brand colour: a white roof and door under a sun, no lettering, so
 * a demo agency has a logo without a designer or a font.
 */
export function agencyLogoSvg(color: string, size = 240): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">` +
    `<rect width="24" height="24" rx="5" fill="${color}"/>` +
    `<circle cx="17" cy="7" r="2.2" fill="#fbbf24"/>` +
    `<path d="M4.5 12.5 12 6l7.5 6.5" fill="none" stroke="#fff" stroke-width="1.8" ` +
    `stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M6.5 11v7.5h11V11" fill="none" stroke="#fff" stroke-width="1.8" ` +
    `stroke-linejoin="round"/><rect x="10.5" y="14" width="3" height="4.5" fill="#fff"/></svg>`
  );
}

/** The agency mark as a PNG, for the logo pipeline that checks and re-encodes every upload. */
export async function renderAgencyLogo(color: string): Promise<Buffer> {
  return sharp(Buffer.from(agencyLogoSvg(color)))
    .png()
    .toBuffer();
}

/** The category a motif belongs to. */
export function motifCategory(motif: ArtworkMotif): Category {
  for (const [category, motifs] of Object.entries(ARTWORK_MOTIFS) as [
    Category,
    readonly ArtworkMotif[],
  ][]) {
    if (motifs.includes(motif)) return category;
  }
  throw new Error(`Unknown artwork motif: ${motif}`);
}

// ---------------------------------------------------------------------------------------------
// Randomness

interface Rng {
  next(): number;
}

/** mulberry32: tiny, fast and good enough to vary artwork; Math.random would break determinism. */
function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

function hashSeed(label: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  }
  return Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
}

const range = (r: Rng, min: number, max: number): number => min + (max - min) * r.next();
const int = (r: Rng, min: number, max: number): number => Math.floor(range(r, min, max + 1));
const chance = (r: Rng, p: number): boolean => r.next() < p;

function pick<T>(r: Rng, items: readonly T[]): T {
  const item = items[Math.floor(r.next() * items.length)];
  if (item === undefined) throw new Error("pick() from an empty list");
  return item;
}

type MoodWeights = Partial<Record<SkyMood, number>>;

function weightedMood(r: Rng, weights: MoodWeights): SkyMood {
  const entries = SKY_MOODS.map((m) => [m, weights[m] ?? 0] as const).filter(([, w]) => w > 0);
  let roll = r.next() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [mood, weight] of entries) {
    roll -= weight;
    if (roll <= 0) return mood;
  }
  return entries[entries.length - 1]?.[0] ?? "day";
}

const OUTDOOR: MoodWeights = { dawn: 1, day: 3, golden: 3, dusk: 2, night: 1 };
const WARM: MoodWeights = { golden: 4, dusk: 3, dawn: 1, day: 1 };
const BRIGHT: MoodWeights = { day: 4, golden: 2, dawn: 1 };
const INDOOR: MoodWeights = { day: 3, golden: 2, dusk: 1 };

const MOOD_WEIGHTS: Record<ArtworkMotif, MoodWeights> = {
  skyline: { dusk: 3, night: 2, golden: 2, day: 2, dawn: 1 },
  houses: BRIGHT,
  villa: { day: 3, golden: 3, dusk: 2 },
  land: BRIGHT,
  "hotel-pool": { day: 3, golden: 2, dusk: 2, night: 1 },
  "beach-resort": { day: 3, golden: 2, dusk: 2, dawn: 1 },
  lodge: WARM,
  campus: BRIGHT,
  dorm: { day: 3, golden: 2, dusk: 1 },
  study: INDOOR,
  blueprint: INDOOR,
  survey: BRIGHT,
  scales: INDOOR,
  briefcase: { day: 2, golden: 2, dusk: 2, night: 1 },
  interior: INDOOR,
  paint: INDOOR,
  savanna: WARM,
  mountain: OUTDOOR,
  beach: { day: 3, golden: 2, dusk: 2, dawn: 1 },
  desert: WARM,
  airplane: { day: 3, golden: 2, dusk: 2, dawn: 1 },
  car: OUTDOOR,
  luggage: INDOOR,
};

// ---------------------------------------------------------------------------------------------
// Colour

type RGB = readonly [number, number, number];

function hex(value: string): RGB {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function css(c: RGB): string {
  return `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const WHITE: RGB = [255, 255, 255];
const BLACK: RGB = [0, 0, 0];
const darker = (c: RGB, t: number): RGB => mix(c, BLACK, t);
const lighter = (c: RGB, t: number): RGB => mix(c, WHITE, t);

function toHsl([r8, g8, b8]: RGB): [number, number, number] {
  const r = r8 / 255;
  const g = g8 / 255;
  const b = b8 / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): RGB {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = Math.max(0, Math.min(1, s));
  const lig = Math.max(0, Math.min(1, l));
  if (sat === 0) return [lig * 255, lig * 255, lig * 255];
  const q = lig < 0.5 ? lig * (1 + sat) : lig + sat - lig * sat;
  const p = 2 * lig - q;
  const channel = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

/** Nudges hue, saturation and lightness by up to the given amounts. */
function vary(r: Rng, c: RGB, dh: number, ds = 0.06, dl = 0.06): RGB {
  const [h, s, l] = toHsl(c);
  return fromHsl(h + range(r, -dh, dh), s + range(r, -ds, ds), l + range(r, -dl, dl));
}

interface SkyPalette {
  top: RGB;
  mid: RGB;
  bottom: RGB;
  sun: RGB;
  /** Colour and strength the scene's lighting pulls every surface towards. */
  tint: RGB;
  tintAmount: number;
  /** Lit windows, lamps. */
  glow: RGB;
  night: boolean;
}

const SKIES: Record<SkyMood, SkyPalette> = {
  dawn: {
    top: hex("#3b4a7a"),
    mid: hex("#c98bb0"),
    bottom: hex("#f9c98a"),
    sun: hex("#ffe2a8"),
    tint: hex("#5b4a80"),
    tintAmount: 0.22,
    glow: hex("#ffd89a"),
    night: false,
  },
  day: {
    top: hex("#3f8fd8"),
    mid: hex("#7fbce8"),
    bottom: hex("#cde9f6"),
    sun: hex("#fff6d0"),
    tint: hex("#ffffff"),
    tintAmount: 0,
    glow: hex("#fff1c4"),
    night: false,
  },
  golden: {
    top: hex("#e98a4f"),
    mid: hex("#f6b86a"),
    bottom: hex("#fde3a2"),
    sun: hex("#fff3c0"),
    tint: hex("#ff9f4a"),
    tintAmount: 0.16,
    glow: hex("#ffd27a"),
    night: false,
  },
  dusk: {
    top: hex("#2e2452"),
    mid: hex("#b44f72"),
    bottom: hex("#f59a61"),
    sun: hex("#ffd98c"),
    tint: hex("#3a2150"),
    tintAmount: 0.42,
    glow: hex("#ffc76b"),
    night: false,
  },
  night: {
    top: hex("#070d24"),
    mid: hex("#142454"),
    bottom: hex("#2c4679"),
    sun: hex("#f4f0dc"),
    tint: hex("#0b1433"),
    tintAmount: 0.66,
    glow: hex("#ffd27a"),
    night: true,
  },
};

// ---------------------------------------------------------------------------------------------
// SVG writing

interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Painter {
  r: Rng;
  mood: SkyMood;
  sky: SkyPalette;
  defs: string[];
  out: string[];
  id(prefix: string): string;
  /** A surface colour under the scene's light. */
  lit(c: RGB): RGB;
  /** A distant surface: lit and faded into the sky near the horizon. */
  haze(c: RGB, t: number): RGB;
  add(name: string, attrs: Attrs): void;
  group(attrs: Attrs, draw: () => void): void;
}

type Attrs = Record<string, string | number | undefined>;

const fmt = (v: number): string => String(Math.round(v * 10) / 10);

/** Tagged template for path data: numbers are rounded to one decimal. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  let s = strings[0] ?? "";
  values.forEach((v, i) => {
    s += fmt(v) + (strings[i + 1] ?? "");
  });
  return s;
}

function tag(name: string, attrs: Attrs, children?: string): string {
  let s = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined) s += ` ${k}="${typeof v === "number" ? fmt(v) : v}"`;
  }
  return children === undefined ? `${s}/>` : `${s}>${children}</${name}>`;
}

function createPainter(r: Rng, mood: SkyMood): Painter {
  const base = SKIES[mood];
  const dh = mood === "day" ? 8 : 14;
  const sky: SkyPalette = {
    ...base,
    top: vary(r, base.top, dh, 0.08, 0.05),
    mid: vary(r, base.mid, dh, 0.08, 0.05),
    bottom: vary(r, base.bottom, dh, 0.06, 0.04),
  };
  let counter = 0;
  const out: string[] = [];
  const lit = (c: RGB): RGB => mix(c, sky.tint, sky.tintAmount);
  return {
    r,
    mood,
    sky,
    defs: [],
    out,
    id: (prefix) => `${prefix}${++counter}`,
    lit,
    haze: (c, t) => mix(lit(c), sky.bottom, t),
    add: (name, attrs) => {
      out.push(tag(name, attrs));
    },
    group: (attrs, draw) => {
      out.push(tag("g", attrs, "").replace(/<\/g>$/, ""));
      draw();
      out.push("</g>");
    },
  };
}

function linear(
  p: Painter,
  stops: [number, RGB, number?][],
  x1 = 0,
  y1 = 0,
  x2 = 0,
  y2 = 1,
): string {
  const id = p.id("g");
  const body = stops
    .map(([offset, color, opacity]) =>
      tag("stop", { offset, "stop-color": css(color), "stop-opacity": opacity }),
    )
    .join("");
  p.defs.push(tag("linearGradient", { id, x1, y1, x2, y2 }, body));
  return `url(#${id})`;
}

function radial(p: Painter, stops: [number, RGB, number][]): string {
  const id = p.id("r");
  const body = stops
    .map(([offset, color, opacity]) =>
      tag("stop", { offset, "stop-color": css(color), "stop-opacity": opacity }),
    )
    .join("");
  p.defs.push(tag("radialGradient", { id }, body));
  return `url(#${id})`;
}

function clip(p: Painter, f: Frame, rx = 0): string {
  const id = p.id("c");
  p.defs.push(
    tag("clipPath", { id }, tag("rect", { x: f.x, y: f.y, width: f.w, height: f.h, rx })),
  );
  return `url(#${id})`;
}

const rect = (
  p: Painter,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: Attrs = {},
): void => p.add("rect", { x, y, width: w, height: h, fill, ...extra });

const circle = (
  p: Painter,
  cx: number,
  cy: number,
  radius: number,
  fill: string,
  extra: Attrs = {},
): void => p.add("circle", { cx, cy, r: radius, fill, ...extra });

const ellipse = (
  p: Painter,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra: Attrs = {},
): void => p.add("ellipse", { cx, cy, rx, ry, fill, ...extra });

const path = (p: Painter, data: string, fill: string, extra: Attrs = {}): void =>
  p.add("path", { d: data, fill, ...extra });

const line = (
  p: Painter,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra: Attrs = {},
): void =>
  p.add("line", {
    x1,
    y1,
    x2,
    y2,
    stroke,
    "stroke-width": width,
    "stroke-linecap": "round",
    ...extra,
  });

// ---------------------------------------------------------------------------------------------
// Landscape building blocks

interface Sun {
  x: number;
  y: number;
  r: number;
}

/** Sky gradient, sun or moon, stars and clouds above `horizon`. */
function drawSky(p: Painter, f: Frame, horizon: number, options: { clouds?: boolean } = {}): Sun {
  const { r, sky } = p;
  const fill = linear(p, [
    [0, sky.top],
    [0.62, sky.mid],
    [1, sky.bottom],
  ]);
  p.add("rect", { x: f.x, y: f.y, width: f.w, height: horizon - f.y + 2, fill });
  const u = f.h / ARTWORK_HEIGHT;
  if (sky.night) {
    const stars = Math.round((f.w * f.h) / 9000);
    for (let i = 0; i < stars; i++) {
      circle(
        p,
        f.x + r.next() * f.w,
        f.y + r.next() * (horizon - f.y) * 0.8,
        range(r, 0.6, 1.9) * u,
        "#ffffff",
        {
          opacity: range(r, 0.35, 0.95),
        },
      );
    }
  }
  const high = p.mood === "day" || p.mood === "night";
  const sun: Sun = {
    x: f.x + f.w * range(r, 0.14, 0.86),
    y: high
      ? f.y + (horizon - f.y) * range(r, 0.14, 0.34)
      : horizon - (horizon - f.y) * range(r, 0.12, 0.36),
    r: range(r, 38, 62) * u,
  };
  const glow = radial(p, [
    [0, sky.sun, sky.night ? 0.35 : 0.75],
    [0.35, sky.sun, sky.night ? 0.12 : 0.3],
    [1, sky.sun, 0],
  ]);
  circle(p, sun.x, sun.y, sun.r * (sky.night ? 4 : 5.5), glow);
  circle(p, sun.x, sun.y, sun.r, css(sky.sun));
  if (sky.night) {
    for (let i = 0; i < 4; i++) {
      circle(
        p,
        sun.x + range(r, -0.5, 0.5) * sun.r,
        sun.y + range(r, -0.5, 0.5) * sun.r,
        range(r, 0.1, 0.22) * sun.r,
        "#d9d3bb",
        {
          opacity: 0.6,
        },
      );
    }
  }
  if (options.clouds ?? !sky.night) {
    const count = int(r, 1, 4);
    const cloudColor = p.mood === "day" ? WHITE : mix(WHITE, sky.mid, 0.45);
    for (let i = 0; i < count; i++) {
      drawCloud(
        p,
        f.x + r.next() * f.w,
        f.y + (horizon - f.y) * range(r, 0.1, 0.6),
        range(r, 0.6, 1.4) * u,
        cloudColor,
      );
    }
  }
  return sun;
}

function drawCloud(p: Painter, x: number, y: number, s: number, color: RGB): void {
  const { r } = p;
  p.group({ opacity: fmt(range(r, 0.55, 0.9)) }, () => {
    const puffs = int(r, 3, 6);
    for (let i = 0; i < puffs; i++) {
      const px = x + (i - puffs / 2) * 34 * s + range(r, -8, 8) * s;
      ellipse(
        p,
        px,
        y - range(r, 0, 22) * s,
        range(r, 30, 52) * s,
        range(r, 18, 30) * s,
        css(color),
      );
    }
    ellipse(p, x - 12 * s, y + 10 * s, puffs * 24 * s, 14 * s, css(color));
  });
}

function drawBirds(p: Painter, f: Frame, horizon: number, count: number): void {
  const { r } = p;
  const u = f.h / ARTWORK_HEIGHT;
  const color = css(darker(p.sky.top, 0.55));
  const cx = f.x + f.w * range(p.r, 0.2, 0.8);
  const cy = f.y + (horizon - f.y) * range(r, 0.2, 0.5);
  for (let i = 0; i < count; i++) {
    const x = cx + range(r, -120, 120) * u;
    const y = cy + range(r, -50, 50) * u;
    const s = range(r, 5, 10) * u;
    path(
      p,
      d`M ${x - s} ${y} Q ${x - s / 2} ${y - s * 0.7} ${x} ${y} Q ${x + s / 2} ${y - s * 0.7} ${x + s} ${y}`,
      "none",
      {
        stroke: color,
        "stroke-width": 1.8 * u,
        "stroke-linecap": "round",
      },
    );
  }
}

/** A smooth hill line across the frame, filled down to `bottom`. */
function drawRidge(
  p: Painter,
  f: Frame,
  baseY: number,
  amplitude: number,
  points: number,
  fill: string,
  bottom = f.y + f.h,
): void {
  const { r } = p;
  const ys: number[] = [];
  for (let i = 0; i <= points; i++) ys.push(baseY - r.next() * amplitude);
  const step = f.w / points;
  let data = d`M ${f.x - 2} ${bottom} L ${f.x - 2} ${ys[0] ?? baseY}`;
  for (let i = 0; i < points; i++) {
    const x0 = f.x + i * step;
    const y0 = ys[i] ?? baseY;
    const y1 = ys[i + 1] ?? baseY;
    data += d` Q ${x0 + step / 2} ${y0} ${x0 + step} ${(y0 + y1) / 2}`;
  }
  data += d` L ${f.x + f.w + 2} ${ys[points] ?? baseY} L ${f.x + f.w + 2} ${bottom} Z`;
  path(p, data, fill);
}

/** Jagged peaks, with snow caps when asked. */
function drawMountains(
  p: Painter,
  f: Frame,
  baseY: number,
  peakHeight: number,
  color: RGB,
  snow: boolean,
): void {
  const { r } = p;
  const peaks = int(r, 2, 4);
  let data = d`M ${f.x - 2} ${baseY}`;
  const caps: string[] = [];
  let x = f.x - 2;
  for (let i = 0; i < peaks; i++) {
    const width = (f.w / peaks) * range(r, 0.8, 1.25);
    const height = peakHeight * range(r, 0.55, 1);
    const top = x + width * range(r, 0.38, 0.62);
    const shoulder = (top - x) * 0.5;
    data += d` L ${x + shoulder} ${baseY - height * 0.55} L ${top - width * 0.05} ${baseY - height * 0.95} L ${top} ${baseY - height} L ${top + width * 0.06} ${baseY - height * 0.93} L ${x + width} ${baseY - height * 0.05}`;
    if (snow) {
      const sy = baseY - height;
      const depth = height * 0.26;
      caps.push(
        d`M ${top - width * 0.11} ${sy + depth} L ${top - width * 0.05} ${sy + height * 0.05} L ${top} ${sy} L ${top + width * 0.06} ${sy + height * 0.07} L ${top + width * 0.12} ${sy + depth} L ${top + width * 0.06} ${sy + depth * 0.75} L ${top} ${sy + depth * 1.05} L ${top - width * 0.05} ${sy + depth * 0.78} Z`,
      );
    }
    x += width;
  }
  data += d` L ${Math.max(x, f.x + f.w + 2)} ${baseY} L ${f.x + f.w + 2} ${f.y + f.h} L ${f.x - 2} ${f.y + f.h} Z`;
  const fill = linear(p, [
    [0, lighter(color, 0.08)],
    [1, darker(color, 0.12)],
  ]);
  path(p, data, fill);
  for (const cap of caps) path(p, cap, css(p.lit(hex("#f4f6fb"))), { opacity: 0.92 });
}

function drawGround(p: Painter, f: Frame, top: number, color: RGB): void {
  const fill = linear(p, [
    [0, p.lit(lighter(color, 0.08))],
    [1, p.lit(darker(color, 0.22))],
  ]);
  p.add("rect", { x: f.x, y: top, width: f.w, height: f.y + f.h - top, fill });
}

function drawWater(p: Painter, f: Frame, top: number, bottom: number, sun: Sun | null): void {
  const { r, sky } = p;
  const deep = p.lit(mix(hex("#1f5f8b"), sky.top, 0.35));
  const fill = linear(p, [
    [0, mix(sky.bottom, deep, 0.35)],
    [1, deep],
  ]);
  p.add("rect", { x: f.x, y: top, width: f.w, height: bottom - top, fill });
  const u = f.h / ARTWORK_HEIGHT;
  if (sun) {
    const color = css(sky.sun);
    for (let i = 0; i < 9; i++) {
      const y = top + ((bottom - top) * (i + 0.5)) / 10;
      const width = sun.r * (1.6 - i * 0.12) * range(r, 0.6, 1.2);
      rect(p, sun.x - width / 2 + range(r, -8, 8) * u, y, width, 2.6 * u, color, {
        opacity: fmt(0.55 - i * 0.04),
        rx: 1.3 * u,
      });
    }
  }
  const waves = Math.round(f.w / 60);
  for (let i = 0; i < waves; i++) {
    const y = top + (bottom - top) * Math.pow(r.next(), 0.7);
    const width = range(r, 10, 40) * u * (1 + (y - top) / (bottom - top + 1));
    rect(p, f.x + r.next() * f.w, y, width, 1.8 * u, "#ffffff", {
      opacity: fmt(range(r, 0.12, 0.3)),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Plants and animals (local coordinates: ground at y = 0, facing right)

function drawAcacia(p: Painter, x: number, ground: number, s: number, color: RGB): void {
  const { r } = p;
  const c = css(color);
  const lean = range(p.r, -12, 12);
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    path(
      p,
      d`M -7 0 L -4 -62 L -40 -118 L -34 -121 L 0 -74 L ${30 + lean} -128 L ${36 + lean} -125 L 5 -62 L 7 0 Z`,
      c,
    );
    line(p, -10, -95, -62, -128, c, 3);
    line(p, 18, -100, 68 + lean, -132, c, 3);
    const puffs = int(r, 5, 8);
    for (let i = 0; i < puffs; i++) {
      const px = -85 + (170 * (i + 0.5)) / puffs + range(r, -8, 8);
      ellipse(p, px + lean / 2, -134 - range(r, 0, 14), range(r, 26, 42), range(r, 9, 15), c);
    }
  });
}

function drawBaobab(p: Painter, x: number, ground: number, s: number, color: RGB): void {
  const { r } = p;
  const c = css(color);
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    path(p, "M -34 0 Q -44 -70 -20 -140 L 20 -140 Q 44 -70 34 0 Z", c);
    const branches = int(r, 5, 8);
    for (let i = 0; i < branches; i++) {
      const bx = -18 + (36 * i) / (branches - 1);
      const ex = bx + range(r, -40, 40) + (bx > 0 ? 20 : -20);
      const ey = -140 - range(r, 25, 60);
      path(
        p,
        d`M ${bx - 5} -136 Q ${bx} ${ey + 10} ${ex} ${ey} L ${ex + 4} ${ey + 4} Q ${bx + 6} ${ey + 20} ${bx + 5} -136 Z`,
        c,
      );
      ellipse(p, ex, ey - 4, range(r, 10, 18), range(r, 6, 9), c, { opacity: 0.85 });
    }
  });
}

function drawRoundTree(p: Painter, x: number, ground: number, s: number, leaf: RGB): void {
  const { r } = p;
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    rect(p, -5, -60, 10, 60, css(p.lit(hex("#5a4030"))));
    const puffs = int(r, 3, 5);
    for (let i = 0; i < puffs; i++) {
      const shade = i % 2 === 0 ? leaf : darker(leaf, 0.12);
      circle(p, range(r, -26, 26), -82 - range(r, 0, 34), range(r, 24, 36), css(shade));
    }
  });
}

function drawPalm(p: Painter, x: number, ground: number, s: number, trunk: RGB, leaf: RGB): void {
  const { r } = p;
  const height = range(r, 190, 260);
  const bend = range(r, -70, 70);
  const topX = bend;
  const topY = -height;
  // Trunk: the outline of a tapered quadratic curve.
  const steps = 10;
  const left: string[] = [];
  const right: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const cx = 2 * (1 - t) * t * (bend * 0.15) + t * t * topX;
    const cy = t * topY;
    const half = 8 - 4 * t;
    left.push(d`${cx - half} ${cy}`);
    right.unshift(d`${cx + half} ${cy}`);
  }
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    path(p, `M ${left.join(" L ")} L ${right.join(" L ")} Z`, css(trunk));
    const fronds = int(r, 7, 10);
    for (let i = 0; i < fronds; i++) {
      const angle = Math.PI + (Math.PI * (i + 0.5)) / fronds + range(r, -0.15, 0.15);
      const length = range(r, 80, 120);
      const ex = topX + Math.cos(angle) * length * 1.1;
      const ey = topY + Math.sin(angle) * length * 0.55 + length * 0.45;
      const mx = (topX + ex) / 2;
      const my = Math.min(topY, ey) - 30;
      const shade = i % 2 === 0 ? leaf : darker(leaf, 0.15);
      path(
        p,
        d`M ${topX} ${topY} Q ${mx} ${my - 14} ${ex} ${ey} Q ${mx} ${my + 12} ${topX} ${topY + 4} Z`,
        css(shade),
      );
    }
    for (let i = 0; i < 3; i++)
      circle(p, topX + range(r, -8, 8), topY + range(r, 4, 12), 6, css(darker(trunk, 0.2)));
  });
}

function drawPine(p: Painter, x: number, ground: number, s: number, color: RGB): void {
  const c = css(color);
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    rect(p, -3, -14, 6, 14, c);
    path(p, "M 0 -95 L 20 -50 L 10 -52 L 26 -14 L -26 -14 L -10 -52 L -20 -50 Z", c);
  });
}

function drawGiraffe(
  p: Painter,
  x: number,
  ground: number,
  s: number,
  color: RGB,
  flip: boolean,
): void {
  const c = css(color);
  p.group(
    { transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(flip ? -s : s)} ${fmt(s)})` },
    () => {
      for (const lx of [-30, -18, 28, 40])
        path(p, d`M ${lx} -82 L ${lx + 7} -82 L ${lx + 5} 0 L ${lx + 1} 0 Z`, c);
      path(
        p,
        "M -36 -84 Q -40 -108 -20 -110 L 36 -122 Q 54 -118 52 -92 Q 50 -80 30 -80 L -26 -78 Q -36 -78 -36 -84 Z",
        c,
      );
      path(p, "M 28 -112 L 46 -120 L 80 -206 L 67 -212 Z", c);
      ellipse(p, 82, -206, 17, 7, c, { transform: "rotate(32 82 -206)" });
      line(p, 70, -214, 68, -226, c, 3);
      line(p, 76, -213, 76, -225, c, 3);
      ellipse(p, 66, -208, 6, 3, c);
      line(p, -36, -100, -44, -60, c, 2);
    },
  );
}

function drawElephant(
  p: Painter,
  x: number,
  ground: number,
  s: number,
  color: RGB,
  flip: boolean,
): void {
  const c = css(color);
  p.group(
    { transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(flip ? -s : s)} ${fmt(s)})` },
    () => {
      for (const lx of [-48, -26, 22, 42]) rect(p, lx, -62, 17, 62, c, { rx: 4 });
      ellipse(p, 0, -84, 66, 44, c);
      ellipse(p, 62, -96, 30, 32, c);
      ellipse(p, 44, -92, 22, 31, css(darker(color, 0.08)));
      path(p, "M 84 -92 Q 100 -52 90 -20 Q 88 -8 97 -6", "none", {
        stroke: c,
        "stroke-width": 13,
        "stroke-linecap": "round",
      });
      path(p, "M 80 -72 Q 96 -60 104 -68", "none", {
        stroke: css(mix(hex("#f1ead8"), color, 0.35)),
        "stroke-width": 4,
        "stroke-linecap": "round",
      });
      line(p, -64, -90, -70, -52, c, 3);
    },
  );
}

function drawAntelope(
  p: Painter,
  x: number,
  ground: number,
  s: number,
  color: RGB,
  flip: boolean,
): void {
  const c = css(color);
  p.group(
    { transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(flip ? -s : s)} ${fmt(s)})` },
    () => {
      for (const lx of [-22, -14, 16, 23]) line(p, lx, -44, lx + (lx < 0 ? -2 : 2), 0, c, 3.5);
      ellipse(p, 0, -50, 30, 12, c);
      path(p, "M 20 -56 L 30 -84 L 38 -82 L 30 -52 Z", c);
      ellipse(p, 38, -84, 10, 5, c, { transform: "rotate(25 38 -84)" });
      path(p, "M 32 -88 Q 30 -104 24 -110", "none", {
        stroke: c,
        "stroke-width": 2.5,
        "stroke-linecap": "round",
      });
      path(p, "M 36 -88 Q 36 -104 31 -111", "none", {
        stroke: c,
        "stroke-width": 2.5,
        "stroke-linecap": "round",
      });
      line(p, -30, -52, -34, -38, c, 2);
    },
  );
}

function drawCamel(
  p: Painter,
  x: number,
  ground: number,
  s: number,
  color: RGB,
  flip: boolean,
): void {
  const c = css(color);
  p.group(
    { transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(flip ? -s : s)} ${fmt(s)})` },
    () => {
      for (const lx of [-26, -16, 20, 29]) line(p, lx, -58, lx, 0, c, 4.5);
      path(p, "M -36 -60 Q -42 -86 -16 -96 Q 0 -118 16 -96 Q 36 -92 40 -66 Q 32 -54 -30 -54 Z", c);
      path(
        p,
        "M 30 -78 Q 50 -70 55 -96 Q 58 -108 72 -107 L 74 -98 Q 64 -99 62 -86 Q 56 -60 36 -58 Z",
        c,
      );
      ellipse(p, 75, -102, 10, 5.5, c);
      line(p, -36, -70, -42, -44, c, 2);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Buildings

const FACADES = [
  "#d9825b",
  "#e5b769",
  "#efe4cf",
  "#9cbfd6",
  "#a9bf8e",
  "#e4a3a0",
  "#f3f1ea",
  "#c9a27e",
  "#86a7a0",
].map(hex);

const ROOFS = ["#8c3b2a", "#5d5d6b", "#6e4b3a", "#3f5a66", "#a0522d"].map(hex);

const BRIGHT_PANELS = [
  "#e4572e",
  "#f3a712",
  "#29bf12",
  "#4ea8de",
  "#f2c14e",
  "#9b5de5",
  "#f15bb5",
  "#00bbf9",
].map(hex);

function windowColor(p: Painter, facade: RGB, litChance: number): string {
  if (chance(p.r, litChance)) return css(p.sky.glow);
  return css(p.lit(mix(darker(facade, 0.45), p.sky.top, 0.35)));
}

function litChanceFor(p: Painter): number {
  return p.sky.night ? 0.55 : p.mood === "dusk" ? 0.35 : p.mood === "dawn" ? 0.12 : 0;
}

/** One city block: a tower with a crown and a grid of windows, or a plain silhouette. */
function drawTower(
  p: Painter,
  x: number,
  ground: number,
  w: number,
  h: number,
  facade: RGB,
  windows: boolean,
  u: number,
): void {
  const { r } = p;
  const top = ground - h;
  const body = css(facade);
  const style = int(r, 0, 4);
  rect(p, x, top, w, h + 1, body);
  if (style === 1) rect(p, x + w * 0.2, top - h * 0.06, w * 0.6, h * 0.06 + 1, body);
  if (style === 2) line(p, x + w / 2, top, x + w / 2, top - h * 0.18, body, 3 * u);
  if (style === 3) path(p, d`M ${x} ${top} L ${x + w} ${top - w * 0.35} L ${x + w} ${top} Z`, body);
  if (style === 4) ellipse(p, x + w / 2, top, w / 2, w * 0.18, body);
  if (!windows) return;
  // The shaded side sells the volume.
  rect(p, x + w * 0.72, top, w * 0.28, h, css(darker(facade, 0.14)));
  const litChance = litChanceFor(p);
  if (chance(r, 0.35)) {
    const stripes = Math.max(2, Math.floor(w / (12 * u)));
    for (let i = 1; i < stripes; i++) {
      rect(
        p,
        x + (w * i) / stripes - 1.5 * u,
        top + 8 * u,
        3 * u,
        h - 12 * u,
        windowColor(p, facade, litChance * 0.5),
        { opacity: 0.8 },
      );
    }
    return;
  }
  const cw = 9 * u;
  const ch = 12 * u;
  const cols = Math.max(1, Math.floor((w - 10 * u) / (cw + 6 * u)));
  const rows = Math.max(1, Math.floor((h - 16 * u) / (ch + 9 * u)));
  const gapX = (w - cols * cw) / (cols + 1);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      rect(
        p,
        x + gapX + col * (cw + gapX),
        top + 10 * u + row * (ch + 9 * u),
        cw,
        ch,
        windowColor(p, facade, litChance),
      );
    }
  }
}

function drawSkylineLayer(
  p: Painter,
  f: Frame,
  ground: number,
  minH: number,
  maxH: number,
  color: (i: number) => RGB,
  windows: boolean,
): void {
  const { r } = p;
  const u = f.h / ARTWORK_HEIGHT;
  let x = f.x - range(r, 0, 40) * u;
  let i = 0;
  while (x < f.x + f.w) {
    const w = range(r, 55, 130) * u;
    const tall = chance(r, 0.18) ? 1.35 : 1;
    drawTower(p, x, ground, w, range(r, minH, maxH) * tall, color(i), windows, u);
    x += w + range(r, -10, 14) * u;
    i++;
  }
}

interface HouseOptions {
  roof: "gable" | "flat" | "hip";
  storeys: 1 | 2;
}

function drawHouse(
  p: Painter,
  x: number,
  ground: number,
  w: number,
  u: number,
  options: HouseOptions,
): void {
  const { r } = p;
  const facade = p.lit(pick(r, FACADES));
  const roof = p.lit(pick(r, ROOFS));
  const storeyH = 92 * u;
  const h = storeyH * options.storeys;
  const top = ground - h;
  rect(p, x, top, w, h, css(facade));
  rect(p, x + w * 0.78, top, w * 0.22, h, css(darker(facade, 0.1)));
  const over = 12 * u;
  if (options.roof === "gable") {
    path(
      p,
      d`M ${x - over} ${top} L ${x + w / 2} ${top - w * 0.34} L ${x + w + over} ${top} Z`,
      css(roof),
    );
  } else if (options.roof === "hip") {
    path(
      p,
      d`M ${x - over} ${top} L ${x + w * 0.22} ${top - w * 0.22} L ${x + w * 0.78} ${top - w * 0.22} L ${x + w + over} ${top} Z`,
      css(roof),
    );
  } else {
    rect(p, x - over / 2, top - 10 * u, w + over, 12 * u, css(darker(facade, 0.25)));
  }
  const glass = (): string => windowColor(p, facade, litChanceFor(p) + 0.1);
  const frame = css(lighter(facade, 0.5));
  const doorW = 26 * u;
  const doorX = x + w * range(r, 0.3, 0.55);
  rect(p, doorX, ground - 52 * u, doorW, 52 * u, css(p.lit(darker(pick(r, ROOFS), 0.1))), {
    rx: 2 * u,
  });
  for (let storey = 0; storey < options.storeys; storey++) {
    const wy = ground - storeyH * (storey + 1) + 26 * u;
    const count = Math.max(2, Math.floor(w / (60 * u)));
    for (let i = 0; i < count; i++) {
      const wx = x + ((i + 0.5) * w) / count - 13 * u;
      if (storey === 0 && Math.abs(wx + 13 * u - (doorX + doorW / 2)) < 30 * u) continue;
      rect(p, wx - 3 * u, wy - 3 * u, 32 * u, 40 * u, frame);
      rect(p, wx, wy, 26 * u, 34 * u, glass());
      line(p, wx + 13 * u, wy, wx + 13 * u, wy + 34 * u, frame, 2 * u);
    }
  }
}

/** A tiered hotel block with balconies. */
function drawHotel(p: Painter, x: number, ground: number, w: number, h: number, u: number): void {
  const { r } = p;
  const facade = p.lit(pick(r, [hex("#f4efe6"), hex("#efe2cf"), hex("#e8eef2"), hex("#f2e0d0")]));
  const accent = p.lit(pick(r, [hex("#2a9d8f"), hex("#e76f51"), hex("#264653"), hex("#b5838d")]));
  const top = ground - h;
  rect(p, x, top, w, h, css(facade));
  rect(p, x + w * 0.82, top, w * 0.18, h, css(darker(facade, 0.12)));
  rect(p, x - 6 * u, top - 14 * u, w + 12 * u, 14 * u, css(accent));
  const floors = Math.floor((h - 40 * u) / (34 * u));
  const bays = Math.max(3, Math.floor(w / (46 * u)));
  const litChance = litChanceFor(p) + 0.05;
  for (let fl = 0; fl < floors; fl++) {
    const fy = top + 20 * u + fl * 34 * u;
    for (let b = 0; b < bays; b++) {
      const bx = x + (b * w) / bays + 6 * u;
      const bw = w / bays - 12 * u;
      rect(p, bx, fy, bw, 22 * u, windowColor(p, facade, litChance));
    }
    rect(p, x - 4 * u, fy + 22 * u, w + 8 * u, 5 * u, css(lighter(facade, 0.3)));
    rect(p, x - 4 * u, fy + 27 * u, w + 8 * u, 2 * u, css(darker(facade, 0.3)));
  }
  rect(p, x + w * 0.35, ground - 36 * u, w * 0.3, 36 * u, css(p.lit(hex("#3d4a52"))));
  rect(p, x + w * 0.3, ground - 44 * u, w * 0.4, 8 * u, css(accent));
}

function drawHut(p: Painter, x: number, ground: number, s: number, wall: RGB, thatch: RGB): void {
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    rect(p, -38, -50, 76, 50, css(wall));
    rect(p, -10, -36, 20, 36, css(darker(wall, 0.5)), { rx: 3 });
    rect(
      p,
      18,
      -38,
      12,
      14,
      css(p.sky.night || p.mood === "dusk" ? p.sky.glow : darker(wall, 0.4)),
    );
    path(p, "M -52 -46 L 0 -112 L 52 -46 Q 0 -38 -52 -46 Z", css(thatch));
    for (let i = -3; i <= 3; i++) {
      line(p, i * 8, -100 + Math.abs(i) * 2, i * 14, -46, css(darker(thatch, 0.15)), 1.2);
    }
  });
}

function drawPool(p: Painter, f: Frame, top: number, bottom: number, u: number): void {
  const { r } = p;
  const deck = p.lit(pick(r, [hex("#e9dcc4"), hex("#d9d2c5"), hex("#efe7da")]));
  rect(p, f.x, top, f.w, f.y + f.h - top, css(deck));
  const inset = f.w * range(r, 0.06, 0.16);
  const px = f.x + inset;
  const pw = f.w - inset * 2;
  const water = p.lit(pick(r, [hex("#2bb3d9"), hex("#35c2c1"), hex("#3aa7e0")]));
  const fill = linear(p, [
    [0, lighter(water, 0.25)],
    [1, darker(water, 0.2)],
  ]);
  const skew = 40 * u;
  path(
    p,
    d`M ${px + skew} ${top + 18 * u} L ${px + pw - skew} ${top + 18 * u} L ${px + pw} ${bottom} L ${px} ${bottom} Z`,
    css(lighter(deck, 0.4)),
  );
  path(
    p,
    d`M ${px + skew + 8 * u} ${top + 24 * u} L ${px + pw - skew - 8 * u} ${top + 24 * u} L ${px + pw - 8 * u} ${bottom - 6 * u} L ${px + 8 * u} ${bottom - 6 * u} Z`,
    fill,
  );
  for (let i = 0; i < 16; i++) {
    const y = top + 30 * u + r.next() * (bottom - top - 40 * u);
    const x = px + 20 * u + r.next() * (pw - 80 * u);
    path(p, d`M ${x} ${y} q ${10 * u} ${-5 * u} ${20 * u} 0 t ${20 * u} 0`, "none", {
      stroke: "#ffffff",
      "stroke-width": 2 * u,
      opacity: fmt(range(r, 0.25, 0.6)),
      "stroke-linecap": "round",
    });
  }
}

function drawUmbrella(p: Painter, x: number, ground: number, s: number, canvas: RGB): void {
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    line(p, 0, 0, 0, -90, css(p.lit(hex("#6b5a4a"))), 3);
    path(
      p,
      "M -55 -80 Q 0 -122 55 -80 Q 36 -86 18 -80 Q 0 -88 -18 -80 Q -36 -86 -55 -80 Z",
      css(canvas),
    );
    ellipse(p, 0, 2, 40, 5, "#000000", { opacity: 0.12 });
  });
}

function drawLounger(p: Painter, x: number, ground: number, s: number, color: RGB): void {
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    const c = css(color);
    path(p, "M -40 -14 L 22 -14 L 40 -40 L 45 -37 L 28 -9 L -40 -9 Z", c);
    line(p, -34, -9, -34, 0, css(darker(color, 0.3)), 3);
    line(p, 20, -9, 20, 0, css(darker(color, 0.3)), 3);
  });
}

function drawBooks(p: Painter, x: number, ground: number, s: number): void {
  const { r } = p;
  const covers = ["#b23a48", "#2e86ab", "#f18f01", "#3b1f2b", "#417b5a", "#6a4c93", "#c5283d"].map(
    hex,
  );
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    let y = 0;
    const count = int(r, 3, 6);
    for (let i = 0; i < count; i++) {
      const w = range(r, 150, 210);
      const h = range(r, 22, 34);
      const dx = range(r, -18, 18);
      const cover = p.lit(pick(r, covers));
      rect(p, dx - w / 2, y - h, w, h, css(cover), { rx: 4 });
      rect(p, dx - w / 2 + 8, y - h + 4, w - 14, h - 8, css(p.lit(hex("#f5efe0"))));
      for (let k = 1; k < 4; k++) {
        line(
          p,
          dx - w / 2 + 10,
          y - h + 4 + ((h - 8) * k) / 4,
          dx + w / 2 - 8,
          y - h + 4 + ((h - 8) * k) / 4,
          css(p.lit(hex("#d8ceb8"))),
          0.8,
        );
      }
      rect(p, dx - w / 2, y - h, 16, h, css(darker(cover, 0.2)), { rx: 4 });
      rect(p, dx - w / 2 + 24, y - h, 6, h, css(p.lit(hex("#e2b84a"))), { opacity: 0.85 });
      y -= h;
    }
  });
}

/** A wall-and-floor room; returns the floor line. */
function drawRoom(p: Painter, f: Frame, wall: RGB, floor: RGB, floorRatio = 0.74): number {
  const { r } = p;
  const floorY = f.y + f.h * floorRatio;
  const u = f.h / ARTWORK_HEIGHT;
  rect(
    p,
    f.x,
    f.y,
    f.w,
    floorY - f.y,
    linear(p, [
      [0, lighter(wall, 0.08)],
      [1, darker(wall, 0.08)],
    ]),
  );
  rect(p, f.x, floorY, f.w, f.y + f.h - floorY, css(floor));
  const planks = int(r, 6, 11);
  for (let i = 0; i <= planks; i++) {
    const y = floorY + ((f.y + f.h - floorY) * (i * i)) / (planks * planks);
    line(p, f.x, y, f.x + f.w, y, css(darker(floor, 0.12)), 1.5 * u);
  }
  rect(p, f.x, floorY - 10 * u, f.w, 10 * u, css(lighter(wall, 0.35)));
  return floorY;
}

/** A window onto a small outdoor scene. */
function drawWindowView(
  p: Painter,
  f: Frame,
  scene: "skyline" | "hills" | "runway" | "campus",
): void {
  const { r } = p;
  const u = f.h / ARTWORK_HEIGHT;
  const frameColor = css(p.lit(hex("#f2efe9")));
  p.group({ "clip-path": clip(p, f) }, () => {
    const horizon = f.y + f.h * range(r, 0.6, 0.72);
    drawSky(p, f, horizon);
    if (scene === "skyline") {
      drawSkylineLayer(
        p,
        f,
        horizon + 30 * u,
        80 * u,
        260 * u,
        () => p.haze(hex("#8a93a6"), 0.45),
        false,
      );
      drawGround(p, f, horizon + 28 * u, hex("#6f7783"));
      drawSkylineLayer(
        p,
        f,
        f.y + f.h + 10 * u,
        140 * u,
        420 * u,
        () => p.lit(pick(r, FACADES)),
        true,
      );
    } else if (scene === "hills") {
      drawRidge(p, f, horizon, 60 * u, 5, css(p.haze(hex("#6f8f5a"), 0.45)));
      drawRidge(p, f, horizon + 50 * u, 40 * u, 4, css(p.lit(hex("#5d7f45"))));
    } else if (scene === "campus") {
      drawRidge(p, f, horizon, 50 * u, 5, css(p.haze(hex("#6f8f5a"), 0.4)));
      drawRoundTree(p, f.x + f.w * 0.2, horizon + 40 * u, u * 0.9, p.lit(hex("#4f7a3a")));
      drawHouse(p, f.x + f.w * 0.35, horizon + 50 * u, f.w * 0.4, u * 0.8, {
        roof: "gable",
        storeys: 2,
      });
    } else {
      drawGround(p, f, horizon, hex("#8a8f7a"));
      rect(p, f.x, horizon + 30 * u, f.w, 24 * u, css(p.lit(hex("#5b5f66"))));
      drawAirliner(
        p,
        f.x + f.w * range(r, 0.35, 0.65),
        f.y + f.h * range(r, 0.25, 0.4),
        u * range(r, 0.35, 0.5),
        -range(r, 8, 16),
      );
    }
  });
  const bar = 14 * u;
  p.add("rect", {
    x: f.x,
    y: f.y,
    width: f.w,
    height: f.h,
    fill: "none",
    stroke: frameColor,
    "stroke-width": bar,
  });
  line(p, f.x + f.w / 2, f.y, f.x + f.w / 2, f.y + f.h, frameColor, bar * 0.6, {
    "stroke-linecap": "butt",
  });
  rect(p, f.x - bar, f.y + f.h, f.w + bar * 2, bar * 0.9, frameColor);
}

function drawPlant(p: Painter, x: number, ground: number, s: number): void {
  const { r } = p;
  const leaf = p.lit(pick(r, [hex("#3f7d4e"), hex("#4f8f3a"), hex("#2f6b4f")]));
  p.group({ transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})` }, () => {
    const leaves = int(r, 6, 10);
    for (let i = 0; i < leaves; i++) {
      const a = -Math.PI / 2 + range(r, -1.1, 1.1);
      const len = range(r, 70, 130);
      const ex = Math.cos(a) * len;
      const ey = -60 + Math.sin(a) * len;
      path(
        p,
        d`M 0 -58 Q ${ex * 0.5 - 18} ${(ey - 58) / 2} ${ex} ${ey} Q ${ex * 0.5 + 18} ${(ey - 58) / 2 + 10} 0 -58 Z`,
        css(i % 2 ? leaf : darker(leaf, 0.15)),
      );
    }
    path(
      p,
      "M -32 -62 L 32 -62 L 24 0 L -24 0 Z",
      css(p.lit(pick(r, [hex("#c8553d"), hex("#e0d6c8"), hex("#2d3142")]))),
    );
  });
}

function drawAirliner(p: Painter, x: number, y: number, s: number, angle: number): void {
  const { r } = p;
  const body = p.lit(hex("#f7f8fa"));
  const shade = darker(body, 0.14);
  const accent = p.lit(
    pick(r, [hex("#d62828"), hex("#1d3557"), hex("#2a9d8f"), hex("#f77f00"), hex("#006b3f")]),
  );
  p.group(
    { transform: `translate(${fmt(x)} ${fmt(y)}) rotate(${fmt(angle)}) scale(${fmt(s)})` },
    () => {
      path(p, "M -10 -8 L -60 -60 L -40 -62 L 40 -10 Z", css(shade));
      path(p, "M -150 -18 L -198 -100 L -168 -100 L -104 -18 Z", css(accent));
      path(
        p,
        "M -214 -4 L -178 -18 L 170 -18 Q 214 -16 226 2 Q 214 16 170 18 L -168 16 Q -204 12 -214 -4 Z",
        css(body),
      );
      path(p, "M -168 16 L 170 18 Q 214 16 226 2 L 200 8 Q 180 12 120 12 L -170 9 Z", css(shade));
      rect(p, -170, 4, 330, 5, css(accent));
      path(p, "M -160 0 L -206 -14 L -190 -18 L -130 -4 Z", css(shade));
      path(p, "M -24 6 L -100 66 L -70 68 L 48 10 Z", css(lighter(shade, 0.3)));
      ellipse(p, -40, 30, 30, 11, css(darker(body, 0.25)));
      for (let i = 0; i < 24; i++) circle(p, -140 + i * 12, -6, 3.2, css(p.lit(hex("#2b3a55"))));
      path(p, "M 196 -10 L 212 -8 L 206 -2 L 192 -3 Z", css(p.lit(hex("#2b3a55"))));
    },
  );
}

function drawCar(
  p: Painter,
  x: number,
  ground: number,
  s: number,
  paint: RGB,
  flip: boolean,
): void {
  const glass = css(p.lit(mix(hex("#a9c6dc"), p.sky.top, 0.3)));
  p.group(
    { transform: `translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(flip ? -s : s)} ${fmt(s)})` },
    () => {
      ellipse(p, 5, 2, 175, 10, "#000000", { opacity: 0.22 });
      path(
        p,
        "M -160 -28 L -160 -72 Q -158 -84 -144 -86 L -104 -90 L -70 -132 Q -64 -138 -52 -138 L 78 -138 Q 92 -138 100 -128 L 128 -92 L 156 -86 Q 172 -82 172 -64 L 172 -28 Z",
        css(paint),
      );
      path(p, "M -58 -92 L -32 -126 L 16 -126 L 16 -92 Z", glass);
      path(p, "M 26 -92 L 26 -126 L 80 -126 Q 88 -126 92 -120 L 114 -92 Z", glass);
      line(p, 20, -90, 20, -40, css(darker(paint, 0.25)), 2);
      line(p, -66, -88, -66, -40, css(darker(paint, 0.25)), 2);
      rect(p, 156, -74, 16, 9, css(p.sky.glow), { rx: 3 });
      rect(p, -160, -72, 10, 12, "#c1121f", { rx: 2 });
      rect(p, -160, -40, 332, 12, css(darker(paint, 0.3)), { rx: 4 });
      for (const wx of [-100, 110]) {
        circle(p, wx, -28, 36, css(darker(paint, 0.45)));
        circle(p, wx, -26, 30, "#1c1c1e");
        circle(p, wx, -26, 16, "#b8bec6");
        circle(p, wx, -26, 5, "#6c737c");
      }
    },
  );
}

function drawSuitcase(
  p: Painter,
  x: number,
  ground: number,
  w: number,
  h: number,
  color: RGB,
): void {
  const c = css(color);
  const dark = css(darker(color, 0.25));
  rect(p, x + w * 0.38, ground - h - h * 0.32, w * 0.05, h * 0.34, "#4a4e57");
  rect(p, x + w * 0.57, ground - h - h * 0.32, w * 0.05, h * 0.34, "#4a4e57");
  rect(p, x + w * 0.34, ground - h - h * 0.36, w * 0.32, h * 0.06, "#2f323a", { rx: h * 0.02 });
  rect(p, x, ground - h - h * 0.04, w, h, c, { rx: w * 0.1 });
  rect(p, x + w * 0.72, ground - h - h * 0.04, w * 0.28, h, dark, { rx: w * 0.1, opacity: 0.35 });
  for (let i = 1; i < 4; i++)
    line(
      p,
      x + (w * i) / 4,
      ground - h * 0.98,
      x + (w * i) / 4,
      ground - h * 0.12,
      dark,
      w * 0.025,
    );
  circle(p, x + w * 0.16, ground - h * 0.02, h * 0.045, "#2f323a");
  circle(p, x + w * 0.84, ground - h * 0.02, h * 0.045, "#2f323a");
}

type StrokeAttrs = Attrs;

/** A house front in line drawing: walls, roof or upper storey, windows and door. */
function drawElevation(
  p: Painter,
  bx: number,
  by: number,
  bw: number,
  bh: number,
  stroke: StrokeAttrs,
): void {
  p.add("rect", { x: bx, y: by - bh, width: bw, height: bh, ...stroke });
  if (chance(p.r, 0.5)) {
    p.add("path", {
      d: d`M ${bx - bw * 0.04} ${by - bh} L ${bx + bw / 2} ${by - bh - bw * 0.3} L ${bx + bw * 1.04} ${by - bh} Z`,
      ...stroke,
    });
  } else {
    p.add("rect", {
      x: bx + bw * 0.15,
      y: by - bh * 1.6,
      width: bw * 0.6,
      height: bh * 0.6,
      ...stroke,
    });
    p.add("rect", {
      x: bx + bw * 0.22,
      y: by - bh * 1.45,
      width: bw * 0.46,
      height: bh * 0.3,
      ...stroke,
    });
  }
  for (let i = 0; i < 4; i++) {
    p.add("rect", {
      x: bx + bw * (0.08 + i * 0.23),
      y: by - bh * 0.75,
      width: bw * 0.14,
      height: bh * 0.3,
      ...stroke,
    });
  }
  p.add("rect", {
    x: bx + bw * 0.44,
    y: by - bh * 0.4,
    width: bw * 0.12,
    height: bh * 0.4,
    ...stroke,
  });
}

/** A floor plan: outer walls, a few rooms and door swings. */
function drawFloorPlan(p: Painter, f: Frame, stroke: StrokeAttrs): void {
  const { r } = p;
  const thick = { ...stroke, "stroke-width": fmt(Number(stroke["stroke-width"]) * 2.2) };
  p.add("rect", { x: f.x, y: f.y, width: f.w, height: f.h, ...thick });
  const splitX = f.x + f.w * range(r, 0.38, 0.6);
  const splitY = f.y + f.h * range(r, 0.4, 0.6);
  p.add("line", { x1: splitX, y1: f.y, x2: splitX, y2: f.y + f.h, ...stroke });
  p.add("line", { x1: f.x, y1: splitY, x2: splitX, y2: splitY, ...stroke });
  const splitY2 = f.y + f.h * range(r, 0.3, 0.7);
  p.add("line", { x1: splitX, y1: splitY2, x2: f.x + f.w, y2: splitY2, ...stroke });
  const door = f.h * 0.12;
  for (const [x, y] of [
    [splitX, splitY - door * 1.5],
    [splitX, splitY2 + door * 0.5],
  ] as const) {
    p.add("path", {
      d: d`M ${x} ${y} L ${x + door} ${y} A ${door} ${door} 0 0 1 ${x} ${y + door}`,
      ...stroke,
      "stroke-dasharray": "6 4",
    });
  }
  p.add("rect", {
    x: f.x + f.w * 0.08,
    y: f.y + f.h * 0.62,
    width: f.w * 0.22,
    height: f.h * 0.28,
    rx: 8,
    ...stroke,
  });
  p.add("circle", {
    cx: splitX + (f.x + f.w - splitX) / 2,
    cy: f.y + (splitY2 - f.y) / 2,
    r: Math.min(f.w, f.h) * 0.09,
    ...stroke,
  });
}

// ---------------------------------------------------------------------------------------------
// Scenes

type Scene = (p: Painter, f: Frame) => void;

const GRASS = hex("#6f9a45");
const SAVANNA_GRASS = hex("#c9a24c");
const SAND = hex("#e8cf9a");

function silhouette(p: Painter): RGB {
  return p.mood === "day"
    ? darker(p.lit(hex("#3d3a2a")), 0.1)
    : darker(mix(p.sky.top, hex("#1a1008"), 0.6), 0.35);
}

const SCENES: Record<ArtworkMotif, Scene> = {
  skyline(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const water = chance(r, 0.55);
    const horizon = f.y + f.h * range(r, water ? 0.58 : 0.7, water ? 0.66 : 0.8);
    const sun = drawSky(p, f, horizon);
    drawRidge(
      p,
      f,
      horizon - 10 * u,
      90 * u,
      int(r, 3, 6),
      css(p.haze(hex("#6d7f8c"), 0.6)),
      horizon + 2,
    );
    drawSkylineLayer(p, f, horizon + 2, 120 * u, 300 * u, () => p.haze(hex("#7d879b"), 0.5), false);
    drawSkylineLayer(
      p,
      f,
      horizon + 2,
      90 * u,
      420 * u,
      () => p.lit(vary(r, pick(r, FACADES), 10, 0.1, 0.08)),
      true,
    );
    if (water) {
      drawWater(p, f, horizon, f.y + f.h, sun);
    } else {
      drawGround(p, f, horizon, hex("#5f6b5a"));
      rect(p, f.x, horizon + 18 * u, f.w, 26 * u, css(p.lit(hex("#3f434a"))));
      for (let x = f.x; x < f.x + f.w; x += 70 * u)
        rect(p, x, horizon + 30 * u, 34 * u, 3 * u, css(p.lit(hex("#e9e2c6"))));
      for (let i = 0; i < 4; i++)
        drawPalm(
          p,
          f.x + r.next() * f.w,
          f.y + f.h,
          u * range(r, 0.9, 1.3),
          p.lit(hex("#6b4f3a")),
          p.lit(hex("#3f7a3a")),
        );
    }
    if (p.mood !== "night") drawBirds(p, f, horizon, int(r, 0, 5));
  },

  houses(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.52, 0.6);
    drawSky(p, f, horizon);
    drawRidge(p, f, horizon, 70 * u, 5, css(p.haze(hex("#7d9a6a"), 0.45)), horizon + 5);
    drawGround(p, f, horizon, GRASS);
    const ground = f.y + f.h * range(r, 0.8, 0.86);
    const count = int(r, 3, 4);
    const slot = f.w / count;
    for (let i = 0; i < count; i++) {
      const w = slot * range(r, 0.55, 0.72);
      const x = f.x + i * slot + (slot - w) * range(r, 0.2, 0.8);
      if (chance(r, 0.6)) {
        const treeX = i % 2 === 0 ? x - 18 * u : x + w + 18 * u;
        if (chance(r, 0.5))
          drawPalm(p, treeX, ground, u * 0.9, p.lit(hex("#7a5a40")), p.lit(hex("#4f8a3a")));
        else drawRoundTree(p, treeX, ground, u * 1.2, p.lit(vary(r, hex("#4f7a3a"), 15)));
      }
      drawHouse(p, x, ground, w, u, {
        roof: pick(r, ["gable", "flat", "hip"] as const),
        storeys: chance(r, 0.55) ? 2 : 1,
      });
    }
    rect(p, f.x, ground, f.w, f.y + f.h - ground, css(p.lit(hex("#cdbb9a"))));
    const wall = css(p.lit(hex("#efe7d8")));
    rect(p, f.x, ground + 6 * u, f.w, 22 * u, wall);
    for (let x = f.x; x < f.x + f.w; x += 90 * u)
      rect(p, x, ground - 4 * u, 14 * u, 32 * u, css(p.lit(hex("#d8ccb8"))));
  },

  villa(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.5, 0.58);
    drawSky(p, f, horizon);
    if (chance(r, 0.5))
      drawMountains(p, f, horizon + 10 * u, 150 * u, p.haze(hex("#6c7a89"), 0.55), false);
    drawRidge(p, f, horizon + 10 * u, 40 * u, 4, css(p.haze(hex("#5f8a4a"), 0.3)));
    const ground = f.y + f.h * range(r, 0.7, 0.75);
    const white = p.lit(pick(r, [hex("#f6f3ee"), hex("#efe9df"), hex("#f3efe6")]));
    const wood = p.lit(pick(r, [hex("#9c6b44"), hex("#7b5a43"), hex("#b07c52")]));
    const glass =
      p.mood === "dusk" || p.sky.night ? p.sky.glow : p.lit(mix(hex("#8fb7cc"), p.sky.top, 0.3));
    const vx = f.x + f.w * range(r, 0.12, 0.28);
    const vw = f.w * range(r, 0.55, 0.68);
    const h1 = 130 * u;
    const h2 = 120 * u;
    drawPalm(p, vx - 30 * u, ground, u * 1.2, p.lit(hex("#7a5a40")), p.lit(hex("#3f7a3a")));
    rect(p, vx, ground - h1, vw, h1, css(white));
    rect(p, vx + vw * 0.08, ground - h1 + 22 * u, vw * 0.5, h1 - 22 * u, css(glass));
    for (let i = 1; i < 5; i++)
      line(
        p,
        vx + vw * 0.08 + (vw * 0.5 * i) / 5,
        ground - h1 + 22 * u,
        vx + vw * 0.08 + (vw * 0.5 * i) / 5,
        ground,
        css(darker(white, 0.3)),
        2 * u,
      );
    rect(p, vx + vw * 0.64, ground - h1 + 20 * u, vw * 0.3, h1 - 20 * u, css(wood));
    for (let i = 0; i < 12; i++)
      line(
        p,
        vx + vw * 0.64 + (vw * 0.3 * (i + 0.5)) / 12,
        ground - h1 + 20 * u,
        vx + vw * 0.64 + (vw * 0.3 * (i + 0.5)) / 12,
        ground,
        css(darker(wood, 0.25)),
        1.5 * u,
      );
    const ux = vx + vw * range(r, 0.1, 0.35);
    const uw = vw * range(r, 0.5, 0.65);
    rect(p, ux, ground - h1 - h2, uw, h2, css(white));
    rect(p, ux + uw * 0.1, ground - h1 - h2 + 24 * u, uw * 0.8, h2 - 44 * u, css(glass));
    rect(p, ux - 30 * u, ground - h1 - h2 - 12 * u, uw + 60 * u, 12 * u, css(darker(white, 0.55)));
    rect(p, vx - 20 * u, ground - h1 - 10 * u, vw + 40 * u, 10 * u, css(darker(white, 0.55)));
    line(
      p,
      ux,
      ground - h1 - 34 * u,
      ux + uw,
      ground - h1 - 34 * u,
      css(lighter(glass, 0.4)),
      2 * u,
    );
    drawPalm(p, vx + vw + 40 * u, ground, u * 1.35, p.lit(hex("#7a5a40")), p.lit(hex("#4f8a3a")));
    drawPool(p, f, ground, f.y + f.h - 20 * u, u);
    if (chance(r, 0.7))
      drawLounger(p, f.x + f.w * 0.8, f.y + f.h - 8 * u, u * 1.8, p.lit(hex("#f5f2ea")));
  },

  land(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.48, 0.56);
    drawSky(p, f, horizon);
    drawRidge(p, f, horizon, 80 * u, 4, css(p.haze(hex("#7a8a6a"), 0.55)));
    const field = p.lit(pick(r, [GRASS, SAVANNA_GRASS, hex("#9bb35a")]));
    drawRidge(p, f, horizon + 30 * u, 30 * u, 3, css(lighter(field, 0.1)));
    drawRidge(p, f, horizon + 110 * u, 40 * u, 3, css(field));
    const tree = silhouette(p);
    if (chance(r, 0.5))
      drawBaobab(
        p,
        f.x + f.w * range(r, 0.6, 0.85),
        horizon + 120 * u,
        u * 1.3,
        mix(tree, field, 0.15),
      );
    else
      drawAcacia(
        p,
        f.x + f.w * range(r, 0.6, 0.85),
        horizon + 120 * u,
        u * 1.4,
        mix(tree, field, 0.15),
      );
    // The plot outline in perspective, pegged at the corners.
    const cx = f.x + f.w * range(r, 0.35, 0.5);
    const near = f.y + f.h * 0.9;
    const far = horizon + 150 * u;
    const corners: [number, number][] = [
      [cx - 190 * u, far],
      [cx + 150 * u, far],
      [cx + 360 * u, near],
      [cx - 380 * u, near],
    ];
    path(
      p,
      `M ${corners.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join(" L ")} Z`,
      css(lighter(field, 0.12)),
      {
        stroke: "#ffffff",
        "stroke-width": 3 * u,
        "stroke-dasharray": `${fmt(14 * u)} ${fmt(10 * u)}`,
        opacity: 0.9,
      },
    );
    for (const [x, y] of corners) {
      const s = 1.6 * ((y - horizon) / (near - horizon));
      rect(p, x - 5 * u * s, y - 50 * u * s, 10 * u * s, 50 * u * s, css(p.lit(hex("#e9e1cf"))));
      rect(p, x - 5 * u * s, y - 50 * u * s, 10 * u * s, 12 * u * s, "#d62828");
    }
    for (let x = f.x + 20 * u; x < f.x + f.w; x += 110 * u) {
      line(p, x, horizon + 96 * u, x, horizon + 130 * u, css(p.lit(hex("#6b5a44"))), 4 * u);
    }
    line(
      p,
      f.x,
      horizon + 106 * u,
      f.x + f.w,
      horizon + 104 * u,
      css(p.lit(hex("#8a7a64"))),
      1.5 * u,
    );
    line(
      p,
      f.x,
      horizon + 118 * u,
      f.x + f.w,
      horizon + 116 * u,
      css(p.lit(hex("#8a7a64"))),
      1.5 * u,
    );
  },

  "hotel-pool"(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * 0.62;
    drawSky(p, f, horizon);
    drawRidge(p, f, horizon, 60 * u, 5, css(p.haze(hex("#6f8a6a"), 0.5)));
    const ground = f.y + f.h * range(r, 0.6, 0.66);
    const hw = f.w * range(r, 0.32, 0.44);
    const hx = f.x + f.w * range(r, 0.08, 0.5);
    drawHotel(p, hx, ground, hw, f.h * range(r, 0.42, 0.5), u);
    if (chance(r, 0.6)) drawHotel(p, hx + hw + 20 * u, ground, hw * 0.55, f.h * 0.28, u);
    drawPool(p, f, ground, f.y + f.h * 0.94, u);
    const leaf = p.lit(hex("#3f8a3a"));
    drawPalm(p, f.x + f.w * range(r, 0.02, 0.1), f.y + f.h, u * 1.7, p.lit(hex("#7a5a40")), leaf);
    drawPalm(p, f.x + f.w * range(r, 0.88, 0.98), f.y + f.h, u * 1.5, p.lit(hex("#7a5a40")), leaf);
    const canvas = p.lit(pick(r, [hex("#f4f1de"), hex("#e07a5f"), hex("#3d405b"), hex("#81b29a")]));
    for (let i = 0; i < 2; i++) {
      const x = f.x + f.w * (i === 0 ? range(r, 0.15, 0.3) : range(r, 0.65, 0.82));
      drawUmbrella(p, x, f.y + f.h * 0.985, u * 1.6, canvas);
      drawLounger(p, x + 60 * u, f.y + f.h * 0.99, u * 1.6, p.lit(hex("#f5f2ea")));
    }
  },

  "beach-resort"(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.5, 0.58);
    const sun = drawSky(p, f, horizon);
    const shore = f.y + f.h * range(r, 0.68, 0.74);
    drawWater(p, f, horizon, shore, sun);
    path(
      p,
      d`M ${f.x} ${shore} Q ${f.x + f.w * 0.3} ${shore - 16 * u} ${f.x + f.w * 0.6} ${shore + 6 * u} T ${f.x + f.w} ${shore} L ${f.x + f.w} ${f.y + f.h} L ${f.x} ${f.y + f.h} Z`,
      css(p.lit(SAND)),
    );
    path(
      p,
      d`M ${f.x} ${shore + 4 * u} Q ${f.x + f.w * 0.3} ${shore - 12 * u} ${f.x + f.w * 0.6} ${shore + 10 * u} T ${f.x + f.w} ${shore + 4 * u}`,
      "none",
      {
        stroke: "#ffffff",
        "stroke-width": 4 * u,
        opacity: 0.7,
      },
    );
    const thatch = p.lit(hex("#b08a55"));
    const huts = int(r, 2, 4);
    for (let i = 0; i < huts; i++) {
      drawHut(
        p,
        f.x + f.w * (0.1 + (0.6 * i) / huts) + range(r, -20, 20) * u,
        shore + 90 * u,
        u * range(r, 1.3, 1.6),
        p.lit(hex("#efe3cc")),
        thatch,
      );
    }
    const leaf = p.lit(hex("#3f8a3a"));
    drawPalm(
      p,
      f.x + f.w * range(r, 0.78, 0.92),
      f.y + f.h * 0.96,
      u * 1.7,
      p.lit(hex("#7a5a40")),
      leaf,
    );
    if (chance(r, 0.6))
      drawPalm(
        p,
        f.x + f.w * range(r, 0.02, 0.08),
        f.y + f.h * 0.98,
        u * 1.5,
        p.lit(hex("#7a5a40")),
        leaf,
      );
    const canvas = p.lit(pick(r, [hex("#e63946"), hex("#f4a261"), hex("#2a9d8f"), hex("#f1faee")]));
    drawUmbrella(p, f.x + f.w * range(r, 0.4, 0.65), f.y + f.h * 0.95, u * 1.7, canvas);
    drawLounger(
      p,
      f.x + f.w * range(r, 0.45, 0.7),
      f.y + f.h * 0.97,
      u * 1.7,
      p.lit(hex("#ffffff")),
    );
  },

  lodge(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.58, 0.64);
    drawSky(p, f, horizon);
    drawRidge(p, f, horizon, 50 * u, 4, css(p.haze(hex("#8a7a5a"), 0.55)), horizon + 4);
    drawGround(p, f, horizon, SAVANNA_GRASS);
    const sil = silhouette(p);
    drawAcacia(
      p,
      f.x + f.w * range(r, 0.05, 0.2),
      horizon + 20 * u,
      u * 1.3,
      mix(sil, p.sky.bottom, 0.35),
    );
    drawAcacia(p, f.x + f.w * range(r, 0.8, 0.95), horizon + 40 * u, u * 1.8, sil);
    if (chance(r, 0.7))
      drawGiraffe(
        p,
        f.x + f.w * range(r, 0.55, 0.75),
        horizon + 14 * u,
        u * 0.7,
        mix(sil, p.sky.bottom, 0.3),
        chance(r, 0.5),
      );
    const deckY = f.y + f.h * 0.86;
    rect(p, f.x + f.w * 0.08, deckY, f.w * 0.74, 14 * u, css(p.lit(hex("#6b4a32"))));
    for (let x = f.x + f.w * 0.1; x < f.x + f.w * 0.8; x += 60 * u)
      rect(p, x, deckY + 14 * u, 8 * u, f.y + f.h - deckY, css(p.lit(hex("#4e3524"))));
    const count = int(r, 2, 3);
    for (let i = 0; i < count; i++) {
      drawHut(
        p,
        f.x + f.w * (0.2 + (0.5 * i) / Math.max(1, count - 1)),
        deckY,
        u * range(r, 1.2, 1.5),
        p.lit(hex("#d9c29a")),
        p.lit(hex("#9a7a45")),
      );
    }
  },

  campus(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * 0.6;
    drawSky(p, f, horizon);
    drawRidge(p, f, horizon, 50 * u, 5, css(p.haze(hex("#6f8f5a"), 0.45)));
    drawGround(p, f, horizon, GRASS);
    const stone = p.lit(pick(r, [hex("#efe6d2"), hex("#e6d3b3"), hex("#d9c9b0"), hex("#c97c5d")]));
    const bx = f.x + f.w * range(r, 0.12, 0.25);
    const bw = f.w * range(r, 0.5, 0.62);
    const ground = f.y + f.h * 0.72;
    const bh = 170 * u;
    rect(p, bx, ground - bh, bw, bh, css(stone));
    const floors = 3;
    for (let fl = 0; fl < floors; fl++) {
      for (let i = 0; i < 10; i++) {
        const wx = bx + 14 * u + (i * (bw - 28 * u)) / 10;
        rect(
          p,
          wx + 6 * u,
          ground - bh + 18 * u + fl * 50 * u,
          (bw - 28 * u) / 10 - 12 * u,
          30 * u,
          windowColor(p, stone, litChanceFor(p)),
        );
      }
    }
    const cx = bx + bw / 2;
    const pw = bw * 0.36;
    rect(p, cx - pw / 2, ground - bh - 20 * u, pw, bh + 20 * u, css(lighter(stone, 0.2)));
    path(
      p,
      d`M ${cx - pw / 2 - 14 * u} ${ground - bh - 20 * u} L ${cx} ${ground - bh - 90 * u} L ${cx + pw / 2 + 14 * u} ${ground - bh - 20 * u} Z`,
      css(darker(stone, 0.12)),
    );
    for (let i = 0; i < 6; i++) {
      const colX = cx - pw / 2 + 10 * u + (i * (pw - 30 * u)) / 5;
      rect(p, colX, ground - bh + 4 * u, 10 * u, bh - 4 * u, css(lighter(stone, 0.45)));
    }
    if (chance(r, 0.6)) {
      rect(p, cx - 26 * u, ground - bh - 190 * u, 52 * u, 110 * u, css(stone));
      circle(p, cx, ground - bh - 150 * u, 16 * u, css(lighter(stone, 0.6)), {
        stroke: css(darker(stone, 0.4)),
        "stroke-width": 3 * u,
      });
      path(
        p,
        d`M ${cx - 34 * u} ${ground - bh - 190 * u} L ${cx} ${ground - bh - 240 * u} L ${cx + 34 * u} ${ground - bh - 190 * u} Z`,
        css(p.lit(hex("#8c3b2a"))),
      );
    }
    for (let i = 0; i < 4; i++) {
      const tx = i < 2 ? bx - range(r, 20, 90) * u : bx + bw + range(r, 20, 90) * u;
      drawRoundTree(
        p,
        tx,
        ground + range(r, 0, 20) * u,
        u * range(r, 1.1, 1.6),
        p.lit(vary(r, hex("#3f6f33"), 12)),
      );
    }
    path(
      p,
      d`M ${cx - 30 * u} ${ground} L ${cx + 30 * u} ${ground} L ${cx + 160 * u} ${f.y + f.h} L ${cx - 160 * u} ${f.y + f.h} Z`,
      css(p.lit(hex("#d8cbb0"))),
    );
    drawBooks(p, f.x + f.w * (chance(r, 0.5) ? 0.13 : 0.85), f.y + f.h + 6 * u, u * 1.1);
  },

  dorm(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * 0.66;
    drawSky(p, f, horizon);
    drawSkylineLayer(p, f, horizon + 4, 80 * u, 200 * u, () => p.haze(hex("#8994a6"), 0.5), false);
    drawGround(p, f, horizon, GRASS);
    const ground = f.y + f.h * 0.84;
    const blocks = int(r, 1, 2);
    for (let b = 0; b < blocks; b++) {
      const bw = f.w * (blocks === 1 ? range(r, 0.5, 0.6) : range(r, 0.32, 0.4));
      const bx =
        blocks === 1 ? f.x + (f.w - bw) * range(r, 0.3, 0.7) : f.x + f.w * (b === 0 ? 0.08 : 0.54);
      const floors = int(r, 5, 7);
      const floorH = 62 * u;
      const bh = floors * floorH + 20 * u;
      const wall = p.lit(pick(r, [hex("#f1ede4"), hex("#d8d4cc"), hex("#e9dccb")]));
      rect(p, bx, ground - bh, bw, bh, css(wall));
      rect(p, bx - 8 * u, ground - bh - 10 * u, bw + 16 * u, 12 * u, css(darker(wall, 0.4)));
      const bays = Math.max(3, Math.floor(bw / (70 * u)));
      const panels = BRIGHT_PANELS.map((c) => p.lit(c));
      for (let fl = 0; fl < floors; fl++) {
        for (let i = 0; i < bays; i++) {
          const x = bx + (i * bw) / bays + 8 * u;
          const w = bw / bays - 16 * u;
          const y = ground - bh + 24 * u + fl * floorH;
          rect(p, x, y, w, 30 * u, windowColor(p, wall, litChanceFor(p) + 0.05));
          rect(p, x - 4 * u, y + 30 * u, w + 8 * u, 14 * u, css(pick(r, panels)));
        }
      }
    }
    rect(p, f.x, ground, f.w, f.y + f.h - ground, css(p.lit(hex("#cfc6b4"))));
    for (let i = 0; i < 3; i++)
      drawRoundTree(
        p,
        f.x + f.w * range(r, 0, 1),
        ground + 10 * u,
        u * range(r, 1, 1.4),
        p.lit(vary(r, hex("#3f6f33"), 12)),
      );
    const bikes = int(r, 2, 4);
    const bikeColor = css(p.lit(hex("#2d3142")));
    for (let i = 0; i < bikes; i++) {
      const x = f.x + f.w * 0.1 + i * 90 * u;
      const y = f.y + f.h - 40 * u;
      circle(p, x, y, 22 * u, "none", { stroke: bikeColor, "stroke-width": 4 * u });
      circle(p, x + 62 * u, y, 22 * u, "none", { stroke: bikeColor, "stroke-width": 4 * u });
      path(
        p,
        d`M ${x} ${y} L ${x + 24 * u} ${y - 34 * u} L ${x + 50 * u} ${y - 34 * u} L ${x + 62 * u} ${y} M ${x + 24 * u} ${y - 34 * u} L ${x + 32 * u} ${y} L ${x + 50 * u} ${y - 34 * u}`,
        "none",
        {
          stroke: css(p.lit(pick(r, BRIGHT_PANELS))),
          "stroke-width": 4 * u,
          "stroke-linejoin": "round",
        },
      );
    }
  },

  study(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const wall = p.lit(pick(r, [hex("#e8dcc8"), hex("#d6e2df"), hex("#efe1d1"), hex("#dfe3ea")]));
    const floorY = drawRoom(p, f, wall, p.lit(hex("#a57a55")), 0.8);
    const wx = f.x + f.w * range(r, 0.38, 0.5);
    drawWindowView(
      p,
      { x: wx, y: f.y + f.h * 0.1, w: f.w * 0.34, h: f.h * 0.42 },
      pick(r, ["campus", "hills", "skyline"] as const),
    );
    const deskTop = f.y + f.h * 0.66;
    const wood = p.lit(pick(r, [hex("#7b5236"), hex("#9a6b45"), hex("#5e4330")]));
    rect(p, f.x + f.w * 0.1, deskTop, f.w * 0.8, 20 * u, css(wood));
    rect(
      p,
      f.x + f.w * 0.13,
      deskTop + 20 * u,
      16 * u,
      floorY - deskTop + 40 * u,
      css(darker(wood, 0.2)),
    );
    rect(
      p,
      f.x + f.w * 0.85,
      deskTop + 20 * u,
      16 * u,
      floorY - deskTop + 40 * u,
      css(darker(wood, 0.2)),
    );
    const lx = f.x + f.w * range(r, 0.16, 0.26);
    const lampColor = p.lit(
      pick(r, [hex("#1d3557"), hex("#e63946"), hex("#2a9d8f"), hex("#f4a261")]),
    );
    const glow = radial(p, [
      [0, p.sky.glow, 0.65],
      [1, p.sky.glow, 0],
    ]);
    ellipse(p, lx + 90 * u, deskTop, 170 * u, 60 * u, glow);
    line(p, lx, deskTop, lx + 20 * u, deskTop - 150 * u, css(lampColor), 7 * u);
    line(p, lx + 20 * u, deskTop - 150 * u, lx + 90 * u, deskTop - 190 * u, css(lampColor), 7 * u);
    path(
      p,
      d`M ${lx + 70 * u} ${deskTop - 200 * u} L ${lx + 130 * u} ${deskTop - 178 * u} L ${lx + 118 * u} ${deskTop - 140 * u} L ${lx + 70 * u} ${deskTop - 160 * u} Z`,
      css(lampColor),
    );
    ellipse(p, lx, deskTop - 3 * u, 30 * u, 6 * u, css(darker(lampColor, 0.2)));
    const lap = f.x + f.w * range(r, 0.46, 0.56);
    path(
      p,
      d`M ${lap} ${deskTop - 4 * u} L ${lap + 30 * u} ${deskTop - 150 * u} L ${lap + 240 * u} ${deskTop - 150 * u} L ${lap + 210 * u} ${deskTop - 4 * u} Z`,
      css(p.lit(hex("#2b2d42"))),
    );
    path(
      p,
      d`M ${lap + 12 * u} ${deskTop - 14 * u} L ${lap + 38 * u} ${deskTop - 140 * u} L ${lap + 230 * u} ${deskTop - 140 * u} L ${lap + 202 * u} ${deskTop - 14 * u} Z`,
      css(mix(hex("#8ecae6"), p.sky.glow, 0.2)),
    );
    rect(p, lap - 20 * u, deskTop - 6 * u, 260 * u, 8 * u, css(p.lit(hex("#8d99ae"))), {
      rx: 3 * u,
    });
    drawBooks(p, f.x + f.w * 0.78, deskTop, u * 0.75);
    rect(
      p,
      f.x + f.w * 0.34,
      deskTop - 46 * u,
      36 * u,
      46 * u,
      css(p.lit(pick(r, BRIGHT_PANELS))),
      { rx: 5 * u },
    );
    path(
      p,
      d`M ${f.x + f.w * 0.34 + 36 * u} ${deskTop - 38 * u} q ${18 * u} ${4 * u} 0 ${26 * u}`,
      "none",
      { stroke: css(p.lit(pick(r, BRIGHT_PANELS))), "stroke-width": 5 * u },
    );
    const board = { x: f.x + f.w * 0.08, y: f.y + f.h * 0.14, w: f.w * 0.24, h: f.h * 0.3 };
    rect(p, board.x, board.y, board.w, board.h, css(p.lit(hex("#c9a27e"))), {
      stroke: css(p.lit(hex("#8a6a4a"))),
      "stroke-width": 8 * u,
    });
    for (let i = 0; i < 5; i++) {
      const nx = board.x + 16 * u + r.next() * (board.w - 80 * u);
      const ny = board.y + 16 * u + r.next() * (board.h - 80 * u);
      rect(
        p,
        nx,
        ny,
        56 * u,
        52 * u,
        css(p.lit(pick(r, [hex("#fff3b0"), hex("#ffd6e0"), hex("#caffbf"), hex("#a0c4ff")]))),
        {
          transform: `rotate(${fmt(range(r, -8, 8))} ${fmt(nx)} ${fmt(ny)})`,
        },
      );
    }
  },

  blueprint(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const paper = vary(r, hex("#1f4e8c"), 12, 0.08, 0.05);
    rect(
      p,
      f.x,
      f.y,
      f.w,
      f.h,
      linear(
        p,
        [
          [0, lighter(paper, 0.08)],
          [1, darker(paper, 0.18)],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    const fine = css(lighter(paper, 0.18));
    for (let x = f.x; x < f.x + f.w; x += 24 * u)
      line(p, x, f.y, x, f.y + f.h, fine, 0.8 * u, { opacity: 0.6 });
    for (let y = f.y; y < f.y + f.h; y += 24 * u)
      line(p, f.x, y, f.x + f.w, y, fine, 0.8 * u, { opacity: 0.6 });
    const ink = "#e8f1ff";
    const stroke = {
      fill: "none",
      stroke: ink,
      "stroke-width": fmt(2.6 * u),
      "stroke-linejoin": "round",
    } as const;
    const bx = f.x + f.w * range(r, 0.1, 0.24);
    const by = f.y + f.h * range(r, 0.68, 0.76);
    const bw = f.w * range(r, 0.42, 0.52);
    const bh = f.h * range(r, 0.26, 0.34);
    if (chance(r, 0.45)) {
      drawFloorPlan(p, { x: bx, y: by - bh * 1.7, w: bw, h: bh * 1.7 }, stroke);
    } else {
      drawElevation(p, bx, by, bw, bh, stroke);
    }
    line(p, bx, by + 30 * u, bx + bw, by + 30 * u, ink, 1.5 * u);
    line(p, bx, by + 20 * u, bx, by + 40 * u, ink, 1.5 * u);
    line(p, bx + bw, by + 20 * u, bx + bw, by + 40 * u, ink, 1.5 * u);
    line(p, bx - 30 * u, by, bx - 30 * u, by - bh, ink, 1.5 * u);
    p.add("circle", {
      cx: f.x + f.w * range(r, 0.72, 0.9),
      cy: f.y + f.h * range(r, 0.14, 0.3),
      r: range(r, 50, 90) * u,
      ...stroke,
      "stroke-dasharray": `${fmt(8 * u)} ${fmt(6 * u)}`,
    });
    // Set square, with the inner triangle cut out.
    const sx = f.x + f.w * range(r, 0.55, 0.65);
    const sy = f.y + f.h * 0.92;
    const size = 330 * u;
    path(
      p,
      d`M ${sx} ${sy} L ${sx + size} ${sy} L ${sx} ${sy - size * 0.8} Z M ${sx + 40 * u} ${sy - 28 * u} L ${sx + size - 95 * u} ${sy - 28 * u} L ${sx + 40 * u} ${sy - size * 0.8 + 110 * u} Z`,
      css(pick(r, [hex("#ffd166"), hex("#f4a3b4"), hex("#9be7c4")])),
      {
        "fill-rule": "evenodd",
        opacity: 0.82,
      },
    );
    // Ruler.
    const rx = f.x + f.w * range(r, 0.03, 0.12);
    const ry = f.y + f.h * range(r, 0.82, 0.9);
    p.group({ transform: `rotate(${fmt(range(r, -14, -4))} ${fmt(rx)} ${fmt(ry)})` }, () => {
      rect(p, rx, ry, 560 * u, 46 * u, "#f6e7c1", { rx: 4 * u });
      for (let i = 0; i < 36; i++)
        line(
          p,
          rx + 12 * u + i * 15 * u,
          ry,
          rx + 12 * u + i * 15 * u,
          ry + (i % 5 === 0 ? 20 : 11) * u,
          "#6b5a3a",
          1.5 * u,
        );
    });
    // Compass.
    const kx = f.x + f.w * range(r, 0.76, 0.88);
    const ky = f.y + f.h * range(r, 0.4, 0.55);
    line(p, kx, ky, kx - 70 * u, ky + 230 * u, "#cfd6de", 9 * u);
    line(p, kx, ky, kx + 80 * u, ky + 220 * u, "#cfd6de", 9 * u);
    line(p, kx + 80 * u, ky + 220 * u, kx + 86 * u, ky + 244 * u, "#333333", 5 * u);
    circle(p, kx, ky, 16 * u, "#9aa5b1");
    rect(p, kx - 6 * u, ky - 50 * u, 12 * u, 40 * u, "#9aa5b1", { rx: 5 * u });
    // Pencil.
    const px = f.x + f.w * range(r, 0.2, 0.45);
    const py = f.y + f.h * range(r, 0.08, 0.2);
    p.group({ transform: `rotate(${fmt(range(r, 8, 40))} ${fmt(px)} ${fmt(py)})` }, () => {
      rect(p, px, py, 360 * u, 26 * u, "#f2b134");
      rect(p, px, py + 9 * u, 360 * u, 8 * u, "#e09f1f");
      rect(p, px - 34 * u, py, 34 * u, 26 * u, "#e5989b");
      rect(p, px - 6 * u, py, 10 * u, 26 * u, "#c0c6cc");
      path(
        p,
        d`M ${px + 360 * u} ${py} L ${px + 420 * u} ${py + 13 * u} L ${px + 360 * u} ${py + 26 * u} Z`,
        "#f1d9b5",
      );
      path(
        p,
        d`M ${px + 400 * u} ${py + 8.5 * u} L ${px + 420 * u} ${py + 13 * u} L ${px + 400 * u} ${py + 17.5 * u} Z`,
        "#333333",
      );
    });
  },

  survey(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.5, 0.58);
    drawSky(p, f, horizon);
    drawMountains(p, f, horizon + 6 * u, 110 * u, p.haze(hex("#7a8796"), 0.55), false);
    drawRidge(p, f, horizon + 10 * u, 30 * u, 4, css(p.haze(GRASS, 0.25)));
    drawGround(p, f, horizon + 30 * u, pick(r, [GRASS, hex("#a8a060"), SAVANNA_GRASS]));
    for (let i = 0; i < 3; i++)
      drawHouse(p, f.x + f.w * (0.55 + i * 0.1), horizon + 60 * u, 70 * u, u * 0.5, {
        roof: "gable",
        storeys: 1,
      });
    const tx = f.x + f.w * range(r, 0.3, 0.42);
    const ground = f.y + f.h * 0.97;
    const head = ground - 330 * u;
    const legs = css(p.lit(hex("#d9a441")));
    line(p, tx, head, tx - 110 * u, ground, legs, 10 * u);
    line(p, tx, head, tx + 100 * u, ground, legs, 10 * u);
    line(p, tx, head, tx + 14 * u, ground - 20 * u, css(p.lit(hex("#b8862f"))), 9 * u);
    rect(p, tx - 46 * u, head - 12 * u, 92 * u, 16 * u, css(p.lit(hex("#4a4e57"))), { rx: 4 * u });
    const body = p.lit(pick(r, [hex("#f2c14e"), hex("#e9ecef"), hex("#f77f00")]));
    rect(p, tx - 36 * u, head - 110 * u, 72 * u, 98 * u, css(body), { rx: 10 * u });
    rect(p, tx - 16 * u, head - 132 * u, 32 * u, 22 * u, css(darker(body, 0.3)), { rx: 6 * u });
    rect(p, tx - 80 * u, head - 88 * u, 160 * u, 34 * u, css(p.lit(hex("#2f3e46"))), {
      rx: 12 * u,
    });
    circle(p, tx + 80 * u, head - 71 * u, 17 * u, css(p.lit(hex("#8ecae6"))), {
      stroke: css(p.lit(hex("#1b263b"))),
      "stroke-width": 5 * u,
    });
    rect(p, tx - 20 * u, head - 60 * u, 40 * u, 26 * u, css(p.lit(hex("#1b263b"))), { rx: 4 * u });
    // Levelling staff and pegs further out.
    const sx = f.x + f.w * range(r, 0.72, 0.86);
    const top = horizon + 20 * u;
    const bottom = horizon + 240 * u;
    for (let i = 0; i < 8; i++) {
      rect(
        p,
        sx,
        top + ((bottom - top) * i) / 8,
        20 * u,
        (bottom - top) / 8,
        i % 2 === 0 ? "#d62828" : "#f8f9fa",
      );
    }
    for (let i = 0; i < 4; i++) {
      const px = f.x + f.w * range(r, 0.05, 0.95);
      const py = horizon + range(r, 120, 260) * u;
      rect(p, px, py - 30 * u, 6 * u, 30 * u, css(p.lit(hex("#e9e1cf"))));
      path(
        p,
        d`M ${px + 6 * u} ${py - 30 * u} L ${px + 26 * u} ${py - 24 * u} L ${px + 6 * u} ${py - 18 * u} Z`,
        "#f77f00",
      );
    }
  },

  scales(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const wall = p.lit(pick(r, [hex("#e9dfcf"), hex("#d9cbb7"), hex("#c9d3cf"), hex("#e3d5c3")]));
    const deskY = f.y + f.h * 0.76;
    rect(
      p,
      f.x,
      f.y,
      f.w,
      f.h,
      linear(p, [
        [0, lighter(wall, 0.1)],
        [1, darker(wall, 0.1)],
      ]),
    );
    const cols = int(r, 4, 6);
    for (let i = 0; i < cols; i++) {
      const cx = f.x + ((i + 0.5) * f.w) / cols;
      rect(
        p,
        cx - 28 * u,
        f.y + f.h * 0.1,
        56 * u,
        deskY - f.y - f.h * 0.1,
        css(lighter(wall, 0.25)),
        { opacity: 0.7 },
      );
      for (let k = -1; k <= 1; k++)
        line(
          p,
          cx + k * 14 * u,
          f.y + f.h * 0.12,
          cx + k * 14 * u,
          deskY,
          css(darker(wall, 0.08)),
          2 * u,
        );
      rect(p, cx - 38 * u, f.y + f.h * 0.08, 76 * u, 20 * u, css(lighter(wall, 0.3)), {
        opacity: 0.8,
      });
    }
    const wood = p.lit(pick(r, [hex("#5c3b25"), hex("#6f4a2f"), hex("#3e2a1e")]));
    rect(
      p,
      f.x,
      deskY,
      f.w,
      f.y + f.h - deskY,
      linear(p, [
        [0, lighter(wood, 0.12)],
        [1, darker(wood, 0.2)],
      ]),
    );
    const gold = linear(
      p,
      [
        [0, hex("#f7d774")],
        [0.5, hex("#d4a72c")],
        [1, hex("#9a7418")],
      ],
      0,
      0,
      1,
      1,
    );
    const sx = f.x + f.w * range(r, 0.42, 0.58);
    const tilt = range(r, -7, 7);
    rect(p, sx - 8 * u, deskY - 430 * u, 16 * u, 420 * u, gold);
    path(
      p,
      d`M ${sx - 80 * u} ${deskY} L ${sx + 80 * u} ${deskY} L ${sx + 40 * u} ${deskY - 30 * u} L ${sx - 40 * u} ${deskY - 30 * u} Z`,
      gold,
    );
    circle(p, sx, deskY - 440 * u, 18 * u, gold);
    p.group({ transform: `rotate(${fmt(tilt)} ${fmt(sx)} ${fmt(deskY - 400 * u)})` }, () => {
      rect(p, sx - 210 * u, deskY - 406 * u, 420 * u, 12 * u, gold, { rx: 6 * u });
      for (const side of [-1, 1]) {
        const px = sx + side * 200 * u;
        const tilted = deskY - 400 * u;
        line(p, px, tilted, px - 60 * u, tilted + 170 * u, "#b58b22", 2.5 * u);
        line(p, px, tilted, px + 60 * u, tilted + 170 * u, "#b58b22", 2.5 * u);
        path(
          p,
          d`M ${px - 80 * u} ${tilted + 170 * u} Q ${px} ${tilted + 240 * u} ${px + 80 * u} ${tilted + 170 * u} Z`,
          gold,
        );
      }
    });
    const bookX = f.x + f.w * (sx > f.x + f.w / 2 ? 0.16 : 0.74);
    const leather = ["#7f1d1d", "#1e3a5f", "#14532d", "#4a2511", "#3b0764"].map(hex);
    for (let i = 0; i < 5; i++) {
      const h = range(r, 200, 260) * u;
      const w = range(r, 34, 48) * u;
      const x = bookX + i * 50 * u;
      const c = p.lit(pick(r, leather));
      rect(p, x, deskY - h, w, h, css(c), { rx: 3 * u });
      rect(p, x, deskY - h + 24 * u, w, 8 * u, "#d4a72c");
      rect(p, x, deskY - 40 * u, w, 8 * u, "#d4a72c");
    }
    const gx = f.x + f.w * (sx > f.x + f.w / 2 ? 0.7 : 0.16);
    const gy = f.y + f.h * 0.9;
    ellipse(p, gx + 60 * u, gy + 10 * u, 90 * u, 20 * u, css(darker(wood, 0.35)));
    p.group({ transform: `rotate(${fmt(range(r, -25, -10))} ${fmt(gx)} ${fmt(gy)})` }, () => {
      rect(p, gx, gy - 10 * u, 240 * u, 18 * u, css(p.lit(hex("#8b5a2b"))), { rx: 9 * u });
      rect(p, gx + 180 * u, gy - 50 * u, 70 * u, 98 * u, css(p.lit(hex("#6b3e1f"))), {
        rx: 14 * u,
      });
      rect(p, gx + 180 * u, gy - 30 * u, 70 * u, 10 * u, "#d4a72c");
      rect(p, gx + 180 * u, gy + 18 * u, 70 * u, 10 * u, "#d4a72c");
    });
  },

  briefcase(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const wall = p.lit(pick(r, [hex("#dfe4ea"), hex("#e9e2d6"), hex("#d3dbd5"), hex("#2f3e46")]));
    rect(p, f.x, f.y, f.w, f.h, css(wall));
    drawWindowView(
      p,
      { x: f.x + f.w * 0.08, y: f.y + f.h * 0.06, w: f.w * 0.84, h: f.h * 0.56 },
      "skyline",
    );
    const deskY = f.y + f.h * 0.7;
    const desk = p.lit(pick(r, [hex("#6f4e37"), hex("#3a3f47"), hex("#a47551")]));
    rect(
      p,
      f.x,
      deskY,
      f.w,
      f.y + f.h - deskY,
      linear(p, [
        [0, lighter(desk, 0.15)],
        [1, darker(desk, 0.2)],
      ]),
    );
    const leather = p.lit(
      pick(r, [hex("#5a3825"), hex("#1f1f24"), hex("#7a4a2a"), hex("#34282c")]),
    );
    const bx = f.x + f.w * range(r, 0.3, 0.42);
    const by = f.y + f.h * 0.92;
    const bw = 420 * u;
    const bh = 270 * u;
    ellipse(p, bx + bw / 2, by + 4 * u, bw * 0.55, 16 * u, "#000000", { opacity: 0.25 });
    path(
      p,
      d`M ${bx + bw * 0.36} ${by - bh} L ${bx + bw * 0.36} ${by - bh - 50 * u} Q ${bx + bw * 0.36} ${by - bh - 64 * u} ${bx + bw * 0.42} ${by - bh - 64 * u} L ${bx + bw * 0.58} ${by - bh - 64 * u} Q ${bx + bw * 0.64} ${by - bh - 64 * u} ${bx + bw * 0.64} ${by - bh - 50 * u} L ${bx + bw * 0.64} ${by - bh}`,
      "none",
      {
        stroke: css(darker(leather, 0.2)),
        "stroke-width": 16 * u,
      },
    );
    rect(p, bx, by - bh, bw, bh, css(leather), { rx: 22 * u });
    rect(p, bx, by - bh, bw, bh * 0.36, css(lighter(leather, 0.1)), { rx: 22 * u });
    line(
      p,
      bx + 10 * u,
      by - bh * 0.64,
      bx + bw - 10 * u,
      by - bh * 0.64,
      css(darker(leather, 0.3)),
      3 * u,
    );
    for (const cx of [0.25, 0.75])
      rect(p, bx + bw * cx - 18 * u, by - bh * 0.7, 36 * u, 26 * u, "#d4a72c", { rx: 4 * u });
    const kx = bx + bw + 90 * u;
    const ky = f.y + f.h * 0.9;
    const metal = css(p.lit(hex("#c9ced6")));
    circle(p, kx, ky, 26 * u, "none", { stroke: metal, "stroke-width": 7 * u });
    p.group({ transform: `rotate(${fmt(range(r, -30, 10))} ${fmt(kx)} ${fmt(ky)})` }, () => {
      circle(p, kx + 40 * u, ky, 20 * u, metal);
      circle(p, kx + 40 * u, ky, 7 * u, css(desk));
      rect(p, kx + 56 * u, ky - 6 * u, 110 * u, 12 * u, metal);
      rect(p, kx + 130 * u, ky + 6 * u, 10 * u, 16 * u, metal);
      rect(p, kx + 148 * u, ky + 6 * u, 10 * u, 12 * u, metal);
    });
    const mx = f.x + f.w * (bx > f.x + f.w * 0.36 ? 0.14 : 0.82);
    const my = f.y + f.h * 0.86;
    const cup = p.lit(pick(r, [hex("#f8f9fa"), hex("#e63946"), hex("#2a9d8f")]));
    rect(p, mx, my - 90 * u, 80 * u, 90 * u, css(cup), { rx: 10 * u });
    path(p, d`M ${mx + 80 * u} ${my - 70 * u} q ${34 * u} ${6 * u} 0 ${44 * u}`, "none", {
      stroke: css(cup),
      "stroke-width": 10 * u,
    });
    ellipse(p, mx + 40 * u, my - 88 * u, 36 * u, 7 * u, css(p.lit(hex("#5b3a29"))));
    drawPlant(p, f.x + f.w * 0.94, deskY + 20 * u, u * 1.1);
  },

  interior(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const wall = p.lit(
      pick(r, [hex("#e7d8c9"), hex("#c8d5b9"), hex("#d6e2e9"), hex("#f0e6d8"), hex("#b8c4bb")]),
    );
    const floor = p.lit(pick(r, [hex("#b08968"), hex("#c9a27e"), hex("#8d6e63")]));
    const floorY = drawRoom(p, f, wall, floor, 0.72);
    if (chance(r, 0.5)) {
      drawWindowView(
        p,
        { x: f.x + f.w * 0.66, y: f.y + f.h * 0.12, w: f.w * 0.24, h: f.h * 0.44 },
        pick(r, ["hills", "skyline"] as const),
      );
    } else {
      const lampX = f.x + f.w * 0.86;
      line(p, lampX, floorY + 20 * u, lampX, floorY - 330 * u, css(p.lit(hex("#2f2f2f"))), 5 * u);
      path(
        p,
        d`M ${lampX - 50 * u} ${floorY - 300 * u} L ${lampX + 50 * u} ${floorY - 300 * u} L ${lampX + 30 * u} ${floorY - 380 * u} L ${lampX - 30 * u} ${floorY - 380 * u} Z`,
        css(p.lit(hex("#f3e9d2"))),
      );
      circle(
        p,
        lampX,
        floorY - 290 * u,
        120 * u,
        radial(p, [
          [0, p.sky.glow, 0.5],
          [1, p.sky.glow, 0],
        ]),
      );
    }
    // Wall art: little abstract landscapes in frames.
    const arts = int(r, 1, 3);
    for (let i = 0; i < arts; i++) {
      const aw = range(r, 120, 180) * u;
      const ah = aw * range(r, 0.7, 1.2);
      const ax = f.x + f.w * 0.12 + i * (aw + 30 * u);
      const ay = f.y + f.h * 0.14 + range(r, 0, 30) * u;
      rect(p, ax - 8 * u, ay - 8 * u, aw + 16 * u, ah + 16 * u, css(p.lit(hex("#2b2b2b"))));
      rect(
        p,
        ax,
        ay,
        aw,
        ah,
        css(p.lit(pick(r, [hex("#f4e1c1"), hex("#e9edc9"), hex("#fefae0")]))),
      );
      circle(
        p,
        ax + aw * range(r, 0.25, 0.75),
        ay + ah * 0.35,
        aw * 0.16,
        css(p.lit(pick(r, [hex("#e76f51"), hex("#f4a261"), hex("#e9c46a")]))),
      );
      path(
        p,
        d`M ${ax} ${ay + ah} L ${ax + aw * 0.35} ${ay + ah * 0.55} L ${ax + aw * 0.6} ${ay + ah * 0.8} L ${ax + aw * 0.8} ${ay + ah * 0.6} L ${ax + aw} ${ay + ah} Z`,
        css(p.lit(pick(r, [hex("#2a9d8f"), hex("#264653"), hex("#606c38")]))),
      );
    }
    const rug = p.lit(pick(r, [hex("#d4a373"), hex("#a3b18a"), hex("#cdb4db"), hex("#e5989b")]));
    ellipse(p, f.x + f.w * 0.42, floorY + 130 * u, 380 * u, 70 * u, css(rug));
    ellipse(p, f.x + f.w * 0.42, floorY + 130 * u, 320 * u, 52 * u, "none", {
      stroke: css(lighter(rug, 0.35)),
      "stroke-width": 6 * u,
    });
    const sofa = p.lit(
      pick(r, [
        hex("#457b9d"),
        hex("#e9c46a"),
        hex("#6d597a"),
        hex("#2a9d8f"),
        hex("#bc6c25"),
        hex("#588157"),
      ]),
    );
    const sx = f.x + f.w * range(r, 0.18, 0.26);
    const sw = f.w * 0.42;
    const sy = floorY + 60 * u;
    rect(p, sx, sy - 200 * u, sw, 120 * u, css(darker(sofa, 0.08)), { rx: 24 * u });
    rect(p, sx - 20 * u, sy - 110 * u, sw + 40 * u, 80 * u, css(sofa), { rx: 20 * u });
    rect(p, sx - 40 * u, sy - 150 * u, 60 * u, 130 * u, css(lighter(sofa, 0.08)), { rx: 22 * u });
    rect(p, sx + sw - 20 * u, sy - 150 * u, 60 * u, 130 * u, css(lighter(sofa, 0.08)), {
      rx: 22 * u,
    });
    for (const lx of [sx - 20 * u, sx + sw + 10 * u])
      rect(p, lx, sy - 30 * u, 10 * u, 30 * u, css(p.lit(hex("#3a2a1e"))));
    for (let i = 0; i < 3; i++) {
      rect(
        p,
        sx + 30 * u + i * (sw / 3),
        sy - 190 * u,
        sw / 3 - 50 * u,
        80 * u,
        css(p.lit(pick(r, [hex("#f4f1de"), hex("#e07a5f"), hex("#f2cc8f"), hex("#81b29a")]))),
        {
          rx: 18 * u,
          transform: `rotate(${fmt(range(r, -8, 8))} ${fmt(sx + i * (sw / 3))} ${fmt(sy - 150 * u)})`,
        },
      );
    }
    const tx = f.x + f.w * 0.36;
    rect(p, tx, floorY + 110 * u, 240 * u, 18 * u, css(p.lit(hex("#6b4f3a"))), { rx: 6 * u });
    rect(p, tx + 20 * u, floorY + 128 * u, 10 * u, 50 * u, css(p.lit(hex("#4a3526"))));
    rect(p, tx + 210 * u, floorY + 128 * u, 10 * u, 50 * u, css(p.lit(hex("#4a3526"))));
    drawPlant(p, f.x + f.w * 0.08, floorY + 80 * u, u * 1.6);
  },

  paint(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const oldWall = p.lit(pick(r, [hex("#d9d4c7"), hex("#cfc8b8"), hex("#c7cbd1")]));
    const fresh = p.lit(
      pick(r, [
        hex("#2a9d8f"),
        hex("#e76f51"),
        hex("#f4a261"),
        hex("#457b9d"),
        hex("#8ab17d"),
        hex("#e9c46a"),
      ]),
    );
    const floorY = drawRoom(p, f, oldWall, p.lit(hex("#b9a58a")), 0.8);
    const edge = f.x + f.w * range(r, 0.45, 0.6);
    let data = d`M ${f.x} ${f.y} L ${edge} ${f.y}`;
    for (let y = f.y; y < floorY - 10 * u; y += 60 * u)
      data += d` Q ${edge + range(r, -30, 30) * u} ${y + 30 * u} ${edge + range(r, -12, 12) * u} ${y + 60 * u}`;
    data += d` L ${f.x} ${floorY - 10 * u} Z`;
    path(p, data, css(fresh));
    const rx = edge - 30 * u;
    const ry = f.y + f.h * range(r, 0.3, 0.45);
    rect(p, rx - 70 * u, ry - 40 * u, 150 * u, 64 * u, css(lighter(fresh, 0.1)), { rx: 28 * u });
    for (let i = 0; i < 8; i++)
      line(
        p,
        rx - 60 * u + i * 18 * u,
        ry - 36 * u,
        rx - 60 * u + i * 18 * u,
        ry + 20 * u,
        css(darker(fresh, 0.12)),
        2 * u,
      );
    path(
      p,
      d`M ${rx + 80 * u} ${ry - 8 * u} L ${rx + 110 * u} ${ry - 8 * u} L ${rx + 110 * u} ${ry + 60 * u} L ${rx + 20 * u} ${ry + 90 * u} L ${rx + 20 * u} ${ry + 240 * u}`,
      "none",
      {
        stroke: "#9aa1a9",
        "stroke-width": 8 * u,
        "stroke-linejoin": "round",
      },
    );
    rect(p, rx + 8 * u, ry + 230 * u, 24 * u, 130 * u, css(p.lit(hex("#222222"))), { rx: 10 * u });
    const lx = f.x + f.w * range(r, 0.68, 0.78);
    const ladder = css(p.lit(hex("#c0c4c8")));
    line(p, lx, floorY + 60 * u, lx + 70 * u, f.y + f.h * 0.2, ladder, 12 * u);
    line(p, lx + 140 * u, floorY + 60 * u, lx + 90 * u, f.y + f.h * 0.2, ladder, 12 * u);
    for (let i = 1; i < 7; i++) {
      const t = i / 7;
      const y = floorY + 60 * u - (floorY + 60 * u - f.y - f.h * 0.2) * t;
      line(p, lx + 70 * u * t + 4 * u, y, lx + 140 * u - 50 * u * t - 4 * u, y, ladder, 7 * u);
    }
    const cx = f.x + f.w * range(r, 0.12, 0.3);
    const cy = f.y + f.h * 0.9;
    ellipse(p, cx, cy + 6 * u, 130 * u, 16 * u, "#000000", { opacity: 0.2 });
    rect(p, cx - 90 * u, cy - 150 * u, 180 * u, 150 * u, css(p.lit(hex("#b7bcc2"))), { rx: 8 * u });
    rect(p, cx - 90 * u, cy - 120 * u, 180 * u, 70 * u, css(p.lit(hex("#f8f9fa"))));
    ellipse(p, cx, cy - 150 * u, 90 * u, 18 * u, css(fresh));
    for (let i = 0; i < 3; i++) {
      const dx = cx - 70 * u + r.next() * 140 * u;
      path(
        p,
        d`M ${dx - 8 * u} ${cy - 150 * u} L ${dx + 8 * u} ${cy - 150 * u} L ${dx + 6 * u} ${cy - 110 * u + range(r, 0, 40) * u} Q ${dx} ${cy - 96 * u} ${dx - 6 * u} ${cy - 110 * u} Z`,
        css(fresh),
      );
    }
    const fx = f.x + f.w * 0.84;
    const fy = f.y + f.h * 0.92;
    const swatches = BRIGHT_PANELS.slice(0, 6).map((c) => p.lit(c));
    swatches.forEach((c, i) => {
      rect(p, fx - 20 * u, fy - 200 * u, 40 * u, 200 * u, css(c), {
        rx: 8 * u,
        transform: `rotate(${fmt(-40 + i * 16)} ${fmt(fx)} ${fmt(fy)})`,
      });
    });
    circle(p, fx, fy, 8 * u, "#333333");
  },

  savanna(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.6, 0.68);
    drawSky(p, f, horizon, { clouds: chance(r, 0.5) });
    if (chance(r, 0.45))
      drawMountains(p, f, horizon + 4 * u, 150 * u, p.haze(hex("#6c6f86"), 0.5), true);
    else drawRidge(p, f, horizon, 40 * u, 4, css(p.haze(hex("#8a6a4a"), 0.55)), horizon + 4);
    drawGround(p, f, horizon, SAVANNA_GRASS);
    const sil = silhouette(p);
    const far = mix(sil, p.sky.bottom, 0.35);
    drawAcacia(p, f.x + f.w * range(r, 0.05, 0.3), horizon + 10 * u, u * range(r, 0.7, 0.9), far);
    drawAcacia(p, f.x + f.w * range(r, 0.65, 0.95), horizon + 90 * u, u * range(r, 1.6, 2.1), sil);
    const herd = pick(r, ["giraffe", "elephant", "mixed"] as const);
    const count = int(r, 2, 4);
    for (let i = 0; i < count; i++) {
      const x = f.x + f.w * range(r, 0.15, 0.75);
      const ground = horizon + range(r, 30, 110) * u;
      const s = u * (0.6 + (ground - horizon) / (130 * u)) * 0.8;
      const kind = herd === "mixed" ? pick(r, ["giraffe", "elephant", "antelope"] as const) : herd;
      const flip = chance(r, 0.5);
      if (kind === "giraffe") drawGiraffe(p, x, ground, s, sil, flip);
      else if (kind === "elephant") drawElephant(p, x, ground, s * 0.9, sil, flip);
      else drawAntelope(p, x, ground, s, sil, flip);
    }
    for (let i = 0; i < 40; i++) {
      const gx = f.x + r.next() * f.w;
      const gy = f.y + f.h - r.next() * 60 * u;
      line(
        p,
        gx,
        gy,
        gx + range(r, -8, 8) * u,
        gy - range(r, 14, 34) * u,
        css(darker(p.lit(SAVANNA_GRASS), 0.25)),
        2.5 * u,
      );
    }
    drawBirds(p, f, horizon, int(r, 2, 6));
  },

  mountain(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.6, 0.68);
    drawSky(p, f, horizon);
    drawMountains(p, f, horizon - 20 * u, 360 * u, p.haze(hex("#7b8aa3"), 0.5), chance(r, 0.75));
    drawMountains(p, f, horizon + 10 * u, 200 * u, p.haze(hex("#4f6d5a"), 0.3), false);
    const lake = chance(r, 0.55);
    if (lake) {
      drawWater(p, f, horizon + 10 * u, f.y + f.h, null);
    } else {
      drawGround(p, f, horizon + 10 * u, hex("#5d7f45"));
      path(
        p,
        d`M ${f.x + f.w * 0.5} ${horizon + 10 * u} Q ${f.x + f.w * 0.4} ${horizon + 120 * u} ${f.x + f.w * 0.62} ${horizon + 200 * u} T ${f.x + f.w * 0.55} ${f.y + f.h}`,
        "none",
        {
          stroke: css(p.lit(hex("#c8b48a"))),
          "stroke-width": 14 * u,
          "stroke-linecap": "round",
        },
      );
    }
    const pine = p.lit(hex("#2f4f3a"));
    const cluster = int(r, 5, 10);
    for (let i = 0; i < cluster; i++) {
      const side = i % 2 === 0 ? range(r, 0, 0.25) : range(r, 0.75, 1);
      drawPine(
        p,
        f.x + f.w * side,
        f.y + f.h - range(r, 0, 120) * u,
        u * range(r, 1.2, 2.2),
        darker(pine, range(r, 0, 0.2)),
      );
    }
    drawBirds(p, f, horizon - 200 * u, int(r, 0, 4));
  },

  beach(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.5, 0.58);
    const sun = drawSky(p, f, horizon);
    const shore = f.y + f.h * range(r, 0.72, 0.8);
    drawWater(p, f, horizon, shore, sun);
    if (chance(r, 0.5)) {
      path(
        p,
        d`M ${f.x + f.w * 0.62} ${horizon} Q ${f.x + f.w * 0.72} ${horizon - 40 * u} ${f.x + f.w * 0.84} ${horizon} Z`,
        css(p.haze(hex("#4f7a4a"), 0.4)),
      );
    }
    const boats = int(r, 1, 2);
    for (let i = 0; i < boats; i++) {
      const bx = f.x + f.w * range(r, 0.2, 0.7);
      const by = horizon + range(r, 30, 90) * u;
      const s = u * (0.5 + (by - horizon) / (180 * u));
      p.group({ transform: `translate(${fmt(bx)} ${fmt(by)}) scale(${fmt(s)})` }, () => {
        path(p, "M -70 0 Q -58 20 -24 22 L 54 22 Q 70 12 78 -4 Z", css(p.lit(hex("#6b4226"))));
        line(p, 0, 2, 4, -120, css(p.lit(hex("#4a2f1b"))), 4);
        path(
          p,
          "M -10 -130 Q 40 -80 70 -6 L -52 -4 Q -40 -70 -10 -130 Z",
          css(p.lit(hex("#f3ead7"))),
        );
      });
    }
    path(
      p,
      d`M ${f.x} ${shore} Q ${f.x + f.w * 0.35} ${shore - 20 * u} ${f.x + f.w * 0.7} ${shore + 4 * u} T ${f.x + f.w} ${shore - 8 * u} L ${f.x + f.w} ${f.y + f.h} L ${f.x} ${f.y + f.h} Z`,
      css(p.lit(SAND)),
    );
    path(
      p,
      d`M ${f.x} ${shore + 3 * u} Q ${f.x + f.w * 0.35} ${shore - 16 * u} ${f.x + f.w * 0.7} ${shore + 8 * u} T ${f.x + f.w} ${shore - 4 * u}`,
      "none",
      {
        stroke: "#ffffff",
        "stroke-width": 5 * u,
        opacity: 0.75,
      },
    );
    const leaf = p.lit(hex("#3f8a3a"));
    const trunk = p.lit(hex("#7a5a40"));
    const palms = int(r, 1, 3);
    for (let i = 0; i < palms; i++) {
      const left = i % 2 === 0;
      drawPalm(
        p,
        f.x + f.w * (left ? range(r, 0.02, 0.18) : range(r, 0.8, 0.97)),
        f.y + f.h * range(r, 0.95, 1.0),
        u * range(r, 1.4, 1.9),
        trunk,
        leaf,
      );
    }
    for (let i = 0; i < 6; i++) {
      circle(
        p,
        f.x + r.next() * f.w,
        shore + range(r, 20, 120) * u,
        range(r, 3, 6) * u,
        css(p.lit(hex("#f6e7cb"))),
      );
    }
  },

  desert(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.5, 0.58);
    drawSky(p, f, horizon, { clouds: false });
    const dune = vary(r, hex("#d9793f"), 10, 0.08, 0.05);
    drawRidge(p, f, horizon + 20 * u, 120 * u, 3, css(p.haze(dune, 0.35)));
    drawRidge(p, f, horizon + 110 * u, 110 * u, 3, css(p.lit(lighter(dune, 0.1))));
    // The lit face and the shadowed face of the big dune.
    const peakX = f.x + f.w * range(r, 0.35, 0.65);
    const peakY = horizon + range(r, 30, 90) * u;
    path(
      p,
      d`M ${f.x - 2} ${f.y + f.h * 0.86} Q ${peakX - 200 * u} ${peakY + 60 * u} ${peakX} ${peakY} Q ${peakX + 40 * u} ${peakY + 180 * u} ${peakX - 60 * u} ${f.y + f.h + 2} L ${f.x - 2} ${f.y + f.h + 2} Z`,
      css(p.lit(lighter(dune, 0.2))),
    );
    path(
      p,
      d`M ${peakX} ${peakY} Q ${peakX + 240 * u} ${peakY + 70 * u} ${f.x + f.w + 2} ${f.y + f.h * 0.8} L ${f.x + f.w + 2} ${f.y + f.h + 2} L ${peakX - 60 * u} ${f.y + f.h + 2} Q ${peakX + 40 * u} ${peakY + 180 * u} ${peakX} ${peakY} Z`,
      css(p.lit(darker(dune, 0.3))),
    );
    const sil = silhouette(p);
    if (chance(r, 0.6)) {
      const cx = f.x + f.w * range(r, 0.08, 0.3);
      const cy = f.y + f.h * range(r, 0.72, 0.8);
      const flip = chance(r, 0.5);
      const camels = int(r, 2, 4);
      for (let i = 0; i < camels; i++)
        drawCamel(
          p,
          cx + i * 95 * u * (flip ? -1 : 1) + (flip ? 300 * u : 0),
          cy - i * 6 * u,
          u * 0.9,
          sil,
          flip,
        );
    } else {
      // Deadvlei: white clay pan with bare camelthorn trees.
      const pan = f.y + f.h * 0.84;
      ellipse(p, f.x + f.w * 0.45, pan, f.w * 0.38, 40 * u, css(p.lit(hex("#efe6d8"))));
      for (let i = 0; i < 3; i++) {
        const tx = f.x + f.w * (0.25 + i * 0.17) + range(r, -20, 20) * u;
        const c = css(darker(p.lit(hex("#3b2a1e")), 0.1));
        path(
          p,
          d`M ${tx - 5 * u} ${pan + 10 * u} L ${tx - 2 * u} ${pan - 110 * u} L ${tx + 3 * u} ${pan - 110 * u} L ${tx + 5 * u} ${pan + 10 * u} Z`,
          c,
        );
        for (let k = 0; k < 5; k++) {
          const by = pan - range(r, 40, 110) * u;
          line(
            p,
            tx,
            by,
            tx + range(r, -70, 70) * u,
            by - range(r, 20, 60) * u,
            c,
            range(r, 2, 4) * u,
          );
        }
      }
    }
  },

  airplane(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.8, 0.9);
    drawSky(p, f, horizon, { clouds: true });
    const bank = mix(WHITE, p.sky.bottom, 0.35);
    for (let i = 0; i < 8; i++)
      drawCloud(
        p,
        f.x + (f.w * i) / 7,
        horizon + range(r, -20, 20) * u,
        u * range(r, 1.6, 2.4),
        bank,
      );
    rect(p, f.x, horizon + 10 * u, f.w, f.y + f.h - horizon, css(bank), { opacity: 0.9 });
    const px = f.x + f.w * range(r, 0.45, 0.6);
    const py = f.y + f.h * range(r, 0.35, 0.48);
    const angle = -range(r, 6, 16);
    const s = u * range(r, 1.2, 1.5);
    const rad = (angle * Math.PI) / 180;
    const tailX = px - Math.cos(rad) * 200 * s;
    const tailY = py - Math.sin(rad) * 200 * s;
    const trail = linear(
      p,
      [
        [0, WHITE, 0],
        [1, WHITE, 0.8],
      ],
      0,
      0,
      1,
      0,
    );
    for (const dy of [-10, 22]) {
      p.add("path", {
        d: d`M ${f.x - 20} ${tailY + dy * s + Math.tan(rad) * (tailX - f.x) * -1} L ${tailX} ${tailY + dy * s} L ${tailX} ${tailY + dy * s + 5 * s} L ${f.x - 20} ${tailY + dy * s + 5 * s + Math.tan(rad) * (tailX - f.x) * -1} Z`,
        fill: trail,
      });
    }
    drawAirliner(p, px, py, s, angle);
  },

  car(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const horizon = f.y + f.h * range(r, 0.56, 0.62);
    drawSky(p, f, horizon);
    if (chance(r, 0.5)) {
      // An airport: terminal with a curved roof, control tower, a plane in the sky.
      drawGround(p, f, horizon, hex("#8a8f7a"));
      const tx = f.x + f.w * range(r, 0.1, 0.4);
      const tw = f.w * 0.5;
      const glass = p.sky.night || p.mood === "dusk" ? p.sky.glow : p.lit(hex("#9ec3d6"));
      rect(p, tx, horizon - 70 * u, tw, 90 * u, css(glass));
      path(
        p,
        d`M ${tx - 30 * u} ${horizon - 70 * u} Q ${tx + tw / 2} ${horizon - 150 * u} ${tx + tw + 30 * u} ${horizon - 70 * u} Z`,
        css(p.lit(hex("#dde3ea"))),
      );
      for (let i = 1; i < 12; i++)
        line(
          p,
          tx + (tw * i) / 12,
          horizon - 70 * u,
          tx + (tw * i) / 12,
          horizon + 20 * u,
          css(p.lit(hex("#5c6b7a"))),
          2 * u,
        );
      const ctx = tx + tw + 90 * u;
      rect(p, ctx - 12 * u, horizon - 200 * u, 24 * u, 220 * u, css(p.lit(hex("#e9ecef"))));
      path(
        p,
        d`M ${ctx - 40 * u} ${horizon - 200 * u} L ${ctx + 40 * u} ${horizon - 200 * u} L ${ctx + 30 * u} ${horizon - 240 * u} L ${ctx - 30 * u} ${horizon - 240 * u} Z`,
        css(p.lit(hex("#3d5a80"))),
      );
      drawAirliner(
        p,
        f.x + f.w * range(r, 0.6, 0.85),
        f.y + f.h * range(r, 0.16, 0.3),
        u * 0.45,
        -12,
      );
    } else {
      drawRidge(p, f, horizon, 60 * u, 5, css(p.haze(hex("#6f8a5a"), 0.45)));
      drawSkylineLayer(
        p,
        f,
        horizon + 20 * u,
        60 * u,
        200 * u,
        () => p.haze(hex("#8994a6"), 0.35),
        false,
      );
      drawGround(p, f, horizon + 20 * u, GRASS);
      for (let i = 0; i < 4; i++)
        drawPalm(
          p,
          f.x + f.w * (0.1 + i * 0.26) + range(r, -30, 30) * u,
          horizon + 110 * u,
          u * 0.9,
          p.lit(hex("#7a5a40")),
          p.lit(hex("#3f7a3a")),
        );
    }
    const roadTop = f.y + f.h * 0.76;
    rect(p, f.x, roadTop, f.w, f.y + f.h - roadTop, css(p.lit(hex("#3a3d42"))));
    rect(p, f.x, roadTop, f.w, 8 * u, css(p.lit(hex("#bfbfbf"))));
    for (let x = f.x + range(r, 0, 60) * u; x < f.x + f.w; x += 140 * u)
      rect(p, x, f.y + f.h * 0.9, 70 * u, 8 * u, css(p.lit(hex("#f1e3b5"))));
    const paint = p.lit(
      pick(r, [
        hex("#111111"),
        hex("#f1f1f1"),
        hex("#1d3557"),
        hex("#7f1d1d"),
        hex("#4a4e57"),
        hex("#9a8c73"),
      ]),
    );
    const carX = f.x + f.w * range(r, 0.35, 0.62);
    drawCar(p, carX, f.y + f.h * 0.89, u * 1.6, paint, chance(r, 0.5));
  },

  luggage(p, f) {
    const { r } = p;
    const u = f.h / ARTWORK_HEIGHT;
    const wall = p.lit(pick(r, [hex("#e6e8eb"), hex("#dcd6cc"), hex("#cfd8dc")]));
    const floorY = drawRoom(p, f, wall, p.lit(hex("#bfc3c7")), 0.8);
    drawWindowView(
      p,
      { x: f.x + f.w * 0.04, y: f.y + f.h * 0.06, w: f.w * 0.92, h: f.h * 0.6 },
      "runway",
    );
    const colors = [
      hex("#e63946"),
      hex("#1d3557"),
      hex("#f4a261"),
      hex("#2a9d8f"),
      hex("#6d597a"),
      hex("#d4a373"),
    ];
    const start = f.x + f.w * range(r, 0.2, 0.4);
    const count = int(r, 2, 3);
    let x = start;
    for (let i = 0; i < count; i++) {
      const h = range(r, 230, 340) * u;
      const w = h * range(r, 0.55, 0.68);
      drawSuitcase(p, x, floorY + 90 * u - i * 4 * u, w, h, p.lit(pick(r, colors)));
      x += w + 24 * u;
    }
    const hx = x + 40 * u;
    const hy = floorY + 70 * u;
    const straw = css(p.lit(hex("#e9c98b")));
    ellipse(p, hx + 90 * u, hy, 110 * u, 24 * u, straw);
    path(
      p,
      d`M ${hx + 30 * u} ${hy} Q ${hx + 30 * u} ${hy - 80 * u} ${hx + 90 * u} ${hy - 80 * u} Q ${hx + 150 * u} ${hy - 80 * u} ${hx + 150 * u} ${hy} Z`,
      straw,
    );
    rect(p, hx + 30 * u, hy - 26 * u, 120 * u, 16 * u, css(p.lit(pick(r, colors))));
  },
};
