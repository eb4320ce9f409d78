import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import type * as AuthDialogModule from "./auth-dialog.tsx";
import { isAuthView } from "../../lib/auth-dialog-url.ts";

let loaded: typeof AuthDialogModule | undefined;

function loadAuthDialog(): Promise<typeof AuthDialogModule> {
  return import("./auth-dialog.tsx").then((module) => (loaded = module));
}

// The server has the module long before its first request: it renders the dialog at once, in
// the page's first bytes, so the dialog works without JavaScript. A page opened on the dialog
// fetches it alongside the page's own modules, not after them, so the dialog hydrates as soon as
// the rest does.
const opening =
  import.meta.env.SSR || new URLSearchParams(window.location.search).has("auth")
    ? loadAuthDialog()
    : undefined;

/** Settles once the dialog the page was opened on is loaded (at once when there is none). */
export async function authDialogReady(): Promise<void> {
  await opening?.catch(() => undefined);
}

/**
 * The dialog, its Radix primitives and its texts load only when the URL opens it, so no page pays
 * for them up front. Once loaded (always, on the server) it renders without suspending: `lazy`
 * reads a thenable that answers at once as loaded.
 */
const AuthDialog = lazy(() => {
  const ready = loaded;
  if (!ready) return loadAuthDialog().then((module) => ({ default: module.AuthDialog }));
  return {
    then: (resolve: (module: { default: typeof AuthDialogModule.AuthDialog }) => void) =>
      resolve({ default: ready.AuthDialog }),
  } as Promise<{ default: typeof AuthDialogModule.AuthDialog }>;
});

/** Starts loading the dialog before it is asked for (the Sign In link's hover or focus). */
export function preloadAuthDialog() {
  void loadAuthDialog();
}

/**
 * The sign-in dialog, where `?auth=` asks for it. When its code is here from the start (always on
 * the server, and before hydration on a page opened on it) it renders without a Suspense boundary:
 * a boundary hydrates after the rest of the page, and a click on its still inert content (Continue
 * with Google, Forgot Password?) was lost. Which of the two shapes is chosen once, when the layout
 * mounts: switching from the boundary to the bare dialog when the code arrives would mount a new
 * dialog, and whatever was typed into the first one would be lost.
 */
export function LazyAuthDialog(props: AuthDialogModule.AuthDialogProps) {
  const [params] = useSearchParams();
  const [Loaded] = useState(() => loaded?.AuthDialog);
  if (!isAuthView(params.get("auth"))) return null;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <AuthDialog {...props} />
    </Suspense>
  );
}
