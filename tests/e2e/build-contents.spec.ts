import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_EMAIL_DOMAIN } from "../../scripts/demo/demo-data.ts";

/** Every JavaScript file of one side of the production build that the browser tests run. */
function builtScripts(side: "server" | "client"): { file: string; text: string }[] {
  const dir = path.resolve("build", side);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), "utf8") }));
}

test("the server bundle carries no demo catalogue or artwork code", () => {
  const scripts = builtScripts("server");
  expect(scripts.length).toBeGreaterThan(0);
  for (const { file, text } of scripts) {
    expect(text.includes(DEMO_EMAIL_DOMAIN), `${file} holds the demo users' domain`).toBe(false);
    expect(text.includes("renderArtwork"), `${file} holds the demo artwork renderer`).toBe(false);
  }
});

test("the browser bundle carries no server configuration code", () => {
  // Names that only app/config.server.ts spells out: present in the server build, so a leak of
  // the server's modules into the browser's would show here.
  const serverOnly = ["DATABASE_URL", "AUTH_SECRET"];
  const server = builtScripts("server")
    .map((s) => s.text)
    .join("\n");
  for (const name of serverOnly) expect(server.includes(name)).toBe(true);
  for (const { file, text } of builtScripts("client")) {
    for (const name of serverOnly) expect(text.includes(name), `${file} holds ${name}`).toBe(false);
  }
});
