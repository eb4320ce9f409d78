/**
 * Writes `.br` (brotli, quality 11) and `.gz` (gzip, level 9) beside every text file of the
 * client build, once, so the server sends them without compressing on each request. A variant
 * is kept only when it is smaller than the file. Files under 256 bytes are left alone: there the
 * saving is about the size of the Content-Encoding header it costs. Between that and 1 KB lie the
 * small chunks every page loads (the bundler's runtime, the entry), which brotli halves.
 */
import { readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const ROOT = path.resolve(process.argv[2] ?? "build/client");
const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html|map)$/;
const MIN_BYTES = 256;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

async function keepIfSmaller(file: string, original: number, compressed: Buffer) {
  if (compressed.length < original) await writeFile(file, compressed);
  else await unlink(file).catch(() => undefined);
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(ROOT)) {
  const { size } = await stat(file);
  if (size < MIN_BYTES) continue;
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await keepIfSmaller(`${file}.br`, size, br);
  await keepIfSmaller(`${file}.gz`, size, gz);
  count += 1;
  before += size;
  after += Math.min(size, br.length);
}
console.info(
  `Pre-compressed ${count} files in ${path.relative(process.cwd(), ROOT) || "."}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with brotli.`,
);
