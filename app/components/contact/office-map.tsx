import { LoaderCircle, Map as MapIcon } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";

/** The Accra office (Ridge, on Independence Avenue). */
export const OFFICE_LOCATION = { lat: 5.56, lng: -0.1969, zoom: 16 } as const;

export function openStreetMapUrl({ lat, lng, zoom } = OFFICE_LOCATION): string {
  return `https://www.openstreetmap.org/?mlat=${lat.toFixed(4)}&mlon=${lng.toFixed(4)}#map=${zoom}/${lat.toFixed(4)}/${lng.toFixed(4)}`;
}

type MapState = "static" | "loading" | "live";

/**
 * The office map. The server renders a stylised SVG map, which stays when tiles cannot load
 * (offline, blocked, slow). When the map scrolls into view, Leaflet and its CSS are imported and
 * an OpenStreetMap layer is prepared underneath; it replaces the SVG once the first tile arrives.
 * Visitors who asked their browser to save data get a button instead of an automatic download.
 */
export function OfficeMap({ className }: { className?: string }) {
  const t = useT();
  const frameRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("static");
  const [requested, setRequested] = useState(false);
  const saveData = useSaveData();

  useEffect(() => {
    const frame = frameRef.current;
    const live = liveRef.current;
    if (!frame || !live) return;
    if (typeof IntersectionObserver === "undefined" || navigator.onLine === false) return;
    if (saveData && !requested) return;

    let cancelled = false;
    let unmount: (() => void) | undefined;
    const start = () => {
      setState("loading");
      import("./leaflet-map.client.ts")
        .then(({ mountOfficeMap }) => {
          if (cancelled) return;
          unmount = mountOfficeMap(live, {
            ...OFFICE_LOCATION,
            label: t("contact.map.pin"),
            attribution: t("contact.map.attribution"),
            onReady: () => {
              if (!cancelled) setState("live");
            },
            onFail: () => {
              unmount?.();
              unmount = undefined;
              if (!cancelled) setState("static");
            },
          });
        })
        .catch(() => {
          if (!cancelled) setState("static");
        });
    };

    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(frame);
    return () => {
      cancelled = true;
      observer.disconnect();
      unmount?.();
    };
  }, [requested, saveData, t]);

  return (
    <div
      ref={frameRef}
      className={cn(
        "relative isolate aspect-[4/3] overflow-hidden rounded-xl border border-line bg-[#f2efe9] sm:aspect-[16/9] lg:aspect-auto lg:h-full lg:min-h-96",
        className,
      )}
    >
      <div
        ref={liveRef}
        aria-hidden={state !== "live"}
        className={cn(
          "absolute inset-0 z-0",
          state === "live" ? "opacity-100" : "pointer-events-none opacity-0",
        )}
      />
      {state !== "live" && (
        <StaticOfficeMap>
          {state === "loading" && (
            <p className="absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-surface/90 px-3 py-1 text-xs font-medium text-muted shadow-sm">
              <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
              {t("contact.map.loading")}
            </p>
          )}
          {saveData && !requested && (
            <button
              type="button"
              onClick={() => setRequested(true)}
              className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-lg bg-surface px-3 py-2 text-sm font-semibold text-primary-strong shadow-md ring-1 ring-line hover:bg-primary-tint"
            >
              <MapIcon aria-hidden className="size-4" />
              {t("contact.map.load")}
            </button>
          )}
        </StaticOfficeMap>
      )}
    </div>
  );
}

/** The browser's "save data" preference (Chrome's Lite mode, data saver); false on the server. */
function useSaveData(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () =>
      Boolean(
        (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData,
      ),
    () => false,
  );
}

function noSubscription(): () => void {
  return () => {};
}

/**
 * A hand-drawn map of Ridge, Accra, centred on the office: drawn at 800×400 and cropped (slice) to
 * the frame, so the office stays in the centre at any width. The pin and its label are HTML, so
 * they keep a readable size on phones.
 */
function StaticOfficeMap({ children }: { children?: React.ReactNode }) {
  const t = useT();
  return (
    <div role="img" aria-label={t("contact.map.label")} className="absolute inset-0 z-10">
      <svg
        aria-hidden
        viewBox="0 0 800 400"
        preserveAspectRatio="xMidYMid slice"
        className="size-full"
        fontFamily="inherit"
      >
        <rect width="800" height="400" fill="#f2efe9" />
        {/* Parks and grounds */}
        <path d="M150 112 L292 100 L304 178 L168 192 Z" fill="#cfe6cc" />
        <path d="M470 268 L600 258 L612 352 L482 362 Z" fill="#cfe6cc" />
        <circle cx="706" cy="300" r="40" fill="#d9ecd6" />
        {/* Building blocks */}
        <g fill="#e5dfd2">
          {BLOCKS.map(([x, y, w, h]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width={w} height={h} rx="4" />
          ))}
        </g>
        {/* Minor streets */}
        <g stroke="#ffffff" strokeWidth="6" strokeLinecap="round" fill="none">
          <path d="M40 250 C 150 245, 250 240, 368 236" />
          <path d="M120 60 L 110 330" />
          <path d="M230 55 L 236 330" />
          <path d="M500 34 C 505 120, 510 200, 520 262" />
          <path d="M640 28 L 650 330" />
          <path d="M382 140 C 480 138, 600 150, 800 160" />
          <path d="M376 290 C 450 292, 620 300, 800 296" />
          <path d="M420 200 L 470 200" />
        </g>
        {/* Major roads: casing, then fill */}
        <g fill="none" strokeLinecap="round">
          {MAJOR_ROADS.map((road) => (
            <path key={road.id} d={road.d} stroke="#d8cfbf" strokeWidth={road.width + 4} />
          ))}
          {MAJOR_ROADS.map((road) => (
            <path
              key={road.id}
              id={`static-map-${road.id}`}
              d={road.d}
              stroke={road.fill}
              strokeWidth={road.width}
            />
          ))}
        </g>
        {/* Street names follow their roads */}
        <g
          fontSize="13"
          fontWeight="600"
          fill="#6b6257"
          stroke="#ffffff"
          strokeWidth="3"
          paintOrder="stroke"
          strokeLinejoin="round"
        >
          {MAJOR_ROADS.map((road) => (
            <text key={road.id} dy="4.5">
              <textPath
                href={`#static-map-${road.id}`}
                startOffset={road.labelAt}
                textAnchor="middle"
              >
                {t(`contact.map.streets.${road.id}`)}
              </textPath>
            </text>
          ))}
        </g>
        {/* Neighbourhoods */}
        <g fontSize="14" fontWeight="700" fill="#a3998a" letterSpacing="3" textAnchor="middle">
          <text x="250" y="290">
            {t("contact.map.places.ridge")}
          </text>
          <text x="600" y="100">
            {t("contact.map.places.airport")}
          </text>
          <text x="640" y="235">
            {t("contact.map.places.cantonments")}
          </text>
        </g>
        {/* North arrow */}
        <g transform="translate(760 360)" aria-hidden>
          <circle r="16" fill="#ffffff" stroke="#d8cfbf" />
          <path d="M0 -10 L6 6 L0 2 L-6 6 Z" fill="#13644d" />
        </g>
      </svg>

      {/* The office pin, its tip exactly at the centre of the frame */}
      <div className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-full">
        <span className="absolute bottom-0 left-1/2 size-10 -translate-x-1/2 translate-y-1/2 animate-ping rounded-full bg-primary-mid/30" />
        <svg viewBox="0 0 36 48" className="relative h-12 w-9 drop-shadow-md" aria-hidden>
          <path
            d="M18 47s15-15.6 15-28A15 15 0 0 0 3 19c0 12.4 15 28 15 28z"
            fill="#13644d"
            stroke="#fff"
            strokeWidth="2.5"
          />
          <circle cx="18" cy="19" r="6.5" fill="#fb9b24" />
        </svg>
      </div>
      <div className="pointer-events-none absolute top-1/2 left-1/2 mt-[-5.25rem] -translate-x-1/2 -translate-y-full rounded-lg bg-surface px-3 py-1.5 text-center whitespace-nowrap shadow-md ring-1 ring-line">
        <p className="text-sm leading-tight font-bold text-primary-deep">{t("contact.map.pin")}</p>
        <p className="text-xs leading-tight text-muted">{t("contact.map.city")}</p>
      </div>
      {children}
    </div>
  );
}

const MAJOR_ROADS = [
  { id: "ring", d: "M-20 64 C 200 52, 600 40, 820 22", width: 15, fill: "#fcd98a", labelAt: "30%" },
  {
    id: "independence",
    d: "M356 -20 C 366 100, 376 200, 368 420",
    width: 12,
    fill: "#fde9b8",
    labelAt: "73%",
  },
  {
    id: "liberation",
    d: "M372 262 C 470 222, 600 130, 820 60",
    width: 12,
    fill: "#fde9b8",
    labelAt: "55%",
  },
  {
    id: "castle",
    d: "M-20 336 C 200 326, 600 350, 820 334",
    width: 12,
    fill: "#ffffff",
    labelAt: "22%",
  },
  {
    id: "gamel",
    d: "M-20 178 C 120 186, 250 196, 370 200",
    width: 10,
    fill: "#ffffff",
    labelAt: "48%",
  },
] as const;

/** [x, y, width, height] of the building blocks between the streets. */
const BLOCKS: [number, number, number, number][] = [
  [20, 80, 80, 80],
  [20, 195, 80, 40],
  [20, 262, 80, 58],
  [130, 206, 90, 26],
  [130, 262, 92, 58],
  [250, 80, 92, 96],
  [250, 210, 96, 22],
  [250, 256, 100, 66],
  [392, 62, 96, 64],
  [392, 156, 20, 30],
  [392, 214, 100, 30],
  [520, 52, 108, 72],
  [536, 168, 96, 84],
  [664, 50, 120, 90],
  [664, 176, 120, 40],
  [392, 304, 70, 24],
  [620, 310, 40, 18],
  [20, 355, 200, 40],
  [250, 352, 100, 40],
  [392, 360, 260, 34],
];
