import type { RouterContextProvider } from "react-router";
import { redirectWithToast } from "./flash-toast.server.ts";
import type { Role } from "../lib/roles.ts";
import { viewerContext, type Viewer } from "./viewer.ts";

/** The signed-in viewer, or a redirect home with the spec's "Authentication Required" toast. */
export async function requireViewer(context: Readonly<RouterContextProvider>): Promise<Viewer> {
  const viewer = context.get(viewerContext);
  if (!viewer) {
    throw await redirectWithToast("/", {
      title: "auth.toasts.authRequired",
      description: "auth.toasts.authRequiredDescription",
      variant: "destructive",
    });
  }
  return viewer;
}

/** A viewer with one of the roles, or "Access Denied" and the dashboard overview. */
export async function requireRole(
  context: Readonly<RouterContextProvider>,
  roles: readonly Role[],
): Promise<Viewer & { role: Role }> {
  const viewer = await requireViewer(context);
  if (!viewer.role || !roles.includes(viewer.role)) {
    throw await accessDenied();
  }
  return viewer as Viewer & { role: Role };
}

export function accessDenied(): Promise<Response> {
  return redirectWithToast("/dashboard/overview", {
    title: "auth.toasts.accessDenied",
    description: "auth.toasts.accessDeniedDescription",
    variant: "destructive",
  });
}
