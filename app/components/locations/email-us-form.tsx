import { ENQUIRY_DEFAULTS } from "~/domain/enquiry-form";
import { contactFormFields } from "~/domain/lead-forms";
import type { LocationView } from "~/server/content/locations";
import { LeadForm } from "~/app/components/forms/lead-form";
import { useSite } from "~/app/lib/site";
import { locationContactPath } from "~/domain/locations";

/**
 * The 'Email Us' form: the location's own contact form (/contact-us/{slug}, the leads
 * pages' form and action), submitted from the dialog without leaving the page until it
 * succeeds, when the visitor goes to the success page like every other lead form.
 */
export default function EmailUsForm({
  location,
}: {
  location: Pick<LocationView, "slug" | "dealership">;
}) {
  const site = useSite();
  const dealerships = site.dealerships.map((d) => ({ value: d.slug, label: d.name }));
  // The same fields as /contact-us/{slug} (its action checks exactly these).
  const fields = contactFormFields(
    { showCategory: true, locations: [], dealerships },
    site.settings,
  );
  return (
    <LeadForm
      id={`email-us-${location.slug}`}
      fields={fields}
      action={locationContactPath(location.slug)}
      useFetcherSubmit
      multipart
      defaults={{ ...ENQUIRY_DEFAULTS, dealership_slug: location.dealership.slug }}
      submitLabel="Send message"
    />
  );
}
