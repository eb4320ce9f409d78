import { lazy, Suspense, useState } from "react";
import type { FiltersDrawer as Drawer } from "./filters-drawer.tsx";

const loadDrawer = () => import("./filters-drawer.tsx");

const FiltersDrawer = lazy(() =>
  loadDrawer().then((module) => ({ default: module.FiltersDrawer })),
);

/** Starts loading the drawer before it is opened: the Filters button's hover, focus or touch. */
export function preloadFiltersDrawer() {
  void loadDrawer();
}

/**
 * The Filters drawer, whose dialog code (focus trap, scroll lock, dismissal) loads the first time
 * it opens: a page that never opens it, every page on a wide screen, never pays for it.
 */
export function LazyFiltersDrawer(props: React.ComponentProps<typeof Drawer>) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <FiltersDrawer {...props} />
    </Suspense>
  );
}
