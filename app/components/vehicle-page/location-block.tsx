import { directionsUrl, LOCATION_CARD_TEXT } from "~/domain/locations";
import { LocationMap } from "~/app/components/locations/location-map";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";
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
  const t = useTemplate();
  const view = location.view;
  return (
    <section id="vehicle-map" aria-labelledby="vehicle-map-heading" className="scroll-mt-24">
      <h2 id="vehicle-map-heading" className={cn("text-xl", t.heading)}>
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
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
                {location.hours.map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-slate-700">{row.label}</dt>
                    <dd className="text-slate-900">{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {view && (
            <p className="no-print">
              <SiteLink
                href={directionsUrl(view.address)}
                className={cn("inline-flex px-4 py-2 font-semibold", t.buttonOutline)}
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
