import { describe, expect, it } from "vitest";
import { isStorableText, oneLine } from "./text.ts";

describe("text every field accepts", () => {
  it("accepts what people type, in any script, with tabs and line breaks", () => {
    for (const text of [
      "Ama Mensah",
      "Café à Dakar",
      "شقة في القاهرة",
      "🏠 2 bedrooms",
      "a\tb\r\nc",
      "／。",
    ]) {
      expect(isStorableText(text)).toBe(true);
    }
  });

  it("refuses NUL, other control characters and lone surrogates", () => {
    for (const text of [
      "a\u0000b",
      "\u0001",
      "\u001b[31m",
      "\u007f",
      "\u0085",
      "\u009f",
      "a\ud800b",
      "\udc00",
    ]) {
      expect(isStorableText(text)).toBe(false);
    }
  });

  it("turns tabs and line breaks of a one-line field into spaces", () => {
    expect(oneLine("Nairobi\tapartment\r\n2 bedrooms")).toBe("Nairobi apartment 2 bedrooms");
  });
});
