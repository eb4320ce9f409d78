import { useState } from "react";
import { useActionData, useLocation } from "react-router";

/**
 * A key for a form that changes when the page arrives fresh (after a successful save, which
 * redirects back here with a toast) but not when the action refuses the input and answers with
 * errors: a saved form starts clean, a refused one keeps what was typed and chosen.
 */
export function useResetKey(): string {
  const location = useLocation();
  const actionData = useActionData();
  const [key, setKey] = useState(location.key);
  if (actionData === undefined && key !== location.key) setKey(location.key);
  return actionData === undefined ? location.key : key;
}
