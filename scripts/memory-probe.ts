/**
 * Where the server's memory goes: `MEMORY_PROBE_FILE=/tmp/mem.jsonl node --import
 * ./scripts/memory-probe.ts server.ts` appends, every 5 s (MEMORY_PROBE_MS), one JSON line with
 * process.memoryUsage() (rss, heapTotal, heapUsed, external, arrayBuffers), V8's heap spaces (used/size),
 * sharp's cache and the
 * resident size of the largest mappings from /proc/self/smaps: WebAssembly memories (PGlite's
 * Postgres) are reserved as mappings of several GB, so the biggest one is PGlite's heap.
 */
import { appendFileSync, readFileSync } from "node:fs";
import sharp from "sharp";
import v8 from "node:v8";

const file = process.env.MEMORY_PROBE_FILE ?? "memory-probe.jsonl";
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface Mapping {
  name: string;
  sizeMb: number;
  rssMb: number;
}

function mappings(): Mapping[] {
  const found: Mapping[] = [];
  let current: Mapping | undefined;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      current = { name: header[1] || "[anon]", sizeMb: 0, rssMb: 0 };
      found.push(current);
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (field && current) {
      const value = Number(field[2]) / 1024;
      if (field[1] === "Size") current.sizeMb = value;
      else current.rssMb = value;
    }
  }
  return found;
}

function sample(): void {
  const usage = process.memoryUsage();
  const maps = mappings();
  const wasm = maps.filter((m) => m.name === "[anon]" && m.sizeMb > 4096);
  const byName = new Map<string, number>();
  for (const m of maps) byName.set(m.name, (byName.get(m.name) ?? 0) + m.rssMb);
  const cache = sharp.cache();
  appendFileSync(
    file,
    `${JSON.stringify({
      at: new Date().toISOString(),
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      wasmMemoriesRss: wasm.map((m) => Math.round(m.rssMb)),
      anonRss: Math.round(byName.get("[anon]") ?? 0),
      heapMappingRss: Math.round(byName.get("[heap]") ?? 0),
      topFiles: [...byName]
        .filter(([name]) => name.startsWith("/"))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, rss]) => `${name.split("/").slice(-1)[0]} ${Math.round(rss)}`),
      heapSpaces: Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .map((space) => [
            space.space_name,
            `${mb(space.space_used_size)}/${mb(space.space_size)}`,
          ]),
      ),
      sharpCacheMb: cache.memory.current,
      sharpCacheItems: cache.items.current,
    })}\n`,
  );
}

setInterval(sample, Number(process.env.MEMORY_PROBE_MS ?? 5_000)).unref();
