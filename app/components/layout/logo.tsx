/** The Gateway Africa mark: an arch (the gateway) over a rising sun. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden className={className}>
      <rect width="40" height="40" rx="10" fill="#13644d" />
      <circle cx="20" cy="25" r="7" fill="#fb9b24" />
      <path
        d="M9 31V19a11 11 0 0 1 22 0v12"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <path d="M6 31h28" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
    </svg>
  );
}

export interface BrandLogo {
  url: string;
  width: number;
  height: number;
}

/** The administrator's uploaded logo (as high as the mark, as wide as it is), or the mark. */
export function BrandMark({ logo, className }: { logo: BrandLogo | null; className: string }) {
  if (!logo) return <LogoMark className={className} />;
  return (
    <img
      src={logo.url}
      alt=""
      width={logo.width}
      height={logo.height}
      className={`${className} w-auto max-w-40 object-contain`}
    />
  );
}

/**
 * The platform's name with its last word in the accent colour ("Gateway Africa"). A two-word name
 * is drawn close together as one word-mark; the space stays, so it reads as two words.
 */
export function BrandName({
  name,
  accentClassName,
  className,
}: {
  name: string;
  accentClassName: string;
  className?: string;
}) {
  const words = name.trim().split(/\s+/);
  const last = words.length > 1 ? words.pop() : undefined;
  return (
    <span
      className={[className, words.length === 1 && last ? "[word-spacing:-0.25em]" : ""]
        .filter(Boolean)
        .join(" ")}
    >
      {words.join(" ")}
      {last && (
        <>
          {" "}
          <span className={accentClassName}>{last}</span>
        </>
      )}
    </span>
  );
}
