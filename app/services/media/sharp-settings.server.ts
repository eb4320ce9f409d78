import sharp from "sharp";

/**
 * The one place sharp (libvips) is tuned, applied once at start-up. Its operation cache keeps up
 * to 50 MB of decoded images between calls; an upload is processed once and never again, so the
 * cache only holds memory. Its thread count stays the default (one per core) so a single upload is
 * still processed in parallel.
 */
export function configureSharp(): void {
  sharp.cache(false);
}
