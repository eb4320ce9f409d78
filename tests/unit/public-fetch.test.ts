import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fetchPublicText,
  PublicFetchError,
  type PublicFetchOptions,
  type Resolve,
} from "../../app/services/core/public-fetch.server.ts";

/**
 * Everything in a test is on loopback, so "calendar.example" is a local server the fetch is told
 * to treat as a public host (its URL uses port 80; the connection goes to the server's port).
 * Another local server stands for what lives inside (an admin page, the database's port): no
 * request may ever reach it, whatever name, number form or redirect leads there.
 */

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe("fetching a user's URL", () => {
  let insideHits = 0;
  let insidePort = 0;
  let publicPort = 0;
  let bytesSent = 0;
  const inside = createServer((_request, response) => {
    insideHits += 1;
    response.end("the admin console");
  });
  const outside = createServer((request, response) => {
    const redirect = (location: string) => response.writeHead(302, { location }).end();
    switch (request.url) {
      case "/calendar.ics":
        response.end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
        return;
      case "/to-calendar":
        return redirect("/calendar.ics");
      case "/to-inside":
        return redirect(`http://127.0.0.1:${insidePort}/secret`);
      case "/to-loopback":
        return redirect("http://127.0.0.1/secret");
      case "/to-decimal":
        return redirect("http://2130706433/secret");
      case "/to-mapped":
        return redirect("http://[::ffff:127.0.0.1]/secret");
      case "/to-hostile-name":
        return redirect("http://inside.example/secret");
      case "/to-metadata":
        return redirect("http://169.254.169.254/latest/meta-data/");
      case "/to-file":
        return redirect("file:///etc/passwd");
      case "/loop":
        return redirect("/loop");
      case "/huge": {
        // 600 MB, declared up front.
        response.writeHead(200, { "content-length": String(600 * 1024 * 1024) });
        response.write("BEGIN:VCALENDAR\r\n");
        return;
      }
      case "/endless": {
        // No length given: the reader has to count as it goes.
        const chunk = Buffer.alloc(64 * 1024, "X");
        const more = () => {
          while (!response.destroyed && bytesSent < 600 * 1024 * 1024) {
            bytesSent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", more);
          }
          response.end();
        };
        return more();
      }
      case "/silent":
        return;
      default:
        response.writeHead(404).end();
    }
  });

  /** Fake DNS: names of the test, each resolving as a hostile one would. */
  const resolve: Resolve = async (hostname) => {
    const names: Record<string, string[]> = {
      "inside.example": ["127.0.0.1"],
      "metadata.example": ["169.254.169.254"],
      "mixed.example": ["8.8.8.8", "10.0.0.5"],
      "v6-loopback.example": ["::1"],
      "mapped.example": ["::ffff:127.0.0.1"],
    };
    const found = names[hostname];
    if (!found) throw new Error(`ENOTFOUND ${hostname}`);
    return found;
  };
  const options = (more: Partial<PublicFetchOptions> = {}): PublicFetchOptions => ({
    maxBytes: 1_000_000,
    timeoutMs: 3_000,
    connectTimeoutMs: 1_000,
    resolve,
    testHosts: { "calendar.example": publicPort },
    ...more,
  });
  const reasonOf = async (url: string, more: Partial<PublicFetchOptions> = {}) => {
    try {
      await fetchPublicText(url, options(more));
    } catch (error) {
      expect(error, url).toBeInstanceOf(PublicFetchError);
      return (error as PublicFetchError).reason;
    }
    throw new Error(`${url} was fetched`);
  };

  beforeAll(async () => {
    insidePort = await listen(inside);
    publicPort = await listen(outside);
  });
  afterAll(async () => {
    await close(inside);
    outside.closeAllConnections();
    await close(outside);
  });

  it("reads a public host, and follows a redirect that stays public", async () => {
    expect(await fetchPublicText("http://calendar.example/calendar.ics", options())).toContain(
      "BEGIN:VCALENDAR",
    );
    expect(await fetchPublicText("http://calendar.example/to-calendar", options())).toContain(
      "BEGIN:VCALENDAR",
    );
  });

  it("refuses inside addresses however they are written", async () => {
    const urls = [
      "http://127.0.0.1/",
      `http://127.0.0.1:${insidePort}/`,
      "http://2130706433/",
      "http://0x7f000001/",
      "http://0x7f.1/",
      "http://0177.0.0.1/",
      "http://017700000001/",
      "http://127.1/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://[::]/",
      "http://0.0.0.0/",
      "http://0/",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://192.168.1.1/",
      "http://172.16.0.1/",
      "http://100.64.0.1/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      "http://224.0.0.1/",
      "http://255.255.255.255/",
    ];
    for (const url of urls) expect(await reasonOf(url), url).toMatch(/^(address|url)$/);
    expect(insideHits).toBe(0);
  });

  it("refuses a name that resolves inside, if any of its addresses does", async () => {
    for (const name of [
      "inside.example",
      "metadata.example",
      "mixed.example",
      "v6-loopback.example",
      "mapped.example",
    ]) {
      expect(await reasonOf(`http://${name}/calendar.ics`), name).toBe("address");
    }
    // The machine's own resolver: localhost is loopback.
    expect(await reasonOf("http://localhost/", { resolve: undefined })).toBe("address");
    expect(insideHits).toBe(0);
  });

  it("checks the address at connect time, with the answer it connects to", async () => {
    // A name that answers public once, then loopback (DNS rebinding): it is asked once, and the
    // socket goes to the public answer (whatever answers there from this machine), never to a
    // second one.
    let asked = 0;
    const rebinding: Resolve = async () => (++asked === 1 ? ["8.8.8.8"] : ["127.0.0.1"]);
    await fetchPublicText("http://rebind.example/", options({ resolve: rebinding })).catch(
      () => undefined,
    );
    expect(asked).toBe(1);
    expect(insideHits).toBe(0);
  });

  it("refuses a redirect to an inside address, another scheme, or too many of them", async () => {
    for (const path of [
      "/to-inside",
      "/to-loopback",
      "/to-decimal",
      "/to-mapped",
      "/to-hostile-name",
      "/to-metadata",
    ]) {
      expect(await reasonOf(`http://calendar.example${path}`), path).toMatch(/^(address|url)$/);
    }
    expect(await reasonOf("http://calendar.example/to-file")).toBe("url");
    expect(await reasonOf("http://calendar.example/loop")).toBe("redirects");
    expect(insideHits).toBe(0);
  });

  it("allows only http and https on their usual ports, without credentials", async () => {
    for (const url of [
      "http://calendar.example:8080/calendar.ics",
      "http://calendar.example:5432/",
      "https://calendar.example:22/",
      "http://user:secret@calendar.example/calendar.ics",
      "ftp://calendar.example/calendar.ics",
      "file:///etc/passwd",
      "gopher://calendar.example/",
      "not a url",
    ]) {
      expect(await reasonOf(url), url).toBe("url");
    }
  });

  it("stops reading at the size limit, declared or not, and at the time limit", async () => {
    expect(await reasonOf("http://calendar.example/huge")).toBe("too-large");
    expect(await reasonOf("http://calendar.example/endless")).toBe("too-large");
    // What was sent before the connection closed is the limit and the sockets' buffers, not 600 MB.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bytesSent).toBeLessThan(20 * 1024 * 1024);
    const started = performance.now();
    expect(await reasonOf("http://calendar.example/silent", { timeoutMs: 300 })).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("by default treats no loopback server as public", async () => {
    // Without the test's entry the name is looked up like any other (and the fake DNS has none).
    expect(await reasonOf("http://calendar.example/calendar.ics", { testHosts: undefined })).toBe(
      "network",
    );
  });
});
