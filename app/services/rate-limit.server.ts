/**
 * A fixed-window counter per key (a client address) in this process's memory: enough for one
 * server; several servers would move it to the database or Redis.
 */
export function createRateLimiter(options: { windowMs: number; max: number; maxKeys?: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = options.maxKeys ?? 10_000;
  return {
    /** Counts a request; false when the key is over its limit for the current window. */
    hit(key: string, now = Date.now()): boolean {
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        if (windows.size >= maxKeys) {
          for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value ?? "");
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.max;
    },
  };
}
