import { createContext } from "react-router";
import type { Role } from "../lib/roles.ts";

/** The signed-in person as every loader and action sees them; null for a visitor. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  phone: string | null;
  avatarUrl: string | null;
  emailVerified: boolean;
  createdAt: string;
}

/** Resolved once per request by the server and handed to React Router's loaders and actions. */
export const viewerContext = createContext<Viewer | null>(null);

/**
 * The avatar to show: the uploaded one (always served by this site), else generated initials.
 * Google's picture is not used: it lives on another host, which the page's image policy and
 * visitors' data budgets both rule out.
 */
export function avatarSrc(viewer: { name: string; avatarUrl: string | null }): string {
  return viewer.avatarUrl || `/avatars/initials.svg?name=${encodeURIComponent(viewer.name)}`;
}
