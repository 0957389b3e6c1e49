/**
 * Service booking at /service, /pages/book-a-service and /why-service-with-us
 * (docs/product/bookings.md): a drop-off time at a service centre, the vehicle, and additional
 * services.
 */
import { data } from "react-router";
import type { Route } from "./+types/service";
import { localiseText } from "~/domain/locale";
import { bookingFormFields } from "~/domain/lead-forms";
import { bookingAction, loadBookingPage } from "~/server/leads/booking-page";
import { BookingForm } from "~/app/components/forms/booking-form";
import { FormPage, InfoBox } from "~/app/components/forms/form-page";
import { useSite } from "~/app/lib/site";

const NO_STORE = { "Cache-Control": "private, no-store" };

const WHY_SERVICE = [
  [
    "Factory-trained technicians",
    "Our technicians know your vehicle and keep your logbook and warranty intact.",
  ],
  ["Genuine parts", "We fit genuine parts, backed by the manufacturer's warranty."],
  ["Keeps you moving", "Ask about a loan car or a lift while your vehicle is with us."],
] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await loadBookingPage(context, "service", url);
  return data(
    {
      page,
      why: url.pathname.replace(/\/$/, "") === "/why-service-with-us",
      siteName: context.site.name,
      canonical: `${context.origin}${url.pathname}`,
    },
    { headers: NO_STORE },
  );
}

export function headers() {
  return NO_STORE;
}

export async function action({ context, request }: Route.ActionArgs) {
  return bookingAction(request, context, "service");
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.why ? "Why service with us" : "Book a service";
  return [
    { title: `${title} | ${loaderData?.siteName ?? ""}` },
    {
      name: "description",
      content: `Book your next service online with ${loaderData?.siteName ?? "us"}.`,
    },
    { tagName: "link", rel: "canonical", href: loaderData?.canonical ?? "" },
  ];
}

export default function Service({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { page, why } = loaderData;
  const fields = bookingFormFields(
    page.kind,
    page.locations.map(({ value, label }) => ({ value, label })),
    site.settings,
  );
  return (
    <FormPage
      title={why ? "Why service with us" : "Book a service"}
      intro={localiseText(
        "Choose a drop-off time and tell us what your vehicle needs. We'll confirm your booking.",
        site.locale,
      )}
      aside={
        <InfoBox title="Why service with us">
          <ul className="space-y-3">
            {WHY_SERVICE.map(([title, text]) => (
              <li key={title}>
                <p className="font-semibold text-slate-900">{title}</p>
                <p className="text-sm">{text}</p>
              </li>
            ))}
          </ul>
        </InfoBox>
      }
    >
      <BookingForm page={page} fields={fields} actionData={actionData} submitLabel="Book service" />
    </FormPage>
  );
}
