import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/** The root loader's data (currency, currencies, settings); present on every page below root. */
export function useRootData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useRootData used outside the root route.");
  return data;
}
