import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { ReactNode } from "react";
import { cn } from "~/app/lib/cn";

/**
 * A carousel on native scroll snapping: the slides are server-rendered at their final size
 * (no layout shift), swipe and trackpad scrolling come from the browser, and the script only
 * adds previous/next buttons and, optionally, autoplay. Autoplay pauses while the pointer is
 * over the carousel, while focus is inside it, when the visitor prefers reduced motion, and
 * when the visitor presses pause (WCAG 2.2.2).
 */
export function ScrollCarousel({
  label,
  labelledBy,
  slides,
  slideClassName,
  autoplayMs,
  className,
  controlsClassName,
  trackLabel,
}: {
  /** The carousel's name (also used in its button labels). */
  label: string;
  /** Id of a visible heading that names the carousel instead of `label`. */
  labelledBy?: string;
  slides: Array<{ key: string; content: ReactNode }>;
  slideClassName: string;
  autoplayMs?: number;
  className?: string;
  controlsClassName?: string;
  /** Names the track and lets the keyboard scroll it: for slides with nothing to focus (reviews). */
  trackLabel?: string;
}) {
  const trackId = useId();
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false, scrollable: true });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setEdges({ start: el.scrollLeft <= 2, end: el.scrollLeft >= max - 2, scrollable: max > 2 });
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const onMotion = () => setReducedMotion(query.matches);
    onMotion();
    query.addEventListener("change", onMotion);
    return () => {
      el.removeEventListener("scroll", measure);
      observer.disconnect();
      query.removeEventListener("change", onMotion);
    };
  }, [measure]);

  const step = useCallback((direction: 1 | -1, wrap = false) => {
    const el = track.current;
    const first = el?.firstElementChild as HTMLElement | null;
    if (!el || !first) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const width = first.getBoundingClientRect().width + gap;
    const max = el.scrollWidth - el.clientWidth;
    if (wrap && direction === 1 && el.scrollLeft >= max - 2) {
      el.scrollTo({ left: 0, behavior: "smooth" });
      return;
    }
    el.scrollBy({ left: direction * width, behavior: "smooth" });
  }, []);

  const autoplaying = Boolean(autoplayMs) && edges.scrollable && !paused && !reducedMotion;
  useEffect(() => {
    if (!autoplaying || hovered || focused || !autoplayMs) return;
    const timer = window.setInterval(() => step(1, true), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplaying, hovered, focused, autoplayMs, step]);

  const buttonClass =
    "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-slate-500 disabled:opacity-40";

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      className={cn("relative", className)}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        id={trackId}
        ref={track}
        {...(trackLabel ? { tabIndex: 0, role: "group", "aria-label": trackLabel } : {})}
        className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin] motion-reduce:scroll-auto"
      >
        {slides.map((slide, index) => (
          <div
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            className={cn("shrink-0 snap-start", slideClassName)}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {/* Always in the layout (hidden when everything fits), so hydration moves nothing. */}
      {slides.length > 1 && (
        <div
          className={cn(
            "mt-3 flex items-center justify-end gap-2",
            !edges.scrollable && "invisible",
            controlsClassName,
          )}
        >
          {autoplayMs && !reducedMotion && (
            <button
              type="button"
              className={buttonClass}
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? `Play ${label}` : `Pause ${label}`}
            >
              <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
            </button>
          )}
          <button
            type="button"
            className={buttonClass}
            onClick={() => step(-1)}
            disabled={edges.start}
            aria-controls={trackId}
            aria-label="Previous slide"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => step(1)}
            disabled={edges.end}
            aria-controls={trackId}
            aria-label="Next slide"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
