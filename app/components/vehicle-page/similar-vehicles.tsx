import type { CardVehicle } from "~/app/components/vehicle-card/card-vehicle";
import { VehicleCard } from "~/app/components/vehicle-card/vehicle-card";
import { APP_LINK } from "~/app/components/site/app-links";

/** Similar vehicles from the search service, as the site's vehicle cards, and a search for more. */
export function SimilarVehicles({
  vehicles,
  moreHref,
}: {
  vehicles: CardVehicle[];
  moreHref: string;
}) {
  // The cards' links are plain <a data-app-link>: one handler here navigates in the app.
  if (vehicles.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="no-print">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="similar-heading" className="text-2xl t-heading">
          Similar vehicles
        </h2>
        <a {...APP_LINK} href={moreHref} className="font-semibold text-brand underline">
          See more like this
        </a>
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <VehicleCard vehicle={vehicle} />
          </li>
        ))}
      </ul>
    </section>
  );
}
