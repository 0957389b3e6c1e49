/**
 * What the gallery and its fullscreen viewer share: stepping through photos by key and by
 * swipe, and the previous/next buttons.
 */
import { useRef } from "react";
import type { PointerEvent } from "react";
import { cn } from "~/app/lib/cn";

/** A horizontal drag longer than this (CSS px) is a swipe. */
export const SWIPE_THRESHOLD_PX = 40;

/** The index after a step, wrapping at both ends. */
export function stepIndex(index: number, step: number, count: number): number {
  return count === 0 ? 0 : (((index + step) % count) + count) % count;
}

/** The step a key asks for in a gallery, or null for other keys. */
export function keyStep(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return 1;
    case "ArrowLeft":
      return -1;
    case "Home":
      return -index;
    case "End":
      return count - 1 - index;
    default:
      return null;
  }
}

/**
 * Swipe handlers for touch and pen (a mouse drag is not a swipe). `clickAfterSwipe()` tells a
 * click handler to ignore the click some browsers send at the end of a swipe.
 */
export function useSwipe(onStep: (step: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swipedAt = useRef(0);
  return {
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType !== "mouse") start.current = { x: event.clientX, y: event.clientY };
      },
      onPointerUp: (event: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const dx = event.clientX - from.x;
        if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) {
          swipedAt.current = Date.now();
          onStep(dx < 0 ? 1 : -1);
        }
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    clickAfterSwipe: () => Date.now() - swipedAt.current < 400,
  };
}

export function ArrowButton({
  direction,
  onClick,
  className,
}: {
  direction: "previous" | "next";
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={direction === "previous" ? "Previous photo" : "Next photo"}
      // The round button and its chevron are the `gallery-arrow` component class (app/app.css).
      className={cn(
        "gallery-arrow no-print",
        direction === "previous" ? "left-3" : "gallery-arrow-next right-3",
        className,
      )}
    />
  );
}
