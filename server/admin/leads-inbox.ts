/**
 * The leads inbox (docs/product/back-office.md, "Leads inbox"): the filters and search read from
 * the URL (checked before any query; a bad value gets a message and is left out), the page of
 * leads within the staff scope, the counts per status, and the rows of the CSV export.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { LEAD_CATEGORIES } from "~/domain/lead-categories";
import { isLeadStatus, LEAD_STATUSES } from "~/domain/staff";
import { dayRange, staffZone } from "~/domain/staff-time";
import type { LeadStatus } from "~/domain/staff";
import type { Database } from "../db/client";
import { leadDeliveries, leads, leadStatusChanges, locations, vehicles } from "../db/schema";
import type { StaffScope } from "./staff-scope";

export const LEADS_PAGE_SIZE = 25;
/** Most rows one CSV export holds (narrow the filters for more). */
export const CSV_EXPORT_MAX_ROWS = 10_000;
const MAX_PAGE = 10_000;

export const LEAD_CATEGORY_NAMES: readonly string[] = Object.values(LEAD_CATEGORIES).map(
  (c) => c.name,
);

export type LeadFilters = {
  site?: number;
  dealership?: number;
  location?: number;
  category?: string;
  status?: LeadStatus;
  from?: string;
  to?: string;
  hasVehicle?: boolean;
  deliveryFailed?: boolean;
  q?: string;
  page: number;
};

export type FilterErrors = Partial<Record<keyof LeadFilters, string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (text: string) =>
  DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** The filters of a leads URL; a value that is not valid is dropped with a message. */
export function parseLeadFilters(params: URLSearchParams): {
  filters: LeadFilters;
  errors: FilterErrors;
} {
  const errors: FilterErrors = {};
  const filters: LeadFilters = { page: 1 };
  const id = (name: "site" | "dealership" | "location", label: string) => {
    const raw = params.get(name)?.trim();
    if (!raw) return;
    if (/^\d{1,9}$/.test(raw) && Number(raw) > 0) filters[name] = Number(raw);
    else errors[name] = `Choose a ${label} from the list.`;
  };
  id("site", "site");
  id("dealership", "dealership");
  id("location", "location");
  const category = params.get("category")?.trim();
  if (category) {
    if (LEAD_CATEGORY_NAMES.includes(category)) filters.category = category;
    else errors.category = "Choose a category from the list.";
  }
  const status = params.get("status")?.trim();
  if (status) {
    if (isLeadStatus(status)) filters.status = status;
    else errors.status = "Choose a status from the list.";
  }
  for (const name of ["from", "to"] as const) {
    const raw = params.get(name)?.trim();
    if (!raw) continue;
    if (validDate(raw)) filters[name] = raw;
    else errors[name] = "Enter a date like 2026-03-31.";
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.to = "The end date must be on or after the start date.";
    delete filters.to;
  }
  const flag = (name: "hasVehicle" | "deliveryFailed", param: string) => {
    const raw = params.get(param);
    if (raw === "yes") filters[name] = true;
    else if (raw === "no") filters[name] = false;
  };
  flag("hasVehicle", "vehicle");
  flag("deliveryFailed", "failed");
  const q = params.get("q")?.trim();
  if (q) {
    if (q.length > 100) errors.q = "Search for at most 100 characters.";
    else filters.q = q;
  }
  const page = params.get("page");
  if (page) {
    if (/^\d{1,5}$/.test(page) && Number(page) >= 1 && Number(page) <= MAX_PAGE)
      filters.page = Number(page);
    else errors.page = "That page does not exist.";
  }
  return { filters, errors };
}

/** The URL query of filters (for links to pages, the export, and the status counts). */
export function leadFiltersQuery(filters: LeadFilters, change: Partial<LeadFilters> = {}) {
  const merged = { ...filters, ...change };
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") params.set(name, String(value));
  };
  put("site", merged.site);
  put("dealership", merged.dealership);
  put("location", merged.location);
  put("category", merged.category);
  put("status", merged.status);
  put("from", merged.from);
  put("to", merged.to);
  if (merged.hasVehicle !== undefined) put("vehicle", merged.hasVehicle ? "yes" : "no");
  if (merged.deliveryFailed !== undefined) put("failed", merged.deliveryFailed ? "yes" : "no");
  put("q", merged.q);
  if (merged.page > 1) put("page", merged.page);
  return params.toString();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const statusOf = sql<LeadStatus>`coalesce(${leadStatusChanges.status}, 'new')`;

const failedDelivery = sql`(${leads.deliveryStatus} = 'failed' OR EXISTS (SELECT 1 FROM ${leadDeliveries} WHERE ${leadDeliveries.leadId} = ${leads.id} AND ${leadDeliveries.status} = 'failed'))`;

/**
 * Leads received on the filter's days as each site's dealership counts them: midnight to
 * midnight in the site's zone, so "28 November" on a Sydney site starts at 13:00 UTC the day before.
 */
function receivedOnDays(scope: StaffScope, f: LeadFilters): SQL {
  const zones = new Map<string, number[]>();
  for (const site of scope.sites()) {
    if (f.site !== undefined && site.id !== f.site) continue;
    const { timeZone } = staffZone(site.settings.bookingTimeZone, site.locale);
    zones.set(timeZone, [...(zones.get(timeZone) ?? []), site.id]);
  }
  const perZone = [...zones].map(([timeZone, siteIds]) => {
    const { start, end } = dayRange(f, timeZone);
    return and(
      inArray(leads.siteId, siteIds),
      start ? gte(leads.createdAt, start) : undefined,
      end ? lt(leads.createdAt, end) : undefined,
    );
  });
  return perZone.length ? (or(...perZone) as SQL) : sql`false`;
}

function conditions(scope: StaffScope, f: LeadFilters, withStatus: boolean): SQL {
  const parts: Array<SQL | undefined> = [scope.leads()];
  if (f.site !== undefined) parts.push(eq(leads.siteId, f.site));
  if (f.dealership !== undefined) parts.push(eq(leads.dealershipId, f.dealership));
  if (f.location !== undefined) parts.push(eq(leads.locationId, f.location));
  if (f.category) parts.push(eq(leads.category, f.category));
  if (withStatus && f.status) parts.push(sql`${statusOf} = ${f.status}`);
  if (f.from || f.to) parts.push(receivedOnDays(scope, f));
  if (f.hasVehicle !== undefined)
    parts.push(f.hasVehicle ? isNotNull(leads.vehicleId) : isNull(leads.vehicleId));
  if (f.deliveryFailed !== undefined)
    parts.push(f.deliveryFailed ? failedDelivery : sql`NOT ${failedDelivery}`);
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    const digits = f.q.replace(/\D/g, "");
    parts.push(
      or(
        ilike(leads.name, like),
        ilike(leads.firstName, like),
        ilike(leads.lastName, like),
        sql`(${leads.firstName} || ' ' || ${leads.lastName}) ILIKE ${like}`,
        ilike(leads.email, like),
        digits.length >= 4
          ? sql`regexp_replace(coalesce(${leads.phone}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`
          : undefined,
        ilike(vehicles.stocknum, like),
      ),
    );
  }
  return and(...parts) as SQL;
}

const listColumns = {
  id: leads.id,
  createdAt: leads.createdAt,
  siteId: leads.siteId,
  dealershipId: leads.dealershipId,
  locationId: leads.locationId,
  category: leads.category,
  subcategory: leads.subcategory,
  name: leads.name,
  firstName: leads.firstName,
  lastName: leads.lastName,
  email: leads.email,
  phone: leads.phone,
  phoneE164: sql<string | null>`${leads.payload}->>'phone_e164'`,
  postcode: leads.postcode,
  marketingConsent: leads.marketingConsent,
  marketingConsentWording: leads.marketingConsentWording,
  marketingConsentAt: leads.marketingConsentAt,
  formCompleted: leads.formCompleted,
  deliveryStatus: leads.deliveryStatus,
  vehicleId: leads.vehicleId,
  vehicle: sql<
    string | null
  >`CASE WHEN ${vehicles.id} IS NULL THEN NULL ELSE concat_ws(' ', ${vehicles.year}, ${vehicles.make}, ${vehicles.model}) END`,
  stockNumber: vehicles.stocknum,
  location: locations.name,
  status: statusOf,
};

function baseQuery<T extends Record<string, unknown>>(db: Database, columns: T) {
  return db
    .select(columns as never)
    .from(leads)
    .leftJoin(
      leadStatusChanges,
      and(eq(leadStatusChanges.leadId, leads.id), eq(leadStatusChanges.current, true)),
    )
    .leftJoin(vehicles, eq(vehicles.id, leads.vehicleId))
    .leftJoin(locations, eq(locations.id, leads.locationId));
}

export type LeadListRow = {
  id: string;
  createdAt: Date;
  siteId: number;
  dealershipId: number | null;
  locationId: number | null;
  category: string;
  subcategory: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  phoneE164: string | null;
  postcode: string | null;
  marketingConsent: boolean | null;
  marketingConsentWording: string | null;
  marketingConsentAt: Date | null;
  formCompleted: boolean;
  deliveryStatus: string;
  vehicleId: number | null;
  vehicle: string | null;
  stockNumber: string | null;
  location: string | null;
  status: LeadStatus;
};

export async function listLeads(db: Database, scope: StaffScope, filters: LeadFilters) {
  const where = conditions(scope, filters, true);
  const [rows, totals, byStatus] = await Promise.all([
    baseQuery(db, listColumns)
      .where(where)
      .orderBy(desc(leads.createdAt), asc(leads.id))
      .limit(LEADS_PAGE_SIZE)
      .offset((filters.page - 1) * LEADS_PAGE_SIZE) as unknown as Promise<LeadListRow[]>,
    baseQuery(db, { n: count() }).where(where) as unknown as Promise<Array<{ n: number }>>,
    baseQuery(db, { status: statusOf, n: count() })
      .where(conditions(scope, filters, false))
      .groupBy(statusOf) as unknown as Promise<Array<{ status: LeadStatus; n: number }>>,
  ]);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const total = Number(totals[0]?.n ?? 0);
  return {
    rows,
    total,
    counts,
    pages: Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE)),
  };
}

/** Every lead of the filters (to CSV_EXPORT_MAX_ROWS), newest first. */
export function exportLeads(db: Database, scope: StaffScope, filters: LeadFilters) {
  return baseQuery(db, listColumns)
    .where(conditions(scope, filters, true))
    .orderBy(desc(leads.createdAt), asc(leads.id))
    .limit(CSV_EXPORT_MAX_ROWS) as unknown as Promise<LeadListRow[]>;
}

/** The locations a picker offers: those of the scope's sites and dealerships. */
export async function scopeLocations(db: Database, scope: StaffScope) {
  const where = and(
    scope.onSites(locations.siteId),
    scope.dealershipIds ? inArray(locations.dealershipId, scope.dealershipIds) : undefined,
  );
  return db
    .select({
      id: locations.id,
      name: locations.name,
      siteId: locations.siteId,
      dealershipId: locations.dealershipId,
    })
    .from(locations)
    .where(where)
    .orderBy(asc(locations.name))
    .limit(500);
}

const CSV_COLUMNS: Array<[string, (row: LeadListRow, names: CsvNames) => unknown]> = [
  ["Lead id", (r) => r.id],
  ["Received", (r) => r.createdAt.toISOString()],
  ["Site", (r, n) => n.site(r.siteId)],
  ["Dealership", (r, n) => (r.dealershipId ? n.dealership(r.dealershipId) : "")],
  ["Location", (r) => r.location],
  ["Category", (r) => r.category],
  ["Subcategory", (r) => r.subcategory],
  ["Status", (r) => r.status],
  ["Name", (r) => [r.firstName, r.lastName].filter(Boolean).join(" ") || r.name],
  ["E-mail", (r) => r.email],
  ["Phone", (r) => r.phone],
  ["Phone (international)", (r) => r.phoneE164],
  ["Postcode", (r) => r.postcode],
  // What the shopper agreed to, in the words they saw, and when; blank where the form asked nothing.
  [
    "Marketing consent",
    (r) => (r.marketingConsent === null ? "" : r.marketingConsent ? "Yes" : "No"),
  ],
  ["Consent wording", (r) => r.marketingConsentWording],
  ["Consent given at", (r) => r.marketingConsentAt?.toISOString()],
  ["Vehicle", (r) => r.vehicle],
  ["Stock number", (r) => r.stockNumber],
  ["Delivery", (r) => r.deliveryStatus],
];

type CsvNames = { site(id: number): string; dealership(id: number): string };

/** RFC 4180 CSV; cells a spreadsheet would run as a formula are prefixed with a quote. */
export function leadsCsv(rows: LeadListRow[], names: CsvNames): string {
  const cell = (value: unknown) => {
    let text = value == null ? "" : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [CSV_COLUMNS.map(([h]) => cell(h)).join(",")];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, get]) => cell(get(row, names))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
