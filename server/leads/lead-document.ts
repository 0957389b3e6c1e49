/**
 * A lead as delivery sees it: the stored lead with what the server resolved at intake (site,
 * dealership, location, vehicle, booking, files). E-mail, ADF/XML and webhooks are built from it.
 */
import { asc, eq } from "drizzle-orm";
import type { LeadConsent } from "~/domain/marketing-consent";
import type { Database } from "../db/client";
import { leadFiles, leads } from "../db/schema";
import type { Site } from "../sites/site";

export type LeadVehicleSnapshot = {
  id: number;
  name: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  vin: string | null;
  stocknum: string | null;
  carType: string;
  status: string;
  price: number;
  km: number;
  colour: string | null;
  /** Absolute URL of the vehicle page. */
  url: string;
};

export type LeadDetails = {
  vehicle?: LeadVehicleSnapshot | null;
  dealership?: { id: number; name: string; slug: string } | null;
  location?: {
    id: number;
    name: string;
    slug: string;
    phone: string | null;
    email: string | null;
    address: string;
  } | null;
  booking?: {
    kind: string;
    start: string;
    label: string;
    timeZone: string;
    locationName: string;
  } | null;
  tradeIn?: {
    rego: string | null;
    state: string | null;
    year: string | null;
    make: string | null;
    model: string | null;
    km: string | null;
    /** The estimate a registration lookup showed the shopper before sending. */
    valuation?: { low: number; high: number; currency: string };
  } | null;
  /** The site's origin at intake (scheme + host), for links in e-mail. */
  origin?: string;
  /** The fields as the visitor sent them; a later step of a multi-step form adds to these. */
  fields?: Record<string, unknown>;
};

export type LeadFileDocument = {
  id: string;
  fieldName: string;
  originalName: string;
  contentType: string;
  size: number;
  storageKey: string;
};

export type LeadDocument = {
  id: string;
  siteId: number;
  category: string;
  subcategory: string | null;
  createdAt: Date;
  completedAt: Date | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  /** The phone in E.164 by the site's phone rules, when it is a number they know. */
  phoneE164: string | null;
  postcode: string | null;
  payload: Record<string, unknown>;
  details: LeadDetails;
  /** The marketing opt-in as stored at intake (docs/product/leads-and-forms.md). */
  consent: LeadConsent;
  files: LeadFileDocument[];
  site: Pick<Site, "id" | "slug" | "name" | "locale" | "url" | "domainName"> & { timeZone: string };
};

/** A lead row's consent columns as one value. */
export function leadConsentOf(row: {
  marketingConsent: boolean | null;
  marketingConsentWording: string | null;
  marketingConsentAt: Date | null;
}): LeadConsent {
  return {
    given: row.marketingConsent === true && row.marketingConsentAt !== null,
    wording: row.marketingConsentWording,
    at: row.marketingConsentAt,
  };
}

export async function loadLeadDocument(
  db: Database,
  leadId: string,
  siteOf: (siteId: number) => Site | undefined,
): Promise<LeadDocument | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  if (!row) return null;
  const site = siteOf(row.siteId);
  if (!site) return null;
  const files = await db
    .select({
      id: leadFiles.id,
      fieldName: leadFiles.fieldName,
      originalName: leadFiles.originalName,
      contentType: leadFiles.contentType,
      size: leadFiles.size,
      storageKey: leadFiles.storageKey,
    })
    .from(leadFiles)
    .where(eq(leadFiles.leadId, leadId))
    .orderBy(asc(leadFiles.createdAt));
  return {
    id: row.id,
    siteId: row.siteId,
    category: row.category,
    subcategory: row.subcategory,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    phoneE164: typeof row.payload.phone_e164 === "string" ? row.payload.phone_e164 : null,
    postcode: row.postcode,
    payload: row.payload,
    details: row.details as LeadDetails,
    consent: leadConsentOf(row),
    files,
    site: {
      id: site.id,
      slug: site.slug,
      name: site.name,
      locale: site.locale,
      url: site.url,
      domainName: site.domainName,
      timeZone: site.settings.bookingTimeZone,
    },
  };
}
