/**
 * A lead as ADF/XML (Auto-Lead Data Format 1.0), the format automotive CRMs read from lead
 * e-mail. One prospect per lead: the vehicle of interest (ADF requires one, so a general
 * enquiry carries an empty one), the visitor's own vehicle for trade-ins, the customer, the
 * dealership as vendor and the website as provider. Checked against the DTD in tests.
 */
import { findLeadCategory, type AdfInterest } from "~/domain/lead-categories";
import { describeConsent } from "~/domain/marketing-consent";
import { isPriceShown } from "~/domain/vehicle-price";
import type { LeadDocument } from "./lead-document";

// Characters XML 1.0 does not allow at all (control characters except tab, LF, CR).
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: unknown): string {
  return String(value ?? "")
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

type Node = string | null | false | undefined;

function el(
  name: string,
  attrs: Record<string, string | number | null | undefined>,
  ...children: Node[]
): string {
  const attributes = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
  const body = children.filter((c): c is string => typeof c === "string").join("");
  return `<${name}${attributes}>${body}</${name}>`;
}

function text(
  name: string,
  value: unknown,
  attrs: Record<string, string | number | null | undefined> = {},
): string {
  return el(name, attrs, escapeXml(value));
}

function optional(
  name: string,
  value: unknown,
  attrs: Record<string, string | number | null | undefined> = {},
): Node {
  const s = value === null || value === undefined ? "" : String(value).trim();
  return s === "" ? null : text(name, s, attrs);
}

function str(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value).trim();
}

/** ADF wants ISO 8601 with an offset: 2026-11-22T10:15:00+00:00. */
function isoDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

function interestOf(lead: LeadDocument): AdfInterest {
  return findLeadCategory(lead.category)?.adfInterest ?? "buy";
}

function vehicleStatus(carType: string | null | undefined): "new" | "used" {
  return carType === "used" ? "used" : "new";
}

/** The customer's comments: the message, then every other answer that is not a contact field. */
export function adfComments(lead: LeadDocument, extraLines: readonly string[]): string {
  // A reservation paid through the test card provider says so before anything else.
  const test =
    lead.payload.test_payment === true || lead.payload.test_payment === "true"
      ? "TEST PAYMENT: no money was taken (built-in test card provider)."
      : "";
  const lines = [test, str(lead.payload.message), ...extraLines].filter((l) => l !== "");
  return lines.join("\n");
}

export function buildAdfXml(lead: LeadDocument, answers: ReadonlyArray<[string, string]>): string {
  const p = lead.payload;
  const vehicle = lead.details.vehicle ?? null;
  const tradeIn = lead.details.tradeIn ?? null;
  const booking = lead.details.booking ?? null;
  const location = lead.details.location ?? null;
  const dealership = lead.details.dealership ?? null;
  const interest = interestOf(lead);
  const currency =
    lead.site.locale === "en-US" ? "USD" : lead.site.locale === "en-NZ" ? "NZD" : "AUD";
  const units = lead.site.locale === "en-US" ? "mi" : "km";
  const budget = Number(
    str(p.vehiclePriceBudget ?? p.vehicle_price_budget ?? p.loan_amount).replace(/[^\d.]/g, ""),
  );

  const vehicleOfInterest =
    interest === "sell" && !vehicle
      ? null
      : el(
          "vehicle",
          {
            interest: interest === "sell" ? "buy" : interest,
            status: vehicleStatus(vehicle?.carType ?? str(p.car_type)),
          },
          vehicle ? text("id", vehicle.id, { source: "car_id" }) : null,
          text("year", vehicle?.year ?? str(p.year ?? p["Vehicle Year"])),
          text("make", vehicle?.make ?? str(p["Vehicle Make"] ?? p.make)),
          text("model", vehicle?.model ?? str(p["Vehicle Model"] ?? p.model)),
          optional("vin", vehicle?.vin ?? p.vin),
          optional("stock", vehicle?.stocknum ?? p.stock_number),
          optional("trim", vehicle?.badge),
          vehicle && vehicle.km > 0 ? text("odometer", vehicle.km, { units }) : null,
          vehicle && isPriceShown(vehicle.price)
            ? text("price", vehicle.price.toFixed(2), { type: "asking", currency })
            : null,
          Number.isFinite(budget) && budget > 0
            ? el(
                "finance",
                {},
                text("method", "finance"),
                text("amount", budget.toFixed(2), { type: "total", limit: "maximum", currency }),
              )
            : null,
          vehicle ? text("comments", vehicle.url) : null,
        );

  const ownVehicle =
    tradeIn && (tradeIn.make || tradeIn.rego)
      ? el(
          "vehicle",
          { interest: interest === "sell" ? "sell" : "trade-in", status: "used" },
          tradeIn.rego
            ? text("id", tradeIn.rego, {
                source: `rego${tradeIn.state ? `:${tradeIn.state}` : ""}`,
              })
            : null,
          text("year", tradeIn.year ?? ""),
          text("make", tradeIn.make ?? ""),
          text("model", tradeIn.model ?? ""),
          tradeIn.km ? text("odometer", tradeIn.km.replace(/[^\d]/g, ""), { units }) : null,
        )
      : null;

  const vehicles = [vehicleOfInterest, ownVehicle].filter(Boolean) as string[];
  if (vehicles.length === 0) {
    // ADF requires a vehicle; a general enquiry names none.
    vehicles.push(
      el(
        "vehicle",
        { interest: "buy", status: "new" },
        text("year", ""),
        text("make", ""),
        text("model", ""),
      ),
    );
  }

  const firstName = lead.firstName ?? "";
  const lastName = lead.lastName ?? "";
  const names =
    firstName || lastName
      ? [
          optional("name", firstName, { part: "first" }),
          optional("name", str(p.middle_name), { part: "middle" }),
          optional("name", lastName, { part: "last" }),
        ]
      : [text("name", lead.name ?? "", { part: "full" })];
  const phoneType = /^(\+?61|0)4/.test((lead.phone ?? "").replace(/\s/g, ""))
    ? "cellphone"
    : "voice";
  const contact = el(
    "contact",
    {},
    ...names,
    optional("email", lead.email),
    optional("phone", lead.phoneE164 ?? lead.phone, { type: phoneType }),
    lead.postcode
      ? el("address", {}, text("street", "", { line: 1 }), text("postalcode", lead.postcode))
      : null,
  );
  const timeframe = booking
    ? el(
        "timeframe",
        {},
        text(
          "description",
          `${booking.kind === "service" ? "Service" : "Test drive"} booked for ${booking.label}`,
        ),
        text("earliestdate", booking.start),
      )
    : null;
  // The marketing opt-in as stored at intake (the DTD has no element of its own for it).
  const consent = describeConsent(lead.consent, {
    locale: lead.site.locale,
    timeZone: lead.site.timeZone,
  });
  const comments = adfComments(lead, [
    ...answers.map(([label, value]) => `${label}: ${value}`),
    `Marketing consent: ${consent}`,
  ]);

  const vendorContact = el(
    "contact",
    {},
    text("name", location?.name ?? dealership?.name ?? lead.site.name, {
      part: "full",
      type: "business",
    }),
    optional("email", location?.email),
    optional("phone", location?.phone),
  );
  const origin = lead.details.origin ?? lead.site.url ?? "";

  const prospect = el(
    "prospect",
    { status: "new" },
    text("id", lead.id, { sequence: 1, source: str(p.website_slug) || lead.site.slug }),
    text("requestdate", isoDate(lead.completedAt ?? lead.createdAt)),
    ...vehicles,
    el("customer", {}, contact, timeframe, comments ? text("comments", comments) : null),
    el(
      "vendor",
      {},
      dealership ? text("id", dealership.slug, { source: "dealership_slug" }) : null,
      location ? text("id", location.id, { source: "location_id" }) : null,
      text("vendorname", dealership?.name ?? lead.site.name),
      optional("url", origin),
      vendorContact,
    ),
    el(
      "provider",
      {},
      text("name", `${lead.site.name} website`, { part: "full", type: "business" }),
      text("service", [lead.category, lead.subcategory].filter(Boolean).join(" - ")),
      optional("url", str(p.url) || origin),
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n${el("adf", {}, prospect)}\n`;
}
