import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "../../app/lib/cn.ts";

/** Every word written in a string of the browser's code under app/ (classes among them), but for cn.ts, whose strings are its own group names. */
function writtenWords(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.(server|test)\.ts$/.test(name) && name !== "cn.ts") {
        for (const match of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
          for (const word of (match[1] ?? match[2]!).split(/[\s{}$]+/)) {
            if (/^!?-?[a-z0-9@[(][\w\-:/.[\]()%=,#&>*~@!'+]*$/.test(word)) words.add(word);
          }
        }
      }
    }
  };
  walk("app");
  return [...words];
}

/** The variants of a class (`sm:hover:`), which a conflict needs both classes to share. */
const variantsOf = (word: string) => word.slice(0, word.lastIndexOf(":") + 1);

describe("cn", () => {
  it("keeps the later of two classes of a property, as tailwind-merge does, for every pair written in app/", () => {
    // The classes tailwind-merge knows: any other word is kept as it is by both.
    const classes = writtenWords().filter((word) => twMerge(`${word} ${word}`) === word);
    expect(classes.length).toBeGreaterThan(500);
    const byVariants = new Map<string, string[]>();
    for (const word of classes) {
      const key = variantsOf(word);
      byVariants.set(key, [...(byVariants.get(key) ?? []), word]);
    }
    const disagreements: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const pair = `${first} ${second}`;
          if (cn(pair) !== twMerge(pair))
            disagreements.push(`${pair} → ${cn(pair)}, not ${twMerge(pair)}`);
        }
      }
    }
    expect(disagreements.slice(0, 40)).toEqual([]);
  });

  it("leaves the classes of app.css alone, whatever they are written with", () => {
    const own = [...readFileSync("app/app.css", "utf8").matchAll(/\.([a-z][\w-]*)\b/g)]
      .map((match) => match[1]!)
      .filter((name) => !["js", "tsx", "config"].includes(name));
    expect(own).toContain("toast-timed");
    for (const name of own) {
      for (const other of [...own, "flex", "p-4", "text-sm", "bg-primary"]) {
        if (other !== name) expect(cn(name, other)).toBe(`${name} ${other}`);
      }
    }
  });

  it("merges a component's defaults with the classes it is given", () => {
    expect(cn("inline-flex h-10 px-4 text-sm", "w-full px-3")).toBe(
      "inline-flex h-10 text-sm w-full px-3",
    );
    expect(cn("p-5 sm:p-6", "sm:p-7")).toBe("p-5 sm:p-7");
    expect(cn("text-lg font-bold text-ink", "text-xl")).toBe("font-bold text-ink text-xl");
    expect(cn("h-11 px-3 text-[15px]", "h-auto px-2 text-xs")).toBe("h-auto px-2 text-xs");
    expect(cn("size-9", "size-10", false, undefined, "rounded-full")).toBe("size-10 rounded-full");
    expect(cn("a-word", "another")).toBe("a-word another");
  });
});
