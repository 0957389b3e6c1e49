import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { preload } from "react-dom";
import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";
import { useHydrated } from "~/app/lib/use-hydrated";
import { MAIN_IMAGE_SIZES, SERVER_THUMBNAILS } from "./constants";
import { ArrowButton, keyStep, stepIndex, useSwipe } from "./gallery-controls";
import type { GalleryImage, SidebarLink } from "./vehicle-page-model";
import { VehiclePlaceholder } from "./vehicle-placeholder";

/** The fullscreen viewer is fetched only when a shopper asks for it (or points at the photo). */
const loadViewer = () => import("./gallery-viewer");
const GalleryViewer = lazy(loadViewer);

/**
 * The vehicle's photos: the main photo with previous/next, a counter and thumbnails, browsable
 * with the arrow keys, Home and End, and by swiping; the main photo opens a fullscreen viewer.
 * The first photo is the page's LCP element: eager, high priority and preloaded; every other
 * photo loads when it is shown.
 */
export function Gallery({
  images,
  heading,
  requestPhotos,
}: {
  images: GalleryImage[];
  heading: string;
  requestPhotos: SidebarLink | null;
}) {
  const t = useTemplate();
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const thumbs = useRef<HTMLUListElement>(null);
  const count = images.length;
  const first = images[0];
  if (first) {
    // A <link rel=preload> in the head, before the stylesheet has been parsed.
    preload(first.src, {
      as: "image",
      fetchPriority: "high",
      ...(first.srcSet ? { imageSrcSet: first.srcSet, imageSizes: MAIN_IMAGE_SIZES } : {}),
    });
  }

  const go = (step: number) => setIndex((current) => stepIndex(current, step, count));
  const swipe = useSwipe(go);

  useEffect(() => {
    // The next photo is fetched while this one is looked at; the thumbnail stays in view.
    const next = images[stepIndex(index, 1, count)];
    if (next && index > 0) new Image().src = next.src;
    const strip = thumbs.current;
    const current = strip?.children[index] as HTMLElement | undefined;
    if (strip && current && index > 0) {
      strip.scrollTo({
        left: current.offsetLeft - strip.clientWidth / 2 + current.clientWidth / 2,
        behavior: "smooth",
      });
    }
  }, [index, images, count]);

  if (!first) {
    return (
      <div className="relative overflow-hidden rounded-site bg-slate-100">
        <VehiclePlaceholder className="aspect-[8/5] w-full" />
        <div className="absolute inset-x-0 bottom-0 flex flex-wrap items-center justify-between gap-3 bg-white/90 px-4 py-3">
          <p className="font-semibold text-slate-900">Photos coming soon</p>
          {requestPhotos && (
            <a href={requestPhotos.href} className={cn("px-4 py-2 text-sm", t.buttonOutline)}>
              {requestPhotos.label}
            </a>
          )}
        </div>
      </div>
    );
  }

  const current = images[index] ?? first;
  const onKeyDown = (event: KeyboardEvent) => {
    const step = keyStep(event.key, index, count);
    if (step === null || count < 2) return;
    event.preventDefault();
    go(step);
  };

  return (
    <section aria-label="Photos" onKeyDown={onKeyDown} className="select-none">
      <div
        className="relative overflow-hidden rounded-site bg-slate-100"
        {...swipe.handlers}
        style={{ touchAction: "pan-y" }}
      >
        <button
          type="button"
          onClick={() => {
            if (!swipe.clickAfterSwipe()) setViewerOpen(true);
          }}
          onPointerEnter={() => void loadViewer()}
          onFocus={() => void loadViewer()}
          aria-haspopup="dialog"
          className="block w-full cursor-zoom-in"
        >
          <img
            src={current.src}
            srcSet={current.srcSet || undefined}
            sizes={current.srcSet ? MAIN_IMAGE_SIZES : undefined}
            alt={current.alt}
            width={1024}
            height={640}
            loading="eager"
            fetchPriority={index === 0 ? "high" : "auto"}
            decoding={index === 0 ? "sync" : "async"}
            className="aspect-[8/5] w-full object-cover"
          />
          <span className="sr-only">, open full screen</span>
        </button>
        {count > 1 && (
          <>
            <ArrowButton direction="previous" onClick={() => go(-1)} />
            <ArrowButton direction="next" onClick={() => go(1)} />
          </>
        )}
        <p className="no-print absolute right-3 bottom-3 rounded-full bg-slate-950/75 px-3 py-1 text-sm font-semibold text-white tabular-nums">
          <span className="sr-only">Photo </span>
          <span aria-live="polite" aria-atomic="true">
            {index + 1} / {count}
          </span>
        </p>
      </div>
      {count > 1 && (
        <ul ref={thumbs} className="gallery-thumbs no-print" aria-label="Thumbnails">
          {(hydrated ? images : images.slice(0, SERVER_THUMBNAILS)).map((image, i) => (
            // A feed may list the same photo twice: the place is the key.
            <li key={i}>
              {/* The current photo's thumbnail is styled by its aria-current, and the image sized
                  by the class (app.css): no width and height attributes on each. */}
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? "true" : undefined}
              >
                <img src={image.thumb} alt={`Show photo ${i + 1}`} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {requestPhotos && (
        <p className="no-print mt-2 text-sm text-slate-700">
          Want to see more?{" "}
          <a href={requestPhotos.href} className="font-semibold text-brand underline">
            {requestPhotos.label}
          </a>
        </p>
      )}
      {viewerOpen && (
        <Suspense fallback={null}>
          <GalleryViewer
            images={images}
            heading={heading}
            startIndex={index}
            onClose={(at) => {
              setViewerOpen(false);
              setIndex(at);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
