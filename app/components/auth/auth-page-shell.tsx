import { Link } from "react-router";
import { useRootData } from "../../hooks/use-root-data.ts";
import { BrandMark, BrandName } from "../layout/logo.tsx";

/** The frame of the pages without header and footer: admin login, reset, confirm, role selection. */
export function AuthPageShell({
  children,
  wide = false,
}: {
  children: React.ReactNode;
  wide?: boolean;
}) {
  const { settings } = useRootData();
  return (
    <main className="flex min-h-svh animate-page-in flex-col items-center justify-center bg-gradient-to-br from-primary-tint via-canvas to-accent-tint px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2">
        <BrandMark logo={settings.logo} className="size-10" />
        <BrandName
          name={settings.siteName}
          accentClassName="text-accent"
          className="text-xl font-bold text-primary-deep"
        />
      </Link>
      <div
        className={`w-full ${wide ? "max-w-3xl" : "max-w-md"} rounded-2xl border border-line bg-surface p-6 shadow-xl sm:p-8`}
      >
        {children}
      </div>
    </main>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
      <span
        aria-hidden
        className="size-10 animate-spin rounded-full border-4 border-primary-soft border-t-primary"
      />
      <span className="font-medium text-secondary">{label}</span>
    </div>
  );
}
