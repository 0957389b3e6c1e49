/**
 * The vehicle enquiry form for the vehicle page (anchor #enquiry) and the Quick Enquiry dialog
 * (quick-enquiry.tsx): the server fills the vehicle fields from car_id (stock_number, Vehicle
 * Make, Vehicle Model, car_type, vehicle_status). It posts to /contact's action, which stores
 * the lead and redirects to the success page; errors show in place.
 */
import { vehicleEnquiryFields } from "~/domain/lead-forms";
import { ENQUIRY_DEFAULTS } from "~/domain/enquiry-form";
import { vehicleEnquiryPath } from "~/domain/vehicle-paths";
import { useSite } from "~/app/lib/site";
import { LeadForm } from "./lead-form";

export function VehicleEnquiryForm({
  vehicleId,
  subcategory,
  id = "enquiry",
  submitLabel = "Send enquiry",
}: {
  vehicleId: number;
  /** 'Quick Enquiry', 'Request Photos' or 'Car History Report'. */
  subcategory?: string;
  id?: string;
  submitLabel?: string;
}) {
  const site = useSite();
  return (
    <LeadForm
      id={id}
      fields={vehicleEnquiryFields(site.settings)}
      defaults={{ opt_in: ENQUIRY_DEFAULTS.opt_in }}
      action={vehicleEnquiryPath({ id: vehicleId }, subcategory)}
      useFetcherSubmit
      submitLabel={submitLabel}
    />
  );
}
