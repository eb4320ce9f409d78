/**
 * Comparing the perceptual hashes of photos (made by app/services/media/images.server.ts): 64
 * bits written as 16 hex digits, where a re-encoded, resized, lightened or slightly cropped copy
 * of a photo differs from the original in a few bits and an unrelated photo in about half of
 * them. docs/decisions/017-scam-signals.md measures the thresholds.
 */

/** Bits that may differ for two photos to count as the same one. */
export const SAME_PHOTO_MAX_DISTANCE = 8;

/**
 * The hash cut into four bands of 16 bits (4 hex digits), each indexed. Two hashes within 7 bits
 * always have a band equal or one bit apart (four bands each holding two or more differing bits
 * would make eight), so the lookup reads the photos whose band is one of 17 values (the band and
 * its 16 one-bit neighbours) in any of the four indexes, and checks the distance on those.
 */
export const HASH_BANDS = 4;
const BAND_DIGITS = 4;

export function hashBands(hash: string): string[] {
  return Array.from({ length: HASH_BANDS }, (_, i) =>
    hash.slice(i * BAND_DIGITS, (i + 1) * BAND_DIGITS),
  );
}

/** Each band's value and its 16 neighbours one bit away, for the lookup's indexes. */
export function bandProbes(hash: string): string[][] {
  return hashBands(hash).map((band) => {
    const value = parseInt(band, 16);
    const flipped = Array.from({ length: 16 }, (_, bit) => value ^ (1 << bit));
    return [value, ...flipped].map((n) => n.toString(16).padStart(BAND_DIGITS, "0"));
  });
}

const BITS_OF_DIGIT = Array.from({ length: 16 }, (_, n) => n.toString(2).replace(/0/g, "").length);

/** How many of the 64 bits differ. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    distance += BITS_OF_DIGIT[parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)]!;
  }
  return distance;
}

/** What the duplicate-photo lookup decides: a band at most one bit off, then few differing bits. */
export function isSamePhoto(a: string, b: string): boolean {
  const bandsOfB = hashBands(b);
  return (
    hashBands(a).some((band, i) => hammingDistance(band, bandsOfB[i]!) <= 1) &&
    hammingDistance(a, b) <= SAME_PHOTO_MAX_DISTANCE
  );
}
