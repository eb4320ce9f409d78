import { setNonce } from "get-nonce";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { authDialogReady } from "./components/auth/lazy-auth-dialog.tsx";
import { documentNonce, NonceContext } from "./lib/csp-nonce.ts";

const nonce = documentNonce();
// The dialogs' scroll lock (Radix, through react-remove-scroll) adds a <style> element when a
// dialog opens; the page's policy runs it only with the nonce.
if (nonce) setNonce(nonce);

// A page opened on the sign-in dialog hydrates once the dialog's code is here: a lazy part
// hydrated later stays inert meanwhile, and a click on it (Sign In, Continue with Google) is lost.
// Before hydration the server's dialog works as plain HTML forms.
void authDialogReady().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceContext value={nonce}>
          <HydratedRouter />
        </NonceContext>
      </StrictMode>,
    );
  }),
);
