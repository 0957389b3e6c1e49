import { useMemo } from "react";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { MetaDescriptor } from "react-router";
import type { Route } from "./+types/vehicle";
import { loadVehiclePage } from "./vehicle.server";
import { seoMeta, type Seo } from "~/app/components/content/seo";
import { imageUrl } from "~/domain/image-url";
import type { VehiclePageModel } from "~/app/components/vehicle-page/vehicle-page-model";
import { NotFoundPage } from "~/app/components/site/not-found-page";
import { partOnFirstUse } from "~/app/components/vehicle-page/part-on-first-use";
import { breadcrumbJsonLd, vehicleJsonLd } from "~/app/components/vehicle-page/vehicle-json-ld";
import { originOfMatches, siteOfMatches, type Site } from "~/app/lib/site";
import { unpackCard } from "~/app/components/vehicle-card/card-vehicle";
import { VehiclePage } from "~/app/components/vehicle-page/vehicle-page";

/**
 * The enquiry form (the leads' form toolkit, Conform and the validation rules) is server-rendered
 * in place and made live from its own chunk on first use: focus, a pointer or a key in it, or
 * when the page scrolls it near the viewport. Until then it posts without JavaScript.
 */
const VehicleEnquiryForm = partOnFirstUse(
  () => import("~/app/components/vehicle-page/enquiry-form").then((m) => m.VehicleEnquiryForm),
  { rootMargin: "200px 0px" },
);

/** /cars/{slug}, /motorcycles/{slug} and /campers/{slug}: one module, the site's prefix only. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadVehiclePage(context, request, params.slug);
}

/**
 * The page's title, canonical URL and share image, made from the page model on the site's origin
 * (the loader sends the description only).
 */
function vehicleSeo(
  page: VehiclePageModel,
  description: string,
  site: Site | undefined,
  origin: string,
): Seo & { image: string | null; imageAlt: string } {
  const photo = page.gallery.urls[0];
  return {
    title: `${page.condition} ${page.heading}`,
    description,
    canonical: `${origin}${page.canonicalPath}`,
    image:
      photo && site && origin ? new URL(imageUrl(photo, 1200, site.settings), origin).href : null,
    imageAlt: page.heading,
  };
}

export function meta({ data, matches }: Route.MetaArgs): MetaDescriptor[] {
  if (!data) return [];
  const origin = originOfMatches(matches);
  const site = siteOfMatches(matches);
  const seo = vehicleSeo(data.page, data.description, site, origin);
  return [
    ...seoMeta(seo, matches).filter((tag) => !("property" in tag && tag.property === "og:type")),
    { property: "og:type", content: "product" },
    ...(seo.image
      ? [
          { property: "og:image", content: seo.image },
          { property: "og:image:alt", content: seo.imageAlt },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : [{ name: "twitter:card", content: "summary" }]),
    // Built here from the page model (vehicle-json-ld.ts), not sent a second time as loader data.
    ...(site
      ? [
          {
            "script:ld+json": [
              vehicleJsonLd(data.page, data.schema, site, seo.canonical, origin),
              breadcrumbJsonLd(data.page, origin),
            ],
          },
        ]
      : []),
  ];
}

export default function VehicleRoute({ loaderData }: Route.ComponentProps) {
  const origin = (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
  const similar = useMemo(() => loaderData.similar.map(unpackCard), [loaderData.similar]);
  return (
    // Keyed by vehicle: moving to another vehicle in the app starts its gallery and calculator afresh.
    <VehiclePage
      key={loaderData.page.vehicle.id}
      page={loaderData.page}
      similar={similar}
      canonical={`${origin}${loaderData.page.canonicalPath}`}
      enquiryForm={
        loaderData.page.unavailable ? undefined : (
          <VehicleEnquiryForm vehicleId={loaderData.page.vehicle.id} />
        )
      }
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundPage message="We couldn't find that vehicle. It may have been sold or its address may have changed. Search our stock for one like it." />
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-700">
        We could not show this vehicle just now. Please try again in a moment.
      </p>
    </div>
  );
}
