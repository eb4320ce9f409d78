const PALETTE = [
  "#0f766e",
  "#b45309",
  "#7c3aed",
  "#be123c",
  "#1d4ed8",
  "#15803d",
  "#c2410c",
  "#0e7490",
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Up to two initials: "Amara Okafor" → "AO", "kwame" → "K", "" → "?". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/)
    .filter(Boolean);
  const letters = (words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1))
    .map((w) => Array.from(w ?? "")[0] ?? "")
    .join("")
    .toLocaleUpperCase();
  return letters || "?";
}

/** A round SVG avatar with the name's initials, its colour derived from the name. */
export function initialsAvatarSvg(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const colour = PALETTE[hash % PALETTE.length];
  const initials = escapeXml(initialsOf(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${colour}"/><text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="38" font-weight="600" fill="#fff">${initials}</text></svg>`;
}
