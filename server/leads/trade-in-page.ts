/**
 * Trade-in valuation (/trade-in, /cars/trade-in?car_id=) and Value My Car (/sell-your-car,
 * /sell-my-car): the visitor's vehicle, filled from its registration by the site's lookup
 * provider (the same providers as POST /api/nevdis, /api/simple-autograb-lookup and
 * /api/rego-lookup), then the person.
 */
import type { AppLoadContext } from "react-router";
import { LEAD_FORM_CATEGORIES } from "~/domain/lead-categories";
import {
  LEAD_FORM_SUBCATEGORIES,
  tradeInFormFields,
  type LeadFormField,
} from "~/domain/lead-forms";
import {
  lookupNotice,
  normaliseRego,
  registrationErrors,
  registrationStates,
  registryState,
} from "~/domain/registration";
import { formatAmount } from "~/domain/vehicle-price";
import { selectProvider } from "../providers/vehicle-lookup/vehicle-lookup";
import { vehicleSummary, type VehicleSummary } from "./form-context";
import {
  failure,
  formValues,
  handleLeadForm,
  isFailure,
  readPostedForm,
  respond,
} from "./form-action";
import {
  CROSS_SITE_MESSAGE,
  RATE_LIMITED_MESSAGE,
  clientKey,
  CLIENT_IP_HEADER,
  isCrossSiteRequest,
} from "./guard";
import { LOOKUP_NOT_FOUND_MESSAGE, LOOKUP_UNAVAILABLE_MESSAGE } from "./router";

export type TradeInPageData = {
  kind: "trade-in" | "sell";
  vehicle: VehicleSummary | null;
  states: readonly string[];
};

export async function loadTradeInPage(context: AppLoadContext, url: URL): Promise<TradeInPageData> {
  const path = url.pathname.replace(/\/$/, "");
  const kind = path === "/trade-in" || path === "/cars/trade-in" ? "trade-in" : "sell";
  const vehicle =
    kind === "trade-in" ? await vehicleSummary(context, url.searchParams.get("car_id")) : null;
  return { kind, vehicle, states: registrationStates(context.site.locale) };
}

export function tradeInFields(
  page: Pick<TradeInPageData, "states">,
  context: Pick<AppLoadContext, "site">,
): LeadFormField[] {
  return tradeInFormFields({ states: page.states }, context.site.settings);
}

export async function tradeInAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const page = await loadTradeInPage(context, url);
  const fields = tradeInFields(page, context);
  const intent = (
    await request
      .clone()
      .formData()
      .catch(() => null)
  )?.get("intent");
  if (intent !== "lookup") {
    return handleLeadForm(request, context, {
      fields,
      fixed: {
        category: LEAD_FORM_CATEGORIES.sellMyCar,
        subcategory: page.kind === "trade-in" ? LEAD_FORM_SUBCATEGORIES.tradeIn : null,
        car_id: page.vehicle?.id ?? null,
      },
    });
  }

  // The registration lookup: fills the vehicle's details and shows a valuation when there is one.
  if (isCrossSiteRequest(request.headers))
    return respond(failure(403, { formError: CROSS_SITE_MESSAGE }));
  const hit = await context.leads.lookupLimiter.hit(
    clientKey(context.site.id, request.headers.get(CLIENT_IP_HEADER)),
  );
  if (!hit.allowed) return respond(failure(429, { formError: RATE_LIMITED_MESSAGE }));
  const posted = await readPostedForm(request, context);
  if (isFailure(posted)) return respond(posted);
  const values = formValues(fields, posted);
  const rego = normaliseRego(String(values.Rego ?? ""));
  const state = String(values.regoState ?? "");
  const problems = registrationErrors(rego, state, context.site.locale);
  if (Object.keys(problems).length > 0) {
    return respond(
      failure(422, {
        values,
        errors: {
          ...(problems.rego ? { Rego: problems.rego } : {}),
          ...(problems.regoState ? { regoState: problems.regoState } : {}),
        },
      }),
    );
  }
  const provider = selectProvider(context.leads.lookups, context.site, "rego");
  let found;
  try {
    found = await provider.lookup(
      {
        rego,
        state: registryState(state, context.site.locale),
        km: Number(String(values.trade_in_km).replace(/\D/g, "")) || null,
      },
      context.site,
    );
  } catch {
    return respond(failure(502, { values, errors: { Rego: LOOKUP_UNAVAILABLE_MESSAGE } }));
  }
  if (!found) return respond(failure(404, { values, errors: { Rego: LOOKUP_NOT_FOUND_MESSAGE } }));
  const v = found.vehicle;
  return respond(
    failure(200, {
      values: {
        ...values,
        Rego: rego,
        trade_in_year: String(v.year),
        trade_in_make: v.make,
        trade_in_model: [v.model, v.badge].filter(Boolean).join(" "),
      },
      notice: lookupNotice(v, found.valuation, (amount) =>
        formatAmount(amount, context.site.locale),
      ),
    }),
  );
}
