import type { VehiclePageModel } from "./vehicle-page-model";

/** Specifications in groups, features and the dealer's description. */
export function Specifications({ page }: { page: VehiclePageModel }) {
  return (
    <>
      <section aria-labelledby="specifications-heading">
        <h2 id="specifications-heading" className="text-xl t-heading">
          Specifications
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2 print:grid-cols-2">
          {page.specGroups.map((group) => (
            <div key={group.title} className="break-inside-avoid">
              <h3 className="page-kicker">{group.title}</h3>
              <dl className="spec-list">
                {group.rows.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      </section>
      {page.features.length > 0 && (
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-xl t-heading">
            Features
          </h2>
          {/* Each feature's tick is its item's ::before (app/app.css, `feature-list`). */}
          <ul className="feature-list">
            {page.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      )}
      {page.vehicle.description && (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl t-heading">
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
