import { useState } from "react";
import { useNavigate } from "react-router";

/**
 * The open state of a dialog whose form is answered with a redirect back and a toast: once the
 * form has been sent and the answer is in, the dialog closes, since the toast says what happened.
 * While the form is on its way the dialog stays as it is. A dialog that the URL opened (the page
 * state that does the same job before JavaScript) goes to `fromUrl.closeTo` when it is closed.
 */
export function useAnsweredDialog(
  busy: boolean,
  fromUrl?: { open: boolean; closeTo: string },
): { open: boolean; setOpen: (next: boolean) => void } {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [wasBusy, setWasBusy] = useState(false);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setOpened(false);
  }

  function setOpen(next: boolean) {
    if (busy) return;
    setOpened(next);
    if (!next && fromUrl?.open) {
      navigate(fromUrl.closeTo, { replace: true, preventScrollReset: true });
    }
  }
  return { open: opened || fromUrl?.open === true, setOpen };
}
