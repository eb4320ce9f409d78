/**
 * A listing's video as a privacy-enhanced embed. Only YouTube and Vimeo are supported (the
 * listing form says so); any other URL gives no video rather than an arbitrary iframe.
 */
export interface VideoEmbed {
  provider: "YouTube" | "Vimeo";
  id: string;
  /** youtube-nocookie.com or player.vimeo.com with do-not-track; starts playing when loaded. */
  embedUrl: string;
}

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

function youtubeId(url: URL): string | null {
  if (url.hostname === "youtu.be") return url.pathname.split("/")[1] ?? null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === "/watch") return url.searchParams.get("v");
  const [, kind, id] = url.pathname.split("/");
  return kind && ["embed", "shorts", "live", "v"].includes(kind) ? (id ?? null) : null;
}

function vimeo(url: URL): { id: string; hash: string | null } | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  const index = parts.findIndex((p) => /^\d{6,12}$/.test(p));
  if (index === -1) return null;
  const id = parts[index] as string;
  const next = parts[index + 1];
  const hash = url.searchParams.get("h") ?? (next && /^[0-9a-f]{6,20}$/.test(next) ? next : null);
  return { id, hash };
}

export function videoEmbed(videoUrl: string | null | undefined): VideoEmbed | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.hostname = url.hostname.toLowerCase();

  const yt = youtubeId(url);
  if (yt && YOUTUBE_ID.test(yt)) {
    return {
      provider: "YouTube",
      id: yt,
      embedUrl: `https://www.youtube-nocookie.com/embed/${yt}?autoplay=1&rel=0`,
    };
  }
  const vm = vimeo(url);
  if (vm) {
    const hash = vm.hash && /^[0-9a-f]{6,20}$/.test(vm.hash) ? `&h=${vm.hash}` : "";
    return {
      provider: "Vimeo",
      id: vm.id,
      embedUrl: `https://player.vimeo.com/video/${vm.id}?autoplay=1&dnt=1${hash}`,
    };
  }
  return null;
}
