import { cn } from "../../lib/cn.ts";

/**
 * The dark green band that opens the information pages (about, services, contact, legal): an
 * eyebrow, the page's one h1 and a lead paragraph. Pure CSS and inline SVG, no image download.
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn("relative isolate overflow-hidden bg-primary-deep text-white", className)}
    >
      <HeroPattern />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
        <p className="text-sm font-semibold tracking-wide text-accent-light uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-primary-soft text-pretty sm:text-lg">
          {lead}
        </p>
        {children}
      </div>
    </section>
  );
}

/** Concentric arcs (the gateway) and a rising sun, drawn in a corner of the band. */
function HeroPattern() {
  return (
    <svg
      aria-hidden
      className="pointer-events-none absolute -right-28 -bottom-44 -z-10 h-[28rem] w-[28rem] sm:-right-10 sm:-bottom-36 lg:right-12"
      viewBox="0 0 400 400"
      fill="none"
    >
      {[110, 150, 190, 230].map((r, i) => (
        <path
          key={r}
          d={`M${200 - r} 400V260a${r} ${r} 0 0 1 ${2 * r} 0V400`}
          stroke="#177d5e"
          strokeWidth="10"
          opacity={0.55 - i * 0.1}
        />
      ))}
      <circle cx="200" cy="260" r="62" fill="#fb9b24" opacity="0.85" />
    </svg>
  );
}
