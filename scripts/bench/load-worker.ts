/**
 * Drives one scenario with autocannon, in its own process so the load generator never competes
 * with the server's event loop: `node load-worker.ts '<LoadJob JSON>'`, prints a LoadResult as
 * JSON. Every response's latency is kept, so p50/p95/p99 are exact (autocannon's own summary
 * has no p95).
 */
import autocannon, { type Result } from "autocannon";
import { percentile, type LoadJob, type LoadResult } from "./types.ts";

const job = JSON.parse(process.argv[2] ?? "{}") as LoadJob;
let next = 0;
const latencies: number[] = [];
const result = await new Promise<Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: job.origin,
      connections: job.connections,
      duration: job.duration,
      headers: job.headers,
      requests: [
        {
          method: "GET",
          // Rotates over the paths (several listings for the detail page, one path otherwise).
          setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }),
        },
      ],
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
});
latencies.sort((a, b) => a - b);
const total = result.requests.total;
const output: LoadResult = {
  requests: total,
  rps: total / result.duration,
  p50: percentile(latencies, 0.5),
  p95: percentile(latencies, 0.95),
  p99: percentile(latencies, 0.99),
  errors: result.errors + result.timeouts + result.non2xx,
  bytesPerResponse: total > 0 ? Math.round(result.throughput.total / total) : 0,
};
process.stdout.write(JSON.stringify(output));
