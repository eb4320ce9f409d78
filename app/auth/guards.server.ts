import type { RouterContextProvider } from "react-router";
import { redirectWithToast } from "./flash-toast.server.ts";
import { can, type Action, type Resource } from "../lib/permissions.ts";
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

/** A viewer the permission table allows the action, or "Access Denied" and the dashboard overview. */
export async function requirePermission(
  context: Readonly<RouterContextProvider>,
  action: Action,
  resource?: Resource,
): Promise<Viewer> {
  const viewer = await requireViewer(context);
  if (!can(viewer, action, resource)) throw await accessDenied();
  return viewer;
}

export function accessDenied(): Promise<Response> {
  return redirectWithToast("/dashboard/overview", {
    title: "auth.toasts.accessDenied",
    description: "auth.toasts.accessDeniedDescription",
    variant: "destructive",
  });
}
