import { lazy, Suspense, type ComponentProps } from "react";
import type { ReportDialog as ReportDialogComponent } from "./report-dialog.tsx";

/**
 * The report dialog and its Radix primitives load only where a page shows one: a visitor reading
 * a listing's reviews sees no Report button, and its page does not carry the dialog's code.
 */
const ReportDialog = lazy(() =>
  import("./report-dialog.tsx").then((module) => ({ default: module.ReportDialog })),
);

export function LazyReportDialog(props: ComponentProps<typeof ReportDialogComponent>) {
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}
