import { Icon } from "../ui/icon.tsx";
import { useRef, useState } from "react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { UploadedVideo } from "../../lib/schemas/listing-video.ts";
import type { ListingImage } from "../../lib/schemas/listing-view.ts";
import type { VideoEmbed } from "../../lib/video-embed.ts";

const SIZES = "(min-width: 1280px) 820px, (min-width: 1024px) 62vw, 100vw";
/** Horizontal travel (px) that turns a drag into a swipe to the next or previous slide. */
const SWIPE_DISTANCE = 48;
/** Movement (px) before a press counts as a drag rather than a tap. */
const DRAG_SLOP = 8;

type Slide =
  | { kind: "image"; image: ListingImage }
  | { kind: "file"; file: UploadedVideo }
  | { kind: "video"; video: VideoEmbed };

function slideKey(slide: Slide): string {
  if (slide.kind === "image") return slide.image.storageKey;
  return slide.kind === "file" ? slide.file.url : "video";
}

function variant(image: ListingImage, name: "thumb" | "card" | "gallery"): string {
  return `/media/${image.storageKey}-${name}.webp`;
}

/**
 * The listing's photos (and videos) as a carousel: arrows, dots, swipe by pointer and the arrow
 * keys when focused. Only the first photo loads with the page; the neighbours of the current
 * slide load once someone starts browsing, and the linked video's player only when asked for.
 * An uploaded video file (a plan's perk) follows the photos, with the cover as its poster; the
 * browser fetches nothing of it until it is played.
 */
export function Gallery({
  title,
  images,
  video,
  videoFile = null,
}: {
  title: string;
  images: ListingImage[];
  video: VideoEmbed | null;
  videoFile?: UploadedVideo | null;
}) {
  const t = useT();
  const slides: Slide[] = [
    ...images.map((image) => ({ kind: "image" as const, image })),
    ...(videoFile ? [{ kind: "file" as const, file: videoFile }] : []),
    ...(video ? [{ kind: "video" as const, video }] : []),
  ];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [browsing, setBrowsing] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [drag, setDrag] = useState(0);
  const pointer = useRef<{ id: number; x: number; y: number; dragging: boolean } | null>(null);
  const suppressClick = useRef(false);

  const go = (next: number) => {
    setIndex(((next % count) + count) % count);
    setBrowsing(true);
    setPlaying(false);
  };

  if (count === 0) {
    return (
      <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-surface-strong lg:aspect-[16/10]">
        <img
          src="/images/listing-fallback.webp"
          alt=""
          width={1280}
          height={853}
          className="size-full object-cover opacity-60"
        />
        <p className="absolute inset-0 flex flex-col items-center justify-center gap-2 font-semibold text-secondary">
          <Icon name="image-off" className="size-8" />
          {t("detail.gallery.noImages")}
        </p>
      </div>
    );
  }

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.pointerType === "mouse" && event.button !== 0)) return;
    // The video player's own controls (seeking, volume) take their drags.
    if (event.target instanceof Element && event.target.closest("video")) return;
    pointer.current = { id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const p = pointer.current;
    if (!p || p.id !== event.pointerId) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    if (!p.dragging) {
      if (Math.abs(dx) < DRAG_SLOP || Math.abs(dx) < Math.abs(dy)) return;
      p.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setDrag(dx);
  };
  const endDrag = (event: React.PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const p = pointer.current;
    if (!p || p.id !== event.pointerId) return;
    pointer.current = null;
    if (!p.dragging) return;
    suppressClick.current = true;
    const dx = event.clientX - p.x;
    setDrag(0);
    if (cancelled) return;
    if (dx <= -SWIPE_DISTANCE) go(index + 1);
    else if (dx >= SWIPE_DISTANCE) go(index - 1);
  };

  const poster = images[0];
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("detail.gallery.label", { title })}
      tabIndex={0}
      onKeyDown={(event) => {
        if (count < 2) return;
        if (event.key === "ArrowLeft") go(index - 1);
        else if (event.key === "ArrowRight") go(index + 1);
        else return;
        event.preventDefault();
      }}
      className="group/gallery relative overflow-hidden rounded-2xl bg-ink focus-visible:outline-offset-4"
    >
      <div
        className="relative aspect-[3/2] touch-pan-y overflow-hidden select-none lg:aspect-[16/10]"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div
          className={cn("flex h-full", drag === 0 && "transition-transform duration-300 ease-out")}
          style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))` }}
        >
          {slides.map((slide, i) => {
            const current = i === index;
            const load = i === 0 || (browsing && Math.abs(i - index) <= 1);
            return (
              <div
                key={slideKey(slide)}
                role="group"
                aria-roledescription="slide"
                aria-label={t("detail.gallery.slide", { number: i + 1, total: count })}
                aria-hidden={!current}
                inert={!current}
                className="relative h-full w-full shrink-0"
              >
                {slide.kind === "image" ? (
                  <img
                    src={load ? variant(slide.image, "gallery") : undefined}
                    srcSet={
                      load
                        ? `${variant(slide.image, "thumb")} 160w, ${variant(slide.image, "card")} 640w, ${variant(slide.image, "gallery")} 1280w`
                        : undefined
                    }
                    sizes={SIZES}
                    width={slide.image.width}
                    height={slide.image.height}
                    alt={t("detail.gallery.imageAlt", { title, number: i + 1 })}
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : undefined}
                    decoding="async"
                    draggable={false}
                    className="size-full object-cover"
                  />
                ) : slide.kind === "file" ? (
                  <video
                    controls
                    preload="none"
                    playsInline
                    poster={poster && load ? variant(poster, "gallery") : undefined}
                    aria-label={t("detail.gallery.videoTitle", { title })}
                    data-testid="gallery-video-file"
                    className="size-full bg-ink object-contain"
                  >
                    <source src={slide.file.url} type={slide.file.type} />
                  </video>
                ) : playing && current ? (
                  <iframe
                    src={slide.video.embedUrl}
                    title={t("detail.gallery.videoTitle", { title })}
                    allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                    allowFullScreen
                    referrerPolicy="strict-origin-when-cross-origin"
                    className="size-full border-0"
                  />
                ) : (
                  <button
                    type="button"
                    onClick={() => setPlaying(true)}
                    className="group/play relative flex size-full flex-col items-center justify-center gap-3 text-white"
                  >
                    {poster && load && (
                      <img
                        src={variant(poster, "card")}
                        alt=""
                        draggable={false}
                        className="absolute inset-0 size-full object-cover opacity-40 blur-[2px]"
                      />
                    )}
                    <span className="relative inline-flex size-16 items-center justify-center rounded-full bg-surface/95 text-primary-strong shadow-lg transition group-hover/play:scale-105">
                      <Icon name="play" className="ml-1 size-7 fill-current" />
                    </span>
                    <span className="relative text-lg font-semibold">
                      {t("detail.gallery.playVideo")}
                    </span>
                    <span className="relative text-sm text-white/80">
                      {t("detail.gallery.videoFrom", { provider: slide.video.provider })}
                    </span>
                  </button>
                )}
              </div>
            );
          })}
        </div>

        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label={t("detail.gallery.previous")}
              className="absolute top-1/2 left-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 text-ink-soft shadow-md hover:bg-surface"
            >
              <Icon name="chevron-left" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label={t("detail.gallery.next")}
              className="absolute top-1/2 right-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 text-ink-soft shadow-md hover:bg-surface"
            >
              <Icon name="chevron-right" className="size-5" />
            </button>
            <p
              aria-live="polite"
              className="absolute top-3 right-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white"
            >
              {t("detail.gallery.slide", { number: index + 1, total: count })}
            </p>
          </>
        )}
      </div>

      {/* The dots would cover an uploaded video's controls: its slide keeps the arrows only. */}
      {count > 1 && slides[index]?.kind !== "file" && (
        <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
          {slides.map((slide, i) => (
            <button
              key={slideKey(slide)}
              type="button"
              onClick={() => go(i)}
              aria-label={t("detail.gallery.goTo", { number: i + 1 })}
              aria-current={i === index ? "true" : undefined}
              className="flex size-6 items-center justify-center"
            >
              <span
                className={cn(
                  "block h-2 rounded-full shadow transition-all",
                  i === index ? "w-6 bg-surface" : "w-2 bg-surface/60",
                )}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
