import { GOOGLE_AUTHORIZATION_URL, GOOGLE_TOKEN_URL, type GoogleConfig } from "../config.server.ts";

/**
 * better-auth's Google provider has Google's endpoints built in. When configuration names other
 * endpoints (a local OpenID Connect stand-in), the authorization URL is rewritten where the
 * browser is sent, and the server's one outgoing call, the token exchange, is routed there.
 */
export function authorizationUrlFor(google: GoogleConfig, providerUrl: string): string {
  if (google.authorizationUrl === GOOGLE_AUTHORIZATION_URL) return providerUrl;
  const from = new URL(providerUrl);
  const to = new URL(google.authorizationUrl);
  to.search = from.search;
  return to.toString();
}

let installed = false;

export function routeGoogleTokenExchange(google: GoogleConfig): void {
  if (installed || google.tokenUrl === GOOGLE_TOKEN_URL) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(GOOGLE_TOKEN_URL)) {
      const body = input instanceof Request && init === undefined ? input : undefined;
      return original(
        google.tokenUrl,
        body
          ? ({
              method: body.method,
              headers: body.headers,
              body: body.body,
              duplex: "half",
            } as RequestInit)
          : init,
      );
    }
    return original(input, init);
  };
}
