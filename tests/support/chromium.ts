/**
 * Debian's Chromium, never a downloaded browser, with the flags a sandboxed machine without
 * internet needs: the browser tests, the screenshots and the page budgets all launch it so.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
