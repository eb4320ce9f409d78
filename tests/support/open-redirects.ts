/**
 * Redirect targets that take a browser to another site, or that a naive check lets through:
 * browsers drop tabs and line breaks from URLs, read "\" as "/", and treat "//host" as another
 * host. Each is sent raw as a form field would carry it.
 */
export const OPEN_REDIRECT_TARGETS: Record<string, string> = {
  tab: "/\t/evil.example/",
  newline: "/\n/evil.example/",
  "carriage return": "/\r/evil.example/",
  "leading tab": "\t//evil.example",
  "full-width full stop": "/。/evil.example",
  "ideographic space": "/\u3000/evil.example",
  "no-break space": "/\u00a0/evil.example",
  "full-width solidus": "／／evil.example",
  backslash: "/\\evil.example",
  "two backslashes": "\\\\evil.example",
  "slash backslash": "/\\/evil.example",
  "protocol-relative": "//evil.example",
  "three slashes": "///evil.example",
  "leading space": " //evil.example",
  "absolute https": "https://evil.example",
  "absolute without slashes": "http:evil.example",
  "javascript:": "javascript:alert(document.cookie)",
  "data:": "data:text/html,<script>alert(1)</script>",
  "encoded tab": "/%09/evil.example",
  "encoded slashes": "/%2F%2Fevil.example",
  "encoded backslash": "/%5Cevil.example",
  NUL: "/\u0000/evil.example",
  "user info": "//localhost@evil.example",
};

/** True when a Location header keeps the browser on `appUrl`'s site, the way a browser reads it. */
export function staysOnSite(location: string | null, appUrl: string): boolean {
  if (location === null) return false;
  // Only percent-encoded ASCII: nothing a browser would drop or reinterpret.
  if (/[^\x21-\x7e]|\\/.test(location)) return false;
  return new URL(location, appUrl).origin === new URL(appUrl).origin;
}
