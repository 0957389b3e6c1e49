import { directionsUrl, LOCATION_CARD_TEXT } from "~/domain/locations";
import { LocationMap } from "~/app/components/locations/location-map";
import { SiteLink } from "~/app/components/site/site-link";
import type { VehiclePageModel } from "./vehicle-page-model";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * Where the vehicle is (the #vehicle-map anchor): address, opening hours, phone, 'Get
 * Directions' and a static map that links to the map service (no map script is loaded).
 */
export function LocationBlock({
  location,
}: {
  location: NonNullable<VehiclePageModel["location"]>;
}) {
  const view = location.view;
  return (
    <section id="vehicle-map" aria-labelledby="vehicle-map-heading" className="scroll-mt-24">
      <h2 id="vehicle-map-heading" className="text-xl t-heading">
        Where to see this vehicle
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <p className="text-lg font-semibold text-slate-900">{location.name}</p>
          {view && (
            <address className="text-slate-800 not-italic">
              {view.address.street}
              <br />
              {view.address.city} {view.address.state} {view.address.postcode}
            </address>
          )}
          {view?.phone && (
            <p>
              <a href={telHref(view.phone)} className="font-semibold text-brand underline">
                {view.phone}
              </a>
            </p>
          )}
          {location.hours.length > 0 && (
            <div>
              <p className="text-sm font-semibold text-slate-900">Opening hours</p>
              <dl className="hours-list">
                {location.hours.map(([days, hours]) => (
                  <div key={days}>
                    <dt>{days}</dt>
                    <dd>{hours}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {view && (
            <p className="no-print">
              <SiteLink
                href={directionsUrl(view.address)}
                className="inline-flex px-4 py-2 font-semibold btn-outline"
              >
                {LOCATION_CARD_TEXT.getDirections}
              </SiteLink>
            </p>
          )}
        </div>
        {view && <LocationMap location={view} className="no-print" />}
      </div>
    </section>
  );
}
