import { describe, expect, it } from "vitest";
import { isCrossOriginRequest } from "../../server/cross-origin.ts";

const SITE = "https://gateway.africa";

function request(method: string, headers: Record<string, string>) {
  return new Request(`${SITE}/auth/sign-in`, { method, headers });
}

const FROM_THIS_SITE: Record<string, string>[] = [
  { origin: SITE },
  { origin: SITE, "sec-fetch-site": "same-origin" },
  // The same page opened at another name for the host: the browser still says same-origin.
  { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" },
  // Typed into the address bar or a bookmark.
  { "sec-fetch-site": "none" },
];

const FROM_ELSEWHERE: Record<string, string>[] = [
  { origin: "https://evil.example" },
  { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site", origin: "https://shop.gateway.africa" },
  { origin: "null" },
  { origin: "http://gateway.africa" },
  { origin: "https://gateway.africa.evil.example" },
];

describe("isCrossOriginRequest (Go 1.25's CrossOriginProtection, APP_URL trusted)", () => {
  it("lets reads through from anywhere", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      for (const headers of FROM_ELSEWHERE) {
        expect(isCrossOriginRequest(request(method, headers), SITE)).toBe(false);
      }
    }
  });

  it("lets writes of the site itself through", () => {
    for (const headers of FROM_THIS_SITE) {
      expect(isCrossOriginRequest(request("POST", headers), SITE)).toBe(false);
    }
  });

  it("lets programs through: no browser sends a write without Origin or Sec-Fetch-Site", () => {
    expect(isCrossOriginRequest(request("POST", {}), SITE)).toBe(false);
  });

  it("refuses writes from other sites, whichever header says so", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      for (const headers of FROM_ELSEWHERE) {
        expect(isCrossOriginRequest(request(method, headers), SITE), JSON.stringify(headers)).toBe(
          true,
        );
      }
    }
  });
});
