import { cn } from "~/app/lib/cn";

/** Shown where a vehicle has no photo yet: a neutral silhouette drawn inline (no request). */
export function VehiclePlaceholder({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 512 320"
      className={cn("text-slate-300", className)}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="512" height="320" fill="#f1f5f9" />
      <path
        fill="currentColor"
        d="M96 206c0-20 10-30 30-34l46-8 40-38c8-7 18-11 29-11h86c12 0 23 5 31 14l34 38 40 6c21 3 34 15 34 34v20c0 7-5 12-12 12h-26a38 38 0 0 0-74 0H206a38 38 0 0 0-74 0h-24c-7 0-12-5-12-12z"
      />
      <circle cx="169" cy="239" r="28" fill="currentColor" />
      <circle cx="343" cy="239" r="28" fill="currentColor" />
    </svg>
  );
}
