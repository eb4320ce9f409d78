import { Icon } from "../ui/icon.tsx";
import { useCallback, useEffect, useState } from "react";
import { usePrefersReducedMotion } from "../../hooks/use-reduced-motion.ts";
import { useT } from "../../i18n/use-t.ts";
import { heroImageSources, type HeroSlide } from "../../lib/hero.ts";
import { cn } from "../../lib/cn.ts";

const INTERVAL_MS = 7000;
/** When the next slide's picture starts loading: after the page's own first load. */
const PRELOAD_NEXT_AFTER_MS = 3000;

/**
 * The hero's background: slides cross-fade every 7 s over 1.2 s, wrapping around; hover or focus
 * inside the hero pauses it, and so does a preference for reduced motion.
 */
export function HeroSlideshow({
  slides,
  children,
}: {
  slides: HeroSlide[];
  children: React.ReactNode;
}) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Only the pictures on screen, the one fading out and the next one load: a phone on a slow line
  // does not fetch five backgrounds for the first screen.
  const [moved, setMoved] = useState(false);
  const [preloadNext, setPreloadNext] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;

  const show = useCallback((next: (current: number) => number) => {
    setIndex(next);
    setMoved(true);
  }, []);
  const go = useCallback(
    (next: number) => show(() => ((next % count) + count) % count),
    [count, show],
  );

  useEffect(() => {
    const timer = setTimeout(() => setPreloadNext(true), PRELOAD_NEXT_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    const timer = setInterval(() => show((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, count, show]);

  const pictured = (i: number) =>
    i === index ||
    (moved && i === (index - 1 + count) % count) ||
    (preloadNext && i === (index + 1) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.hero.slideshow")}
      className="relative isolate overflow-hidden bg-primary-deepest"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setPaused(false);
      }}
    >
      <div className="absolute inset-0 -z-10">
        {slides.map((slide, i) => (
          <div
            key={slide.imageUrl + i}
            role="group"
            aria-roledescription="slide"
            aria-label={t("home.hero.slideOf", { number: i + 1, total: count })}
            aria-hidden={i !== index}
            className={cn(
              "absolute inset-0 transition-opacity duration-[1200ms] ease-in-out",
              i === index ? "opacity-100" : "opacity-0",
            )}
          >
            {pictured(i) && (
              <img
                sizes="100vw"
                {...heroImageSources(slide.imageUrl)}
                alt={slide.alt}
                className="size-full object-cover"
                fetchPriority={i === 0 ? "high" : "low"}
                decoding="async"
                width={1600}
                height={900}
              />
            )}
          </div>
        ))}
        <div className="absolute inset-0 bg-gradient-to-b from-primary-deepest/70 via-primary-deepest/45 to-primary-deepest/85" />
      </div>

      {children}

      {count > 1 && (
        <div className="absolute inset-x-0 bottom-4 z-10 flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={() => go(index - 1)}
            aria-label={t("home.hero.previous")}
            className="inline-flex size-9 items-center justify-center rounded-full bg-surface/15 text-white backdrop-blur hover:bg-surface/30"
          >
            <Icon name="chevron-left" className="size-5" />
          </button>
          <div className="flex">
            {slides.map((slide, i) => (
              <button
                key={slide.imageUrl + i}
                type="button"
                onClick={() => go(i)}
                aria-label={t("home.hero.goToSlide", { number: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                className="group/dot flex size-6 items-center justify-center"
              >
                {/* The dot stays small; the button around it is a 24 px target. */}
                <span
                  className={cn(
                    "block h-2 rounded-full transition-all",
                    i === index
                      ? "w-6 bg-accent-bright"
                      : "w-2 bg-surface/60 group-hover/dot:bg-surface",
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(index + 1)}
            aria-label={t("home.hero.next")}
            className="inline-flex size-9 items-center justify-center rounded-full bg-surface/15 text-white backdrop-blur hover:bg-surface/30"
          >
            <Icon name="chevron-right" className="size-5" />
          </button>
        </div>
      )}
    </section>
  );
}
