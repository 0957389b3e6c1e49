import { vehicleEnquiryFields } from "~/domain/lead-forms";
import { localiseText } from "~/domain/locale";
import { LeadForm } from "~/app/components/forms/lead-form";
import { useSite } from "~/app/lib/site";
import { SEND_ENQUIRY_ANCHOR } from "./constants";

/**
 * The vehicle enquiry in the sidebar: the leads' own form, posting to the vehicle enquiry
 * action (/contact?car_id=...) which fills in the vehicle's fields. It stays on this page while
 * the shopper corrects it (a fetcher), then goes to the success page. Without JavaScript it is a
 * plain form post to the same action.
 */
export function VehicleEnquiryForm({ vehicleId }: { vehicleId: number }) {
  const site = useSite();
  return (
    // The phone action bar's Enquire leads here.
    <div id={SEND_ENQUIRY_ANCHOR} className="scroll-mt-4">
      <h3 className="text-lg font-semibold text-slate-900">
        {localiseText("Send an enquiry", site.locale)}
      </h3>
      <LeadForm
        id="vehicle-enquiry"
        className="mt-3"
        fields={vehicleEnquiryFields(site.settings)}
        action={`/contact?car_id=${encodeURIComponent(String(vehicleId))}`}
        useFetcherSubmit
        submitLabel="Send enquiry"
      />
    </div>
  );
}
