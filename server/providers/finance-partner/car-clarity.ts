/**
 * The finance partner target (docs/product/leads-and-forms.md: lead target 'car-clarity'). Leads of
 * sites whose `leadTarget` is 'car-clarity', and POST /api/carClarityCustomer, are stored like
 * every lead and also sent to the partner's API when CAR_CLARITY_API_URL is configured.
 */
import type { LeadDocument } from "~/server/leads/lead-document";
import { postSigned } from "~/server/leads/webhook";
import { operatorFetch } from "~/server/net/outbound-fetch";

export type FinancePartner = {
  readonly name: "car-clarity";
  readonly url: string;
  send(lead: LeadDocument, providerCode: string | null, deliveryKey: string): Promise<string>;
};

export function partnerBody(lead: LeadDocument, providerCode: string | null): string {
  const p = lead.payload;
  return JSON.stringify({
    provider_code: providerCode,
    reference: lead.id,
    website_slug: p.website_slug ?? lead.site.slug,
    dealership_slug: p.dealership_slug ?? null,
    customer: {
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      postcode: lead.postcode,
    },
    vehicle: lead.details.vehicle ?? null,
    application: p,
  });
}

export function createCarClarityPartner(config: {
  url?: string;
  apiKey?: string;
}): FinancePartner | null {
  if (!config.url) return null;
  const url = config.url;
  return {
    name: "car-clarity",
    url,
    send(lead, providerCode, deliveryKey) {
      return postSigned({
        url,
        body: partnerBody(lead, providerCode),
        secret: null,
        // CAR_CLARITY_API_URL is the operator's choice of provider, not staff input.
        fetch: operatorFetch,
        headers: {
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          "idempotency-key": deliveryKey,
        },
      });
    },
  };
}
