/**
 * /contact and /contact-us/{location-name-slug}: the general enquiry form of
 * docs/product/leads-and-forms.md (category, location and preferred dealership selects when the
 * rules ask for them, opt-in, optional Rego, a CV for careers enquiries), and the vehicle enquiry
 * when a car_id is given (vehicle fields prefilled; Quick Enquiry, Request Photos and Car History
 * Report too). The page describes the dealer as schema.org AutoDealer JSON-LD: the location written
 * to, or every location the site shows.
 */
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { DEFAULT_ENQUIRY_CATEGORY } from "~/domain/enquiry-form";
import { ENQUIRY_CATEGORIES } from "~/domain/lead-categories";
import {
  LEAD_FORM_SUBCATEGORIES,
  contactFormFields,
  vehicleEnquiryCategory,
  vehicleEnquiryFields,
} from "~/domain/lead-forms";
import { leadBasePath } from "~/domain/lead";
import { localiseText } from "~/domain/locale";
import { loadLocationBySlug, loadSiteLocations, locationsToShow } from "~/server/content/locations";
import { handleLeadForm } from "~/server/leads/form-action";
import { dealershipOptions, vehicleSummary, visibleLocations } from "~/server/leads/form-context";
import { locationsJsonLd } from "~/app/components/content/structured-data";
import { FormPage, InfoBox, VehicleSummaryCard } from "~/app/components/forms/form-page";
import { LeadForm } from "~/app/components/forms/lead-form";
import { useSite, type ClientSettings } from "~/app/lib/site";

const VEHICLE_SUBCATEGORIES: readonly string[] = [
  LEAD_FORM_SUBCATEGORIES.quickEnquiry,
  LEAD_FORM_SUBCATEGORIES.requestPhotos,
  LEAD_FORM_SUBCATEGORIES.historyReport,
];

async function formContext(
  context: Route.LoaderArgs["context"],
  url: URL,
  locationSlug: string | undefined,
) {
  const allLocations = await visibleLocations(context);
  const location = locationSlug ? allLocations.find((l) => l.slug === locationSlug) : undefined;
  if (locationSlug && !location) throw data(null, { status: 404 });
  const vehicle = await vehicleSummary(context, url.searchParams.get("car_id"));
  const subcategory = url.searchParams.get("subcategory");
  const category = url.searchParams.get("category");
  return {
    location: location ?? null,
    locations: location ? [] : allLocations.map(({ value, label }) => ({ value, label })),
    dealerships: dealershipOptions(context),
    vehicle,
    subcategory: subcategory && VEHICLE_SUBCATEGORIES.includes(subcategory) ? subcategory : null,
    category:
      category && (ENQUIRY_CATEGORIES as readonly string[]).includes(category)
        ? category
        : DEFAULT_ENQUIRY_CATEGORY,
  };
}

/**
 * AutoDealer JSON-LD of the location written to (when the site shows its location page), or of
 * every location the site shows; each names its location page, as that page's JSON-LD does. The
 * page does not render these locations, so the JSON-LD itself is the loader's to send.
 */
async function dealerJsonLd(context: Route.LoaderArgs["context"], locationSlug: string | null) {
  const dealers = locationSlug
    ? [await loadLocationBySlug(context, locationSlug)].filter((location) => location !== null)
    : locationsToShow(await loadSiteLocations(context), context.site.settings);
  return locationsJsonLd(dealers, { origin: context.origin, siteName: context.site.name });
}

function fieldsFor(ctx: Awaited<ReturnType<typeof formContext>>, settings: ClientSettings) {
  if (ctx.vehicle) return vehicleEnquiryFields(settings);
  return contactFormFields(
    { showCategory: true, locations: ctx.locations, dealerships: ctx.dealerships },
    settings,
  );
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ctx = await formContext(context, url, params.slug);
  return {
    ...ctx,
    canonical: `${context.origin}${url.pathname}`,
    siteName: context.site.name,
    jsonLd: await dealerJsonLd(context, ctx.location?.slug ?? null),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const ctx = await formContext(context, url, params.slug);
  const fields = fieldsFor(ctx, context.site.settings);
  const vehicle = ctx.vehicle;
  return handleLeadForm(request, context, {
    fields,
    fixed: vehicle
      ? {
          car_id: vehicle.id,
          category: vehicleEnquiryCategory(vehicle.carType),
          subcategory: ctx.subcategory,
        }
      : { location: ctx.location?.slug ?? null },
    successParams: vehicle ? { car_id: String(vehicle.id) } : undefined,
  });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Contact us" }];
  const where = loaderData.location ? ` ${loaderData.location.label}` : "";
  return [
    { title: `Contact${where} | ${loaderData.siteName}` },
    {
      name: "description",
      content: `Send ${loaderData.siteName}${where} an enquiry. We will get back to you shortly.`,
    },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
    ...(loaderData.jsonLd.length > 0 ? [{ "script:ld+json": loaderData.jsonLd }] : []),
  ];
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { vehicle, location, subcategory } = loaderData;
  const fields = fieldsFor(loaderData, site.settings);
  const title = vehicle
    ? subcategory === LEAD_FORM_SUBCATEGORIES.requestPhotos
      ? "Request photos"
      : subcategory === LEAD_FORM_SUBCATEGORIES.historyReport
        ? "Request the car history report"
        : "Enquire about this vehicle"
    : location
      ? `Contact ${location.label}`
      : "Contact us";
  return (
    <FormPage
      title={localiseText(title, site.locale)}
      intro={localiseText(
        "Send us your enquiry and our team will get back to you, usually within one business day.",
        site.locale,
      )}
      aside={
        location ? (
          <InfoBox title={location.label}>
            <p>{location.address}</p>
            {location.phone && (
              <p>
                <a
                  className="font-semibold text-brand underline"
                  href={`tel:${location.phone.replace(/[^\d+]/g, "")}`}
                >
                  {location.phone}
                </a>
              </p>
            )}
          </InfoBox>
        ) : site.contactDetails.phone ? (
          <InfoBox title="Prefer to talk?">
            <p>
              Call us on{" "}
              <a
                className="font-semibold text-brand underline"
                href={`tel:${site.contactDetails.phone.replace(/[^\d+]/g, "")}`}
              >
                {site.contactDetails.phone}
              </a>
              .
            </p>
          </InfoBox>
        ) : undefined
      }
    >
      {vehicle && <VehicleSummaryCard vehicle={vehicle} />}
      <LeadForm
        id="enquiry-form"
        className="mt-6"
        fields={fields}
        defaults={{ category: loaderData.category }}
        actionData={actionData}
        multipart={!vehicle}
        filesApi={
          vehicle
            ? undefined
            : `${leadBasePath(site.settings.leadApiMode === "mock")}/leads/with-files`
        }
        apiFields={{ location: location?.value }}
        submitLabel={vehicle ? "Send enquiry" : "Send message"}
      />
    </FormPage>
  );
}
