import type { SiteSettings } from "~/domain/site-settings";
import { cn } from "~/app/lib/cn";

/**
 * Outlines of the three animations (docs/product/search-and-urls.md, "Search page"): car, bike or
 * motorcycle, truck.
 */
const SHAPES: Record<SiteSettings["loadingAnimation"], string> = {
  car: "M6 30v-8l5-9h26l6 9h7v8zM14 30a4 4 0 1 0 8 0M38 30a4 4 0 1 0 8 0M12 22h32",
  motorcycle:
    "M12 34a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM44 34a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM12 27l10-11h9l6 11M31 16l4-5h5M22 16l6 11h9",
  truck: "M4 30V12h28v18zM32 18h10l6 7v5H32M12 30a4 4 0 1 0 8 0M36 30a4 4 0 1 0 8 0",
};

/** Shown over the results while they change; the kind follows the site's vehicles. */
export function LoadingAnimation({
  kind,
  className,
}: {
  kind: SiteSettings["loadingAnimation"];
  className?: string;
}) {
  return (
    <div role="status" className={cn("flex flex-col items-center gap-2 text-brand", className)}>
      <svg
        viewBox="0 0 56 40"
        className="h-12 w-16 motion-safe:animate-bounce"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        data-animation={kind}
      >
        <path d={SHAPES[kind]} />
      </svg>
      <span className="text-sm font-semibold text-slate-800">Updating results…</span>
    </div>
  );
}
