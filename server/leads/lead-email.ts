/**
 * The e-mail a dealership receives for a lead: a subject that says what and who, readable text
 * and HTML with every answer, the lead as ADF/XML attached (for the CRM) and any uploaded files.
 */
import { staffTimeText, staffZone } from "~/domain/staff-time";
import { join } from "node:path";
import { describeConsent } from "~/domain/marketing-consent";
import { leadPhoneText } from "~/domain/phone-validation";
import { isPriceShown } from "~/domain/vehicle-price";
import type { MailAttachment, OutgoingMail } from "../providers/mail/mail-transport";
import { buildAdfXml } from "./adf";
import type { LeadDocument } from "./lead-document";

/** Payload keys shown in their own place (contact block) or never shown (internal). */
const NOT_ANSWERS = new Set([
  "name",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "phone_e164",
  "postcode",
  "message",
  "category",
  "subcategory",
  "lead_id",
  "lead_status",
  "form_completed",
  "step_number",
  "skipped_steps",
  "source",
  "user_agent",
  "visited_pages",
  "linked_query_params",
  "url",
  "website_slug",
  "dealership_slug",
  "location_id",
  "location",
  "car_id",
  "idempotency_key",
  "client_key",
  "booking_time",
  "booking_type",
  "page_id",
  // The opt-in box: shown as the consent stored with the lead (consentLine).
  "opt_in",
]);

const LABELS: Record<string, string> = {
  stock_number: "Stock number",
  car_type: "Vehicle type",
  vehicle_status: "Vehicle status",
  terms_conditions: "Accepted terms and conditions",
  additional_services: "Additional services",
  preferredDealership: "Preferred dealership",
  vehiclePriceBudget: "Vehicle price budget",
  Rego: "Registration",
  rego: "Registration",
  regoState: "Registration state",
  test_drive_date: "Preferred test drive date",
  day: "Day",
  month: "Month",
  year: "Year",
};

export function humanise(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const spaced = key
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function display(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (Array.isArray(value)) return value.map(display).filter(Boolean).join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${display(v)}`)
      .join(", ");
  }
  return String(value).trim();
}

/** The answers of the form other than the contact details, labelled for people. */
export function leadAnswers(lead: LeadDocument): Array<[string, string]> {
  const answers: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(lead.payload)) {
    if (NOT_ANSWERS.has(key)) continue;
    // Only the stored consent speaks of consent: a field a client names so is not shown.
    if (/^marketing\s*consent/i.test(humanise(key))) continue;
    const shown = display(value);
    if (shown !== "") answers.push([humanise(key), shown]);
  }
  return answers;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** "given at {time} to '{wording}'" or "not given" (docs/product/leads-and-forms.md). */
export function consentLine(lead: Pick<LeadDocument, "consent" | "site">): string {
  return describeConsent(lead.consent, { locale: lead.site.locale, timeZone: lead.site.timeZone });
}

function personName(lead: LeadDocument): string {
  const full = [lead.firstName, lead.lastName].filter(Boolean).join(" ").trim();
  return full || lead.name || "A visitor";
}

export function leadSubject(lead: LeadDocument): string {
  const what =
    lead.subcategory && lead.subcategory !== lead.category
      ? `${lead.category} (${lead.subcategory})`
      : lead.category;
  const about = lead.details.vehicle?.name ?? lead.details.booking?.label ?? null;
  return `${what}: ${personName(lead)}${about ? ` - ${about}` : ""}`;
}

type Section = { title: string; rows: Array<[string, string, string?]> };

function sections(lead: LeadDocument): Section[] {
  const { vehicle, booking, location, dealership, tradeIn } = lead.details;
  const contact: Section = {
    title: "Customer",
    rows: [
      ["Name", personName(lead)],
      ["Email", lead.email ?? "", lead.email ? `mailto:${lead.email}` : undefined],
      [
        "Phone",
        leadPhoneText(lead.phone, lead.phoneE164),
        lead.phoneE164
          ? `tel:${lead.phoneE164}`
          : lead.phone
            ? `tel:${lead.phone.replace(/[^\d+]/g, "")}`
            : undefined,
      ],
      ["Postcode", lead.postcode ?? ""],
      ["Marketing consent", consentLine(lead)],
    ],
  };
  const enquiry: Section = {
    title: "Enquiry",
    rows: [
      ["Category", lead.category],
      ["Subcategory", lead.subcategory ?? ""],
      ["Dealership", dealership?.name ?? ""],
      ["Location", location?.name ?? ""],
      [
        "Booking",
        booking
          ? `${booking.kind === "service" ? "Service" : "Test drive"}: ${booking.label} at ${booking.locationName}`
          : "",
      ],
      ["Message", String(lead.payload.message ?? "").trim()],
    ],
  };
  const result = [contact, enquiry];
  if (vehicle) {
    result.push({
      title: "Vehicle of interest",
      rows: [
        ["Vehicle", vehicle.name, vehicle.url],
        ["Stock number", vehicle.stocknum ?? ""],
        ["VIN", vehicle.vin ?? ""],
        ["Condition", vehicle.carType],
        ["Price", isPriceShown(vehicle.price) ? `$${vehicle.price.toFixed(2)}` : ""],
      ],
    });
  }
  if (tradeIn && (tradeIn.rego || tradeIn.make)) {
    result.push({
      title: "Customer's vehicle",
      rows: [
        ["Registration", [tradeIn.rego, tradeIn.state].filter(Boolean).join(" ")],
        ["Vehicle", [tradeIn.year, tradeIn.make, tradeIn.model].filter(Boolean).join(" ")],
        ["Odometer", tradeIn.km ?? ""],
      ],
    });
  }
  const answers = leadAnswers(lead);
  if (answers.length > 0) result.push({ title: "Other answers", rows: answers });
  const source: Section = {
    title: "Source",
    rows: [
      [
        "Page",
        String(lead.payload.url ?? ""),
        typeof lead.payload.url === "string" ? lead.payload.url : undefined,
      ],
      ["Lead id", lead.id],
      [
        "Received",
        staffTimeText(
          lead.completedAt ?? lead.createdAt,
          staffZone(lead.site.timeZone, lead.site.locale),
          "second",
        ),
      ],
      [
        "Files",
        lead.files.map((f) => `${f.originalName} (${Math.ceil(f.size / 1024)} KB)`).join(", "),
      ],
    ],
  };
  result.push(source);
  return result.map((s) => ({ ...s, rows: s.rows.filter(([, value]) => value !== "") }));
}

export function leadText(lead: LeadDocument): string {
  const out = [`New ${lead.category} from the ${lead.site.name} website`, ""];
  for (const section of sections(lead)) {
    if (section.rows.length === 0) continue;
    out.push(section.title.toUpperCase());
    for (const [label, value] of section.rows) out.push(`${label}: ${value}`);
    out.push("");
  }
  out.push("The lead is attached as ADF/XML for your CRM.");
  return out.join("\n");
}

export function leadHtml(lead: LeadDocument): string {
  const parts = sections(lead)
    .filter((s) => s.rows.length > 0)
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(s.title)}</h2>` +
        `<table role="presentation" cellpadding="6" style="border-collapse:collapse;width:100%;max-width:640px">` +
        s.rows
          .map(([label, value, href]) => {
            const shown = escapeHtml(value).replace(/\n/g, "<br>");
            const cell =
              href && /^(https?:|mailto:|tel:)/.test(href)
                ? `<a href="${escapeHtml(href)}">${shown}</a>`
                : shown;
            return `<tr><th align="left" style="width:180px;vertical-align:top;border-bottom:1px solid #e2e8f0">${escapeHtml(label)}</th><td style="border-bottom:1px solid #e2e8f0">${cell}</td></tr>`;
          })
          .join("") +
        `</table>`,
    )
    .join("");
  return (
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">` +
    `<h1 style="font-size:20px">New ${escapeHtml(lead.category)} from the ${escapeHtml(lead.site.name)} website</h1>` +
    parts +
    `<p style="color:#475569;font-size:12px;margin-top:24px">The lead is attached as ADF/XML for your CRM.</p></body></html>`
  );
}

export function messageIdFor(
  leadId: string,
  deliveryId: number,
  fromAddress: string,
  resend = 0,
): string {
  const domain = fromAddress.split("@")[1] ?? "localhost";
  // A resend is a new message: receivers that fold copies by id must not drop it.
  return `<lead-${leadId}.${deliveryId}${resend > 0 ? `.resend-${resend}` : ""}@${domain}>`;
}

/**
 * A reservation paid through the built-in test card provider: said in the subject, first in the
 * body and in the ADF, so nobody takes it for a customer's money.
 */
export const TEST_PAYMENT_NOTE =
  "TEST PAYMENT: this deposit was paid through the built-in test card provider. No money was taken.";
export const TEST_PAYMENT_SUBJECT_PREFIX = "[TEST PAYMENT] ";

export function isTestPaymentLead(lead: Pick<LeadDocument, "payload">): boolean {
  return lead.payload.test_payment === true || lead.payload.test_payment === "true";
}

/** The line a resent lead e-mail starts with, and its subject's prefix. */
export const RESEND_NOTE =
  "Sent again from the back office: this lead was delivered before, or its delivery failed.";
export const RESEND_SUBJECT_PREFIX = "[Resent] ";

export function buildLeadEmail(
  lead: LeadDocument,
  options: {
    deliveryId: number;
    to: string;
    fromAddress: string;
    filesDir: string;
    /** > 0: a resend asked for by staff (marked in the subject, body and headers). */
    resend?: number;
  },
): OutgoingMail {
  const resend = options.resend ?? 0;
  const test = isTestPaymentLead(lead);
  const adf = buildAdfXml(lead, leadAnswers(lead));
  const attachments: MailAttachment[] = [
    { filename: `lead-${lead.id}.xml`, contentType: "application/xml", content: adf },
    ...lead.files.map((f) => ({
      filename: f.originalName,
      contentType: f.contentType,
      path: join(options.filesDir, f.storageKey),
    })),
  ];
  return {
    messageId: messageIdFor(lead.id, options.deliveryId, options.fromAddress, resend),
    from: { name: lead.site.name, address: options.fromAddress },
    to: options.to,
    replyTo: lead.email ?? undefined,
    subject: `${resend > 0 ? RESEND_SUBJECT_PREFIX : ""}${test ? TEST_PAYMENT_SUBJECT_PREFIX : ""}${leadSubject(lead)}`,
    text: `${resend > 0 ? `${RESEND_NOTE}\n\n` : ""}${test ? `${TEST_PAYMENT_NOTE}\n\n` : ""}${leadText(lead)}`,
    html: leadHtml(lead).replace(
      "<h1 ",
      `${resend > 0 ? `<p style="font-weight:bold">${escapeHtml(RESEND_NOTE)}</p>` : ""}${test ? `<p style="font-weight:bold;color:#b00020">${escapeHtml(TEST_PAYMENT_NOTE)}</p>` : ""}<h1 `,
    ),
    headers: {
      "X-Lead-Id": lead.id,
      "X-Lead-Site": lead.site.slug,
      "X-Lead-Category": lead.category,
      ...(resend > 0 ? { "X-Lead-Resend": String(resend) } : {}),
      ...(test ? { "X-Lead-Test-Payment": "true" } : {}),
    },
    attachments,
    siteId: lead.siteId,
  };
}
