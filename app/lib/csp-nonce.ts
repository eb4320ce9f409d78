import { createContext as createReactContext, use } from "react";
import { createContext } from "react-router";

/**
 * The page's content security policy nonce: a fresh random value per request, allowed by the
 * policy's `script-src` and `style-src`, and carried by every inline script and style the page
 * needs (React Router's hydration data and scroll restoration, React's streaming scripts).
 *
 * The server hands it to React Router through this context key (server/create-app.ts), and
 * app/entry.server.tsx gives it to the renderer and to the components below.
 */
export const nonceContext = createContext<string | null>(null);

/** The nonce for components: the request's on the server, the page's own in the browser. */
export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return use(NonceContext);
}

/**
 * The tag that hands the nonce to code adding `<style>` elements at run time: Vite's development
 * client reads it by this name, and app/entry.client.tsx for the dialogs' scroll lock. Browsers
 * hide a nonce from the markup once the page has loaded, so only script reads it (`.nonce`).
 */
export const NONCE_META_PROPERTY = "csp-nonce";

/** The nonce of the page the browser has loaded, read from the tag above. */
export function documentNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>(`meta[property="${NONCE_META_PROPERTY}"]`);
  return meta?.nonce || undefined;
}
