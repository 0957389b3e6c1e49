/** /book-test-drive/ (docs/product/bookings.md): a test drive at a free time of a location. */
import { data } from "react-router";
import type { Route } from "./+types/book-test-drive";
import { localiseText } from "~/domain/locale";
import { bookingFormFields } from "~/domain/lead-forms";
import { bookingAction, loadBookingPage } from "~/server/leads/booking-page";
import { BookingForm } from "~/app/components/forms/booking-form";
import { FormPage, InfoBox, VehicleSummaryCard } from "~/app/components/forms/form-page";
import { useSite } from "~/app/lib/site";

// Free times change with every booking: these pages are never cached.
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadBookingPage(context, "test_drive", new URL(request.url));
  return data(
    { page, siteName: context.site.name, canonical: `${context.origin}/book-test-drive/` },
    { headers: NO_STORE },
  );
}

export function headers() {
  return NO_STORE;
}

export async function action({ context, request }: Route.ActionArgs) {
  return bookingAction(request, context, "test_drive");
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Book a test drive | ${loaderData?.siteName ?? ""}` },
    {
      name: "description",
      content: `Choose a time for your test drive at ${loaderData?.siteName ?? "our dealership"}.`,
    },
    { tagName: "link", rel: "canonical", href: loaderData?.canonical ?? "" },
  ];
}

export default function BookTestDrive({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { page } = loaderData;
  const fields = bookingFormFields(
    page.kind,
    page.locations.map(({ value, label }) => ({ value, label })),
    site.settings,
  );
  const location = page.locations.find((l) => l.id === page.selectedLocationId);
  return (
    <FormPage
      title="Book a test drive"
      intro={localiseText(
        "Pick a time that suits you and we'll have the vehicle ready.",
        site.locale,
      )}
      aside={
        location && (
          <InfoBox title={location.label}>
            <p>{location.address}</p>
            {location.phone && <p>Phone {location.phone}</p>}
            <p className="text-sm">
              {localiseText("Please bring your driver's licence.", site.locale)}
            </p>
          </InfoBox>
        )
      }
    >
      {page.vehicle && <VehicleSummaryCard vehicle={page.vehicle} />}
      <div className="mt-6">
        <BookingForm
          page={page}
          fields={fields}
          actionData={actionData}
          submitLabel="Book test drive"
        />
      </div>
    </FormPage>
  );
}
