import { DriveAwayBreakdown } from "./drive-away";
import { useState } from "react";
import type { VehicleTagKind } from "~/domain/vehicle-tags";
import { Modal } from "~/app/components/engagement/modal";
import { cn } from "~/app/lib/cn";
import type { VehiclePageModel } from "./vehicle-page-model";

const TAG_STYLE: Record<VehicleTagKind, string> = {
  reserved: "bg-amber-100 text-amber-900 border-amber-300",
  "coming-soon": "bg-sky-100 text-sky-900 border-sky-300",
  "just-arrived": "bg-emerald-100 text-emerald-900 border-emerald-300",
  "just-sold": "bg-slate-900 text-white border-slate-900",
  electric: "bg-green-100 text-green-900 border-green-300",
  hybrid: "bg-teal-100 text-teal-900 border-teal-300",
  phev: "bg-lime-100 text-lime-900 border-lime-300",
  custom: "bg-white text-slate-900 border-slate-400",
  certified: "bg-white text-slate-900 border-slate-400",
};

/**
 * Heading, condition line, tags, certified badge and price (docs/product/vehicle-card-and-page.md,
 * "Vehicle card").
 */
export function TitleBlock({ page }: { page: VehiclePageModel }) {
  const { vehicle } = page;
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <p className="page-kicker">
          {page.condition}
          {vehicle.stocknum && (
            <span className="font-normal normal-case"> · Stock {vehicle.stocknum}</span>
          )}
        </p>
        <h1 className="mt-1 text-2xl sm:text-3xl t-heading">{page.heading}</h1>
        {(page.tags.length > 0 || page.certified) && (
          <ul className="mt-3 flex flex-wrap items-center gap-2" aria-label="Tags">
            {page.tags.map((tag) => (
              <li
                key={`${tag.kind}:${tag.label}`}
                className={cn(
                  "rounded-full border px-3 py-0.5 text-sm font-semibold",
                  TAG_STYLE[tag.kind],
                )}
              >
                {tag.label}
              </li>
            ))}
            {page.certified && (
              <li>
                <CertifiedBadge label={page.certified.label} points={page.certified.points} />
              </li>
            )}
          </ul>
        )}
      </div>
      <PriceBlock page={page} />
    </div>
  );
}

function PriceBlock({ page }: { page: VehiclePageModel }) {
  return (
    <div className="shrink-0 lg:text-right" data-testid="vehicle-price">
      {page.beforePrice && (
        <p className="text-slate-700">
          <span className="sr-only">Was </span>
          <s>{page.beforePrice}</s>
        </p>
      )}
      <p className="text-3xl font-extrabold text-slate-950 tabular-nums">
        {page.beforePrice && <span className="sr-only">Now </span>}
        {page.price.text}
      </p>
      {page.priceType && <p className="text-sm text-slate-700">{page.priceType}</p>}
      {page.driveAway && <DriveAwayBreakdown driveAway={page.driveAway} />}
      {page.subscriptionPrice && (
        <p className="mt-1 text-sm font-semibold text-slate-900">
          Or subscribe {page.subscriptionPrice}
        </p>
      )}
      {page.belowMarket && (
        <p className="mt-2 inline-flex items-center gap-2 rounded-site bg-emerald-50 px-3 py-1.5 text-sm text-emerald-900">
          <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true" focusable="false">
            <path d="M10 16l-6-6h4V4h4v6h4z" fill="currentColor" />
          </svg>
          <span>
            <strong>Below market price:</strong> {page.belowMarket.saving} under the market average
            of {page.belowMarket.average}
          </span>
        </p>
      )}
    </div>
  );
}

/** The certified-pre-owned logo; it opens the manufacturer's certified dialog. */
function CertifiedBadge({ label, points }: { label: string; points: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex items-center gap-1.5 rounded-full border border-brand bg-white px-3 py-0.5 text-sm font-semibold text-brand hover:bg-brand hover:text-brand-foreground"
      >
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" focusable="false">
          <path
            d="M10 1l2.4 2.2 3.2-.4.7 3.2 2.8 1.6-1.3 3 1.3 3-2.8 1.6-.7 3.2-3.2-.4L10 19l-2.4-2.2-3.2.4-.7-3.2-2.8-1.6 1.3-3-1.3-3 2.8-1.6.7-3.2 3.2.4z"
            fill="currentColor"
          />
          <path d="M6.5 10.2l2.3 2.3 4.7-4.8" stroke="white" strokeWidth="1.8" fill="none" />
        </svg>
        {label}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={label}
        description="Every certified vehicle comes with:"
      >
        <ul className="list-disc space-y-1 pl-6">
          {points.map((point) => (
            <li key={point} className="first-letter:uppercase">
              {point}
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
