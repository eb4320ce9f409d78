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
