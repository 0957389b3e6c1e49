import { SaveButton } from "~/app/components/garage/save-button";
import { useMemo } from "react";
import type { ReactNode } from "react";
import { useSite } from "~/app/lib/site";
import { partOnFirstUse } from "./part-on-first-use";
import type { CardVehicle } from "~/app/components/vehicle-card/card-vehicle";
import { Breadcrumbs } from "./breadcrumbs";
import { Gallery } from "./gallery";
import { LocationBlock } from "./location-block";
import { SharePrint } from "./share-print";
import { SimilarVehicles } from "./similar-vehicles";
import { Sidebar } from "./sidebar";
import { Specifications } from "./specifications";
import { TitleBlock } from "./title-block";
import { VehicleActionBar } from "./vehicle-action-bar";
import { galleryImages } from "./vehicle-page-model";
import type { VehiclePageModel } from "./vehicle-page-model";

/**
 * The site's finance calculator (shared with the finance page) is below the fold: rendered in
 * place by the server with the vehicle's price, and made live from its own chunk once it comes
 * near the viewport or is first used (part-on-first-use.tsx).
 */
const FinanceCalculator = partOnFirstUse(
  () => import("~/app/components/finance-calculator").then((m) => m.FinanceCalculator),
  { rootMargin: "300px 0px" },
);

/**
 * The vehicle detail page. Small screens read it in order: title and price, photos, the
 * 'Interested in this vehicle?' actions, then the details; large screens keep the actions in a
 * column beside the photos and details; phones also keep the price, Enquire and Call in a bar at
 * the foot of the screen (vehicle-action-bar.tsx). Printing keeps the photo, price, specifications
 * and where to see the vehicle.
 */
export function VehiclePage({
  page,
  similar,
  canonical,
  enquiryForm,
}: {
  page: VehiclePageModel;
  similar: CardVehicle[];
  canonical: string;
  enquiryForm?: ReactNode;
}) {
  const site = useSite();
  const siteName = site.name;
  const images = useMemo(
    () => galleryImages(page.gallery, page.heading, site.settings),
    [page.gallery, page.heading, site.settings],
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 print:max-w-none print:px-0">
      <p className="mb-4 hidden text-sm text-slate-700 print:block">
        {siteName} · {canonical}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Breadcrumbs items={page.breadcrumbs} />
        <div className="flex items-center gap-2">
          <SaveButton
            vehicle={{
              ...page.vehicle,
              primary_image_url: page.gallery.thumbs?.[0] || page.gallery.urls[0] || null,
            }}
            title={page.heading}
          />
          <SharePrint url={canonical} title={page.heading} />
        </div>
      </div>
      <div className="mt-4">
        <TitleBlock page={page} />
      </div>
      <div className="mt-6 grid gap-x-8 gap-y-8 lg:grid-cols-3 print:block">
        <div className="lg:col-span-2">
          <Gallery
            images={images}
            heading={page.heading}
            requestPhotos={page.actions.requestPhotos}
          />
        </div>
        <div className="lg:col-start-3 lg:row-span-2 lg:row-start-1 print:hidden">
          <div>
            <Sidebar page={page} enquiryForm={enquiryForm} />
          </div>
        </div>
        <div className="flex flex-col gap-10 lg:col-span-2 print:mt-8">
          <Specifications page={page} />
          {page.finance && (
            <div className="print:hidden">
              <FinanceCalculator price={page.finance.price} id="vehicle-finance-calculator" />
              {page.actions.finance && (
                <p className="mt-3">
                  <a
                    href={page.actions.finance.href}
                    className="font-semibold text-brand underline"
                  >
                    {page.actions.finance.label}: apply for a rate of your own
                  </a>
                </p>
              )}
            </div>
          )}
          {page.location && <LocationBlock location={page.location} />}
        </div>
      </div>
      <div className="mt-12">
        {/* Hydrated with the page, not from a chunk of their own: the server would send a Suspense
            boundary this size out of line, shown by a script (nothing without JavaScript). */}
        <SimilarVehicles vehicles={similar} moreHref={page.similarSearchPath} />
      </div>
      <VehicleActionBar page={page} hasEnquiryForm={Boolean(enquiryForm)} />
    </div>
  );
}
