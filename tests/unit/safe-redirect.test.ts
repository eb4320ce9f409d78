import { describe, expect, it } from "vitest";
import { OPEN_REDIRECT_TARGETS, staysOnSite } from "../support/open-redirects.ts";
import { sameOriginPath } from "../../app/lib/safe-redirect.ts";

const APP_URL = "https://gateway.africa";

describe("sameOriginPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(sameOriginPath("/real-estate?q=Accra&page=2#results", APP_URL)).toBe(
      "/real-estate?q=Accra&page=2#results",
    );
    expect(sameOriginPath("/listing/12", APP_URL)).toBe("/listing/12");
    expect(sameOriginPath("https://gateway.africa/faq", APP_URL)).toBe("/faq");
    // Non-ASCII text comes back percent-encoded, so it can stand in a Location header.
    expect(sameOriginPath("/real-estate?q=Café", APP_URL)).toBe("/real-estate?q=Caf%C3%A9");
  });

  for (const [name, target] of Object.entries(OPEN_REDIRECT_TARGETS)) {
    it(`never leaves the site: ${name}`, () => {
      const path = sameOriginPath(target, APP_URL);
      if (path !== null) expect(staysOnSite(path, APP_URL)).toBe(true);
    });
  }

  it("refuses targets with control characters, whitespace or backslashes outright", () => {
    for (const target of [
      "/\t/evil.example/",
      "/a b",
      "/\u3000x",
      "/\\evil",
      "/\u0000",
      "/\u0085",
    ]) {
      expect(sameOriginPath(target, APP_URL)).toBeNull();
    }
  });

  it("refuses anything but text", () => {
    for (const target of [undefined, null, 42, ["/"], new File([], "x"), ""]) {
      expect(sameOriginPath(target, APP_URL)).toBeNull();
    }
  });
});
