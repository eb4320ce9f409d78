import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { getConfig } from "../../config.server.ts";
import { isPublicAddress } from "../../lib/public-address.ts";

/**
 * The one way the server reads an address a user gave (an imported calendar): only hosts on the
 * public internet, checked where the connection is made, so neither a name that resolves to an
 * inside address, nor a redirect, nor a name whose answer changes between check and connect
 * (DNS rebinding) reaches this machine or its network. See docs/decisions/013.
 */

/** Why a fetch failed, for the server's log only: users get one text for every reason. */
export type PublicFetchReason =
  "url" | "address" | "status" | "redirects" | "too-large" | "timeout" | "network";

export class PublicFetchError extends Error {
  readonly reason: PublicFetchReason;
  constructor(reason: PublicFetchReason, detail: string) {
    super(detail);
    this.name = "PublicFetchError";
    this.reason = reason;
  }
}

/** Name to addresses, as DNS answers (injected by tests). */
export type Resolve = (hostname: string) => Promise<string[]>;

export interface PublicFetchOptions {
  /** The body is read while it streams and the fetch stops past this many bytes. */
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  /** For each connection to be made (name lookup included). */
  connectTimeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
  resolve?: Resolve;
  /** Loopback test servers treated as public hosts (name → local port); from the config by default. */
  testHosts?: Record<string, number>;
}

const PORTS = new Set([80, 443]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });

/**
 * Checks what can be checked before connecting: http or https, the usual port (a user's URL
 * has no business on a database's or an admin console's port), no credentials, and an address
 * written in the URL must be public. WHATWG URL parsing has already turned 2130706433, 0x7f.1
 * and 0177.0.0.1 into 127.0.0.1, and [::ffff:127.0.0.1] into [::ffff:7f00:1].
 */
function checkedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new PublicFetchError("url", "not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new PublicFetchError("url", `scheme ${url.protocol}`);
  }
  if (url.username || url.password) throw new PublicFetchError("url", "credentials in the URL");
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (!PORTS.has(port)) throw new PublicFetchError("url", `port ${port}`);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !isPublicAddress(literal)) {
    throw new PublicFetchError("address", `address ${literal}`);
  }
  return url;
}

/**
 * The socket's name lookup: every address the name resolves to must be public, and the socket
 * connects to those checked addresses only. A test host resolves to loopback, on purpose.
 */
function checkingLookup(resolve: Resolve, testHost: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const answer = testHost ? Promise.resolve(["127.0.0.1"]) : resolve(hostname);
    answer.then(
      (addresses) => {
        const refused = testHost ? undefined : addresses.find((a) => !isPublicAddress(a));
        if (addresses.length === 0 || refused !== undefined) {
          callback(new PublicFetchError("address", `${hostname} resolves to ${refused}`), "");
          return;
        }
        const found = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      },
      (error: Error) => callback(new PublicFetchError("network", error.message), ""),
    );
  };
}

interface Hop {
  url: URL;
  resolve: Resolve;
  testHosts: Record<string, number>;
  connectTimeoutMs: number;
  accept: string;
  signal: AbortSignal;
}

/** One request, without following a redirect: the response, with its body not yet read. */
function requestOnce(hop: Hop): Promise<IncomingMessage> {
  const { url } = hop;
  const testPort = Object.hasOwn(hop.testHosts, url.hostname) ? hop.testHosts[url.hostname] : null;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: testPort ?? (url.port || undefined),
        path: `${url.pathname}${url.search}`,
        method: "GET",
        headers: { accept: hop.accept, "user-agent": "GatewayAfrica/1.0" },
        // A new connection per request: a pooled one would skip the lookup's check.
        agent: false,
        lookup: checkingLookup(hop.resolve, testPort !== null),
        signal: hop.signal,
      },
      resolve,
    );
    const connectTimer = setTimeout(
      () => request.destroy(new PublicFetchError("timeout", "connect timeout")),
      hop.connectTimeoutMs,
    );
    request.on("socket", (socket) => {
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () =>
        clearTimeout(connectTimer),
      );
    });
    request.on("close", () => clearTimeout(connectTimer));
    request.on("error", (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new PublicFetchError("too-large", `declared ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new PublicFetchError("too-large", `more than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function asFetchError(error: unknown, signal: AbortSignal): PublicFetchError {
  if (signal.aborted) return new PublicFetchError("timeout", "total timeout");
  if (error instanceof PublicFetchError) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof PublicFetchError) return cause;
  return new PublicFetchError("network", error instanceof Error ? error.message : String(error));
}

/**
 * GETs a user's URL and returns its body as text. Redirects are followed by hand, each one checked
 * as the first URL was; the body is read as it streams and abandoned at `maxBytes`. Every failure
 * is a PublicFetchError.
 */
export async function fetchPublicText(raw: string, options: PublicFetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 3;
  let url = checkedUrl(raw);
  try {
    for (let hops = 0; ; hops++) {
      const response = await requestOnce({
        url,
        resolve: options.resolve ?? systemResolve,
        testHosts: options.testHosts ?? getConfig().publicFetchTestHosts,
        connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
        accept: options.accept ?? "*/*",
        signal,
      });
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.destroy();
        if (hops >= maxRedirects) throw new PublicFetchError("redirects", "too many redirects");
        url = checkedUrl(response.headers.location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new PublicFetchError("status", `answered ${status}`);
      }
      return new TextDecoder().decode(await readBody(response, options.maxBytes));
    }
  } catch (error) {
    throw asFetchError(error, signal);
  }
}
