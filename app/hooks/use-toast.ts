import { createContext, use } from "react";
import type { Toast } from "../lib/toast.ts";

export type ShowToast = (toast: Toast) => void;

/** Filled by the Toaster at the root of the page. */
export const ToastContext = createContext<ShowToast>(() => {});

/** Shows a toast: one at a time, as the spec says; a new one replaces the current one. */
export function useToast(): ShowToast {
  return use(ToastContext);
}
