/**
 * The shopper's acknowledgement of a lead (docs/product/leads-and-forms.md, "What the shopper is
 * sent"): in the site's brand and words, what the dealership received, the vehicle with its link,
 * the booking with a calendar invite, and what happens next. Queued in the lead's own transaction
 * as one more outbox job (channel `shopper-acknowledgement`), so an accepted lead never loses it
 * and its retries and log are the outbox's; the dealership's deliveries do not wait on it.
 */
import { describeSlot } from "~/domain/booking-slots";
import { CAREER_SUBCATEGORY } from "~/domain/enquiry-form";
import { isValidEmail } from "~/domain/form-fields";
import {
  DEFAULT_NEXT_STEPS,
  findLeadCategory,
  LEAD_FORM_CATEGORIES,
} from "~/domain/lead-categories";
import { LEAD_FORM_SUBCATEGORIES } from "~/domain/lead-forms";
import { localiseText, term } from "~/domain/locale";
import type { Database } from "../db/client";
import type { MailTransport, OutgoingMail } from "../providers/mail/mail-transport";
import type { Site } from "../sites/site";
import { escapeXml as escapeHtml } from "./adf";
import { calendarInvite } from "./calendar-invite";
import type { ChannelHandler } from "./delivery-worker";
import type { LeadDocument } from "./lead-document";
import { loadLeadDocument } from "./lead-document";

/** The outbox channel of the acknowledgement; its target is the shopper's e-mail address. */
export const SHOPPER_ACKNOWLEDGEMENT_CHANNEL = "shopper-acknowledgement";

/** Longest part of the shopper's own message repeated back to them. */
const MESSAGE_ECHO_CHARS = 600;

/**
 * The acknowledgement job of a completed lead, or null: the site sends none
 * (`leadAcknowledgementEmail` off), the lead has no valid e-mail, or it is a reservation's lead
 * (the shopper gets the deposit receipt instead). Pure.
 */
export function acknowledgementJob(
  site: Pick<Site, "settings">,
  values: Record<string, unknown>,
): { channel: string; target: string } | null {
  if (!site.settings.leadAcknowledgementEmail) return null;
  if (values.reservation_id !== undefined && values.reservation_id !== "") return null;
  const email = typeof values.email === "string" ? values.email.trim() : "";
  if (email === "" || email.length > 254 || !isValidEmail(email)) return null;
  return { channel: SHOPPER_ACKNOWLEDGEMENT_CHANNEL, target: email };
}

type Summary = { what: string; subject: string };

/** What the shopper asked for, in a few words, for the subject and the first line. */
export function leadSummary(
  lead: Pick<LeadDocument, "category" | "subcategory" | "details">,
): Summary {
  const booking = lead.details.booking;
  const sub = lead.subcategory;
  if (booking?.kind === "test_drive" || lead.category === LEAD_FORM_CATEGORIES.testDrive)
    return { what: "test drive request", subject: "Your test drive request" };
  if (booking?.kind === "service" || sub === LEAD_FORM_SUBCATEGORIES.serviceBooking)
    return { what: "service booking request", subject: "Your service booking request" };
  if (sub === LEAD_FORM_SUBCATEGORIES.tradeIn)
    return { what: "trade-in valuation request", subject: "Your trade-in valuation request" };
  if (lead.category === LEAD_FORM_CATEGORIES.sellMyCar)
    return { what: "request for a valuation of your car", subject: "Your car valuation request" };
  if (sub === LEAD_FORM_SUBCATEGORIES.financeApplication)
    return { what: "finance application", subject: "Your finance application" };
  if (sub === LEAD_FORM_SUBCATEGORIES.requestPhotos)
    return { what: "request for more photos", subject: "Your photo request" };
  if (sub === LEAD_FORM_SUBCATEGORIES.historyReport)
    return {
      what: "request for the vehicle history report",
      subject: "Your history report request",
    };
  if (isCareers(lead)) return { what: "careers enquiry", subject: "Your careers enquiry" };
  if (sub === LEAD_FORM_SUBCATEGORIES.quickEnquiry)
    return { what: "message", subject: "Your message" };
  const kind = lead.category.replace(/ enquiry$/i, "").toLowerCase();
  const enquiry = kind === "general" || kind === "" ? "enquiry" : `${kind} enquiry`;
  return { what: enquiry, subject: `Your ${enquiry}` };
}

/** The enquiry form files a careers enquiry as a general one with its own subcategory. */
function isCareers(lead: Pick<LeadDocument, "category" | "subcategory">): boolean {
  return lead.category === LEAD_FORM_CATEGORIES.careers || lead.subcategory === CAREER_SUBCATEGORY;
}

/** A map search for an address (any phone opens it in its maps app). */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function receivedAt(at: Date, site: Site): string {
  return new Intl.DateTimeFormat(site.locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: site.settings.bookingTimeZone,
  }).format(at);
}

function absolute(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

type Block = { heading?: string; lines: string[]; link?: { label: string; href: string } };

/** The acknowledgement e-mail of a lead. Pure: the lead, its site and where links point. */
export function acknowledgementMail(options: {
  lead: LeadDocument;
  site: Site;
  origin: string;
  from: string;
  to: string;
  now?: Date;
}): OutgoingMail {
  const { lead, site, origin } = options;
  const locale = site.locale;
  const words = (text: string) => localiseText(text, locale);
  const summary = leadSummary(lead);
  const { vehicle, booking, location, tradeIn } = lead.details;
  const phone = location?.phone ?? site.contactDetails.phone;
  const address = location?.address ?? site.contactDetails.address;
  const greeting = lead.firstName ? `Hi ${lead.firstName},` : "Hello,";

  const blocks: Block[] = [
    {
      lines: [
        greeting,
        `${words(`Thank you for your ${summary.what}.`)} ${site.name} received it on ${receivedAt(
          lead.completedAt ?? lead.createdAt,
          site,
        )}.`,
      ],
    },
  ];
  if (booking) {
    const slot = describeSlot(booking.start, booking.timeZone, locale);
    const place = [booking.locationName, location?.address].filter(Boolean).join(", ");
    blocks.push({
      heading: booking.kind === "service" ? "Your service booking" : "Your test drive",
      lines: [
        `Requested time: ${slot}`,
        `Where: ${place}`,
        words(
          "This time is kept for you, and our team will confirm it with you by phone or e-mail. The attached calendar invite marks it as not yet confirmed.",
        ),
      ],
      ...(location?.address
        ? { link: { label: "Map and directions", href: mapLink(location.address) } }
        : {}),
    });
  }
  if (vehicle) {
    blocks.push({
      heading: "The vehicle",
      lines: [
        `${[vehicle.year, vehicle.make, vehicle.model, vehicle.badge].filter(Boolean).join(" ")}${
          vehicle.stocknum ? ` (stock number ${vehicle.stocknum})` : ""
        }`,
      ],
      link: { label: "See the vehicle", href: vehicle.url },
    });
  }
  if (tradeIn && (tradeIn.rego || tradeIn.make)) {
    const car = [tradeIn.year, tradeIn.make, tradeIn.model].filter(Boolean).join(" ");
    blocks.push({
      heading: words("Your car"),
      lines: [
        ...(car ? [car] : []),
        ...(tradeIn.rego ? [`${term(locale, "rego")}: ${tradeIn.rego}`] : []),
      ],
    });
  }
  const message = typeof lead.payload.message === "string" ? lead.payload.message.trim() : "";
  if (message) {
    const echo =
      message.length > MESSAGE_ECHO_CHARS ? `${message.slice(0, MESSAGE_ECHO_CHARS)}…` : message;
    blocks.push({ heading: "Your message", lines: [echo] });
  }
  const nextSteps =
    findLeadCategory(isCareers(lead) ? LEAD_FORM_CATEGORIES.careers : lead.category)?.nextSteps ??
    DEFAULT_NEXT_STEPS;
  blocks.push({
    heading: "What happens next",
    lines: [
      words(nextSteps),
      phone
        ? `Questions meanwhile? Call us ${locale === "en-US" ? "at" : "on"} ${phone}, or reply to this e-mail.`
        : "Questions meanwhile? Reply to this e-mail.",
    ],
  });
  blocks.push({
    lines: [site.name, ...(address ? [address] : []), ...(phone ? [phone] : [])],
    link: { label: origin.replace(/^https?:\/\//, ""), href: origin },
  });

  const attachments: OutgoingMail["attachments"] = [];
  if (booking) {
    const minutes =
      booking.kind === "service"
        ? site.settings.serviceSlotMinutes
        : site.settings.testDriveSlotMinutes;
    const what = booking.kind === "service" ? "Service booking" : "Test drive";
    const vehicleName = vehicle
      ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(" ")
      : null;
    const description = [
      `${what} requested at ${site.name}: ${site.name} will confirm the time with you.`,
      ...(vehicleName ? [`Vehicle: ${vehicleName} ${vehicle!.url}`] : []),
      ...(location?.address ? [`Map: ${mapLink(location.address)}`] : []),
      ...(phone ? [`Phone: ${phone}`] : []),
    ].join("\n");
    attachments.push({
      filename: booking.kind === "service" ? "service-booking.ics" : "test-drive.ics",
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      content: calendarInvite({
        uid: `booking-${lead.id}@${new URL(origin).hostname}`,
        start: booking.start,
        durationMinutes: minutes,
        timeZone: booking.timeZone,
        summary: `${what} (requested)${vehicleName ? `: ${vehicleName}` : ""} at ${site.name}`,
        description,
        location: [booking.locationName, location?.address].filter(Boolean).join(", "),
        url: location?.address ? mapLink(location.address) : origin,
        organizer: site.contactDetails.email
          ? { name: site.name, email: site.contactDetails.email }
          : null,
        status: "TENTATIVE",
        stamp: options.now ?? lead.completedAt ?? lead.createdAt,
      }),
    });
  }

  const subject = `${words(summary.subject)} to ${site.name}${
    booking ? `: ${describeSlot(booking.start, booking.timeZone, locale)}` : ""
  }`;
  const text = blocks
    .map((b) =>
      [
        ...(b.heading ? [b.heading] : []),
        ...b.lines,
        ...(b.link ? [`${b.link.label}: ${b.link.href}`] : []),
      ].join("\n"),
    )
    .join("\n\n");
  return {
    // One per lead: a retry's copy carries the same id, so the receiver can drop it.
    messageId: `<acknowledgement-${lead.id}@${new URL(origin).hostname}>`,
    from: { name: site.name, address: options.from },
    to: options.to,
    replyTo: location?.email ?? site.contactDetails.email ?? undefined,
    subject,
    text,
    html: brandedHtml(site, origin, summary.subject, blocks),
    headers: { "Auto-Submitted": "auto-generated" },
    attachments,
    siteId: site.id,
  };
}

/** One column of tables and inline styles: what e-mail programs render alike. */
function brandedHtml(site: Site, origin: string, title: string, blocks: readonly Block[]): string {
  const { primary, primaryForeground } = site.settings.theme;
  const logo = site.logo ? absolute(site.logo.url, origin) : null;
  const header = logo
    ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(site.name)}" height="40" style="display:block;height:40px;width:auto;border:0;color:${primaryForeground};font-size:20px;font-weight:bold">`
    : `<span style="font-size:20px;font-weight:bold;color:${primaryForeground}">${escapeHtml(site.name)}</span>`;
  const body = blocks
    .map((b) => {
      const heading = b.heading
        ? `<h2 style="margin:0 0 8px;font-size:17px;color:#111">${escapeHtml(b.heading)}</h2>`
        : "";
      const lines = b.lines
        .map((l) => `<p style="margin:0 0 6px;white-space:pre-line">${escapeHtml(l)}</p>`)
        .join("");
      const link = b.link
        ? `<p style="margin:8px 0 0"><a href="${escapeHtml(b.link.href)}" style="color:${primary};font-weight:bold">${escapeHtml(b.link.label)}</a></p>`
        : "";
      return `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb">${heading}${lines}${link}</td></tr>`;
    })
    .join("");
  return (
    `<!doctype html><html lang="${site.locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;overflow:hidden">` +
    `<tr><td style="background:${primary};padding:16px 24px">${header}</td></tr>${body}` +
    `</table></td></tr></table></body></html>`
  );
}

export type AcknowledgementDependencies = {
  db: Database;
  transport: MailTransport;
  siteOf: (siteId: number) => Site | undefined;
  originOf: (site: Site) => string;
  mailFrom: string;
};

/** The delivery worker's handler of the acknowledgement channel (server/start.ts registers it). */
export function acknowledgementChannel(deps: AcknowledgementDependencies): ChannelHandler {
  return async (job) => {
    const site = deps.siteOf(job.siteId);
    const lead = await loadLeadDocument(deps.db, job.leadId, deps.siteOf);
    if (!site || !lead) throw new Error("The lead or its site no longer exists");
    const mail = acknowledgementMail({
      lead,
      site,
      origin: deps.originOf(site),
      from: deps.mailFrom,
      to: job.target,
    });
    const sent = await deps.transport.send(mail);
    return sent.response || sent.messageId;
  };
}
