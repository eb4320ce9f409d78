/**
 * Full-page screenshots of pages at phone and desktop width, for looking at what we build.
 * Usage: node scripts/screenshots.ts <base-url> <out-dir> /path [/path …]
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";

const [base = "http://localhost:3000", outDir = "/tmp/shots", ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const widths = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 900 }, isMobile: false },
];
for (const { name, viewport, isMobile } of widths) {
  const context = await browser.newContext({ viewport, isMobile, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const file = path.join(
      outDir,
      `${name}${p.replace(/[^a-z0-9]+/gi, "-")}.png`.replace(/-\.png$/, ".png"),
    );
    await page.screenshot({ path: file, fullPage: true });
    console.info(file);
  }
  await context.close();
}
await browser.close();
