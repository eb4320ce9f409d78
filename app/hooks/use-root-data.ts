import { useRouteLoaderData } from "react-router";
import type { RootData } from "../lib/root-data.ts";

/** The root loader's data (currency, currencies, settings); present on every page below root. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("useRootData used outside the root route.");
  return data;
}
