import { OAuth2Server } from "oauth2-mock-server";

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * A local OpenID Connect server standing in for Google. Each token it signs carries the identity
 * set with `signInAs`.
 */
export async function startOidcStandIn(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  let identity: GoogleIdentity = { sub: "google-0", email: "someone@example.com", name: "Someone" };
  server.service.on("beforeTokenSigning", (token) => {
    // Google sends a picture on its own host; the site must not show it (see avatarSrc).
    Object.assign(token.payload, {
      ...identity,
      email_verified: true,
      picture: "https://lh3.googleusercontent.com/a/stand-in-photo=s96-c",
    });
  });
  const url = server.issuer.url ?? `http://127.0.0.1:${port}`;
  return {
    url,
    authorizationUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    signInAs(next: GoogleIdentity) {
      identity = next;
    },
    close: () => server.stop(),
  };
}
