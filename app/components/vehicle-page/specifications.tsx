import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";
import type { VehiclePageModel } from "./vehicle-page-model";

/** Specifications in groups, features and the dealer's description. */
export function Specifications({ page }: { page: VehiclePageModel }) {
  const t = useTemplate();
  return (
    <>
      <section aria-labelledby="specifications-heading">
        <h2 id="specifications-heading" className={cn("text-xl", t.heading)}>
          Specifications
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2 print:grid-cols-2">
          {page.specGroups.map((group) => (
            <div key={group.title} className="break-inside-avoid">
              <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
                {group.title}
              </h3>
              <dl className="spec-list">
                {group.rows.map((row) => (
                  <div key={row.label}>
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      </section>
      {page.features.length > 0 && (
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className={cn("text-xl", t.heading)}>
            Features
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {page.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <svg
                  viewBox="0 0 20 20"
                  className="size-4 shrink-0 text-brand"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M4 10.5l4 4 8-9" stroke="currentColor" strokeWidth="2.5" fill="none" />
                </svg>
                {feature}
              </li>
            ))}
          </ul>
        </section>
      )}
      {page.vehicle.description && (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className={cn("text-xl", t.heading)}>
            About this vehicle
          </h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-800">
            {page.vehicle.description}
          </p>
        </section>
      )}
    </>
  );
}
