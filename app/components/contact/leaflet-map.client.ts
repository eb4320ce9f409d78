/**
 * The interactive office map. Browser-only (`.client.ts`) and loaded with a dynamic import when the
 * map scrolls into view, so Leaflet's script and CSS cost nothing to visitors who never see it.
 * The marker is a divIcon (inline SVG): no marker images, nothing from a CDN.
 */
import { divIcon, map as createMap, marker, tileLayer } from "leaflet";
import "leaflet/dist/leaflet.css";

export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** Tiles that fail before any succeeds: after this many, the static map stays. */
const MAX_TILE_ERRORS = 2;
/** No tile within this time (slow or blocked network): keep the static map. */
const FIRST_TILE_TIMEOUT_MS = 8000;

export interface OfficeMapOptions {
  lat: number;
  lng: number;
  zoom: number;
  /** Marker tooltip and alternative text. */
  label: string;
  /** Visible attribution text, linked to the OpenStreetMap copyright page. */
  attribution: string;
  /** The first tile has arrived: the live map can be shown. */
  onReady: () => void;
  /** The tiles cannot be loaded: keep the static map. */
  onFail: () => void;
}

const PIN_SVG = `<svg viewBox="0 0 36 48" width="36" height="48" aria-hidden="true">
  <path d="M18 47s15-15.6 15-28A15 15 0 0 0 3 19c0 12.4 15 28 15 28z" fill="#13644d" stroke="#fff" stroke-width="2.5"/>
  <circle cx="18" cy="19" r="6.5" fill="#fb9b24"/>
</svg>`;

/** Mounts the map in `element`; returns a function that removes it again. */
export function mountOfficeMap(element: HTMLElement, options: OfficeMapOptions): () => void {
  const { lat, lng, zoom } = options;
  const map = createMap(element, {
    center: [lat, lng],
    zoom,
    scrollWheelZoom: false,
    zoomControl: true,
  });
  map.attributionControl.setPrefix(false);

  let settled = false;
  let errors = 0;
  const settle = (ok: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (ok) options.onReady();
    else options.onFail();
  };
  const timer = setTimeout(() => settle(false), FIRST_TILE_TIMEOUT_MS);

  tileLayer(OSM_TILE_URL, {
    maxZoom: 19,
    attribution: `&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">${escapeHtml(options.attribution)}</a>`,
  })
    .on("tileload", () => settle(true))
    .on("tileerror", () => {
      errors += 1;
      if (errors >= MAX_TILE_ERRORS) settle(false);
    })
    .addTo(map);

  marker([lat, lng], {
    title: options.label,
    alt: options.label,
    keyboard: false,
    icon: divIcon({ html: PIN_SVG, className: "", iconSize: [36, 48], iconAnchor: [18, 47] }),
  }).addTo(map);

  return () => {
    settled = true;
    clearTimeout(timer);
    map.remove();
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
