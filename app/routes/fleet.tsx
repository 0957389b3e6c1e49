/** /fleet (docs/product/search-and-urls.md, "Routes"): a fleet enquiry for businesses. */
import type { Route } from "./+types/fleet";
import { LEAD_FORM_CATEGORIES } from "~/domain/lead-categories";
import { fleetFormFields } from "~/domain/lead-forms";
import { localiseText } from "~/domain/locale";
import { handleLeadForm } from "~/server/leads/form-action";
import { FormPage, InfoBox } from "~/app/components/forms/form-page";
import { LeadForm } from "~/app/components/forms/lead-form";
import { useSite } from "~/app/lib/site";

export function loader({ context, request }: Route.LoaderArgs) {
  return {
    siteName: context.site.name,
    canonical: `${context.origin}${new URL(request.url).pathname}`,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return handleLeadForm(request, context, {
    fields: fleetFormFields(context.site.settings),
    fixed: { category: LEAD_FORM_CATEGORIES.fleet },
  });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Fleet | ${loaderData?.siteName ?? ""}` },
    {
      name: "description",
      content: "Fleet pricing, servicing and support for businesses of every size.",
    },
    { tagName: "link", rel: "canonical", href: loaderData?.canonical ?? "" },
  ];
}

export default function Fleet({ actionData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <FormPage
      title="Fleet"
      intro={localiseText(
        "Fleet pricing, servicing and a dedicated fleet manager for businesses of every size. Send us an enquiry and we'll be in touch.",
        site.locale,
      )}
      aside={
        <InfoBox title="Why buy your fleet with us">
          <ul className="list-disc space-y-1 pl-5">
            <li>Fleet pricing across our whole range</li>
            <li>Priority servicing and loan vehicles</li>
            <li>One contact for every vehicle</li>
          </ul>
        </InfoBox>
      }
    >
      <LeadForm
        id="fleet-form"
        fields={fleetFormFields(site.settings)}
        actionData={actionData}
        submitLabel="Send fleet enquiry"
      />
    </FormPage>
  );
}
