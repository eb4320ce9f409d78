import { describe, expect, it } from "vitest";
import { MAX_ID, parseId } from "../id.ts";
import { idSchema } from "./id.ts";

const REFUSED = [
  "1e3",
  "01",
  " 1",
  "1 ",
  "1.0",
  "-1",
  "0",
  "",
  "abc",
  "0x10",
  "+1",
  "１",
  "2147483648",
  "99999999999",
];

describe("parseId", () => {
  it("reads ids written as digits or numbers", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    expect(parseId(7)).toBe(7);
    expect(parseId(MAX_ID)).toBe(MAX_ID);
  });

  it.each(REFUSED)("refuses %j", (raw) => {
    expect(parseId(raw)).toBeNull();
    expect(idSchema.safeParse(raw).success).toBe(false);
  });

  it("refuses numbers that are not ids and values that are not numbers", () => {
    for (const raw of [
      0,
      -1,
      1.5,
      MAX_ID + 1,
      Number.NaN,
      Infinity,
      null,
      undefined,
      [1],
      { id: 1 },
      true,
    ]) {
      expect(parseId(raw)).toBeNull();
      expect(idSchema.safeParse(raw).success).toBe(false);
    }
  });

  it("parses through the schema", () => {
    expect(idSchema.parse("12")).toBe(12);
    expect(idSchema.parse(12)).toBe(12);
  });
});
