/** What the benchmark asks of a load process, and what it answers. */
export interface LoadJob {
  origin: string;
  paths: string[];
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  rps: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  /** Body and headers, averaged. */
  bytesPerResponse: number;
}

/** The value below which a share `p` of the sorted values lies (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}
