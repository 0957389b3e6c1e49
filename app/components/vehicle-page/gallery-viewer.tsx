import { useEffect, useId, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { ArrowButton, keyStep, stepIndex, useSwipe } from "./gallery-controls";
import { useModalDialog } from "../engagement/modal";
import type { GalleryImage } from "./vehicle-page-model";

/**
 * The fullscreen photo viewer, loaded on demand. A native modal <dialog> (top layer, inert page,
 * Escape closes it), with previous/next, a counter, the arrow keys, Home and End, and swiping.
 * Closing returns the shopper to the photo they were on, focus back on the opener.
 */
export default function GalleryViewer({
  images,
  heading,
  startIndex,
  onClose,
}: {
  images: GalleryImage[];
  heading: string;
  startIndex: number;
  onClose: (index: number) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(startIndex);
  const indexRef = useRef(index);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const count = images.length;
  const go = (step: number) => setIndex((current) => stepIndex(current, step, count));
  const swipe = useSwipe(go);

  useEffect(() => {
    indexRef.current = index;
    onCloseRef.current = onClose;
  });

  useModalDialog(ref);

  useEffect(() => {
    // Neighbours are fetched ahead, so stepping through feels instant.
    for (const step of [1, -1]) {
      const image = images[stepIndex(index, step, count)];
      if (image) new Image().src = image.src;
    }
  }, [index, images, count]);

  const close = () => onCloseRef.current(indexRef.current);
  const current = images[index] ?? images[0];
  if (!current) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    const step = keyStep(event.key, index, count);
    if (step === null) return;
    event.preventDefault();
    go(step);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-2">
          <h2 id={titleId} className="truncate text-base font-semibold normal-case">
            {heading}
          </h2>
          <p className="shrink-0 text-sm tabular-nums" aria-live="polite" aria-atomic="true">
            <span className="sr-only">Photo </span>
            {index + 1} / {count}
          </p>
          <button
            type="button"
            onClick={close}
            autoFocus
            aria-label="Close the photo viewer"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-3xl leading-none hover:bg-white/10"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div
          className="relative min-h-0 flex-1"
          {...swipe.handlers}
          style={{ touchAction: "pan-y" }}
        >
          <img
            key={current.src}
            src={current.src}
            srcSet={current.srcSet || undefined}
            sizes={current.srcSet ? "100vw" : undefined}
            alt={current.alt}
            className="size-full object-contain"
          />
          {count > 1 && (
            <>
              <ArrowButton direction="previous" onClick={() => go(-1)} />
              <ArrowButton direction="next" onClick={() => go(1)} />
            </>
          )}
        </div>
        <p className="px-4 py-2 text-center text-sm text-slate-300">
          Use the arrow keys or swipe to move between photos. Escape closes.
        </p>
      </div>
    </dialog>
  );
}
