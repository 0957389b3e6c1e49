/**
 * The database schema (the fields of docs/product/). One schema, one dialect (PostgreSQL): the same
 * tables run on embedded PGlite and on a PostgreSQL server.
 *
 * Every tenant-owned table carries `site_id`; queries reach it through `server/sites/scope.ts`,
 * which adds the site condition once for every loader.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Navigation, SiteSettingsInput } from "~/domain/site-settings";
import type { AutograbData, PaymentProcessor, VehicleImage } from "~/domain/vehicle";

export const dealershipGroups = pgTable("dealership_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
});

export const manufacturers = pgTable("manufacturers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** Shown instead of `name` where the brand uses a shorter or accented display name. */
  displayName: text("display_name"),
  /** Other spellings that filter to this make (e.g. a renamed brand's old name). */
  aliases: jsonb("aliases").$type<string[]>().notNull().default([]),
  logoUrl: text("logo_url"),
  popular: boolean("popular").notNull().default(false),
});

export const sites = pgTable("sites", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  template: text("template").notNull().default("classic"),
  locale: text("locale").notNull().default("en-AU"),
  url: text("url"),
  domainName: text("domain_name").unique(),
  logo: jsonb("logo").$type<{ url: string; thumb: string | null; banner: string | null }>(),
  city: text("city"),
  state: text("state"),
  dealershipGroupId: integer("dealership_group_id").references(() => dealershipGroups.id),
  /** The primary dealership of the site (leads go here when push-to-primary applies). */
  dealershipId: integer("dealership_id"),
  manufacturerId: integer("manufacturer_id").references(() => manufacturers.id),
  /** Public search key handed to the browser; it only searches this site's stock. */
  searchKey: text("search_key").notNull(),
  navigation: jsonb("navigation").$type<Navigation>().notNull(),
  contactDetails: jsonb("contact_details")
    .$type<{ phone: string | null; email: string | null; address: string | null }>()
    .notNull(),
  /** Every per-dealer behaviour (domain/site-settings.ts); validated on read. */
  settings: jsonb("settings").$type<SiteSettingsInput>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const dealerships = pgTable(
  "dealerships",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    dealershipGroupId: integer("dealership_group_id").references(() => dealershipGroups.id),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    reviewCount: integer("review_count").notNull().default(0),
    averageRating: doublePrecision("average_rating"),
    /** Manufacturer slugs the dealership sells. */
    manufacturers: jsonb("manufacturers").$type<string[]>().notNull().default([]),
    /** Publishable key of the card payment provider (safe to hand to the browser). */
    paymentPublishableKey: text("payment_publishable_key"),
  },
  (t) => [uniqueIndex("dealerships_site_slug").on(t.siteId, t.slug)],
);

export type OpeningHoursEntry = {
  weekday: number;
  status: "Open" | "Closed";
  formated_hours: string | null;
  open: string | null;
  close: string | null;
};

export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** sales, service, parts, or empty (= sales). */
    locationType: text("location_type").notNull().default(""),
    locationSubtype: jsonb("location_subtype").$type<string[]>().notNull().default([]),
    manufacturers: jsonb("manufacturers").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    primary: boolean("primary").notNull().default(false),
    visible: boolean("visible").notNull().default(true),
    image: jsonb("image").$type<{ url: string; thumb: { url: string } }>(),
    dealerLicenseNumber: text("dealer_license_number"),
    motorVehicleRepairer: text("motor_vehicle_repairer"),
    address: jsonb("address")
      .$type<{
        street: string;
        city: string;
        state: string;
        postcode: string;
        lat: number | null;
        long: number | null;
        place_id: string | null;
        place_url: string | null;
        full: string;
        map_key: string | null;
        map_url: string | null;
      }>()
      .notNull(),
    contactDetail: jsonb("contact_detail")
      .$type<{
        phone: string | null;
        landline_phone: string | null;
        mobile: string | null;
        email: string | null;
        social: Record<string, string>;
      }>()
      .notNull(),
    /** Opening hours entries: weekday 0 (Sunday) to 6 (Saturday). */
    openingHours: jsonb("opening_hours").$type<OpeningHoursEntry[]>().notNull().default([]),
    /** Service department hours where a site shows sales and service hours separately. */
    serviceOpeningHours: jsonb("service_opening_hours").$type<OpeningHoursEntry[]>(),
    averageRating: doublePrecision("average_rating"),
    reviewCount: integer("review_count").notNull().default(0),
    gmbProfileId: text("gmb_profile_id"),
    externalIdentifiers: jsonb("external_identifiers")
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
  },
  (t) => [uniqueIndex("locations_site_slug").on(t.siteId, t.slug)],
);

/**
 * Special hours (docs/product/sites-and-settings.md, "Opening hours"): holiday hours of one
 * location on one date.
 */
export const specialHours = pgTable(
  "special_hours",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    status: text("status").notNull(),
    startHour: text("start_hour"),
    endHour: text("end_hour"),
    label: text("label"),
  },
  (t) => [index("special_hours_location").on(t.locationId, t.date)],
);

export const vehicles = pgTable(
  "vehicles",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id")
      .notNull()
      .references(() => dealerships.id),
    locationId: integer("location_id").references(() => locations.id),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    year: smallint("year").notNull(),
    km: integer("km").notNull().default(0),
    badge: text("badge"),
    series: text("series"),
    price: doublePrecision("price").notNull().default(0),
    priceType: text("price_type"),
    beforePrice: doublePrecision("before_price"),
    subscriptionPrice: doublePrecision("subscription_price"),
    weeklyPrice: doublePrecision("weekly_price"),
    preorder: boolean("preorder").notNull().default(false),
    status: text("status").notNull().default("in_stock"),
    carType: text("car_type").notNull(),
    itemType: text("item_type").notNull().default("car"),
    certified: boolean("certified").notNull().default(false),
    reserved: boolean("reserved").notNull().default(false),
    paymentProcessors: jsonb("payment_processors")
      .$type<PaymentProcessor[]>()
      .notNull()
      .default([]),
    stocknum: text("stocknum"),
    vin: text("vin"),
    simpleFuel: text("simple_fuel"),
    simpleBody: text("simple_body"),
    simpleDrive: text("simple_drive"),
    simpleTransmission: text("simple_transmission"),
    colour: text("colour"),
    seats: smallint("seats"),
    engine: text("engine"),
    categories: jsonb("categories").$type<string[]>().notNull().default([]),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    tag: text("tag"),
    customRank: integer("custom_rank").notNull().default(0),
    images: jsonb("images").$type<VehicleImage[]>().notNull().default([]),
    historyReportUrl: text("history_report_url"),
    autograbData: jsonb("autograb_data").$type<AutograbData>(),
    showOnDealerWebsite: boolean("show_on_dealer_website").notNull().default(true),
    description: text("description"),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Milliseconds since epoch, mirrored for search sorting and the vehicle's JSON shape
     * (docs/product/vehicle-card-and-page.md).
     */
    createdAtTimestamp: bigint("created_at_timestamp", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("vehicles_site_slug").on(t.siteId, t.slug),
    index("vehicles_site_status").on(t.siteId, t.status),
  ],
);

export const offers = pgTable("offers", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id")
    .notNull()
    .references(() => sites.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  manufacturerName: text("manufacturer_name"),
  modelName: text("model_name"),
  modelBody: text("model_body"),
  description: text("description"),
  disclaimer: text("disclaimer"),
  price: doublePrecision("price"),
  logo: jsonb("logo").$type<{ src: string; width: number; height: number }>(),
  image: jsonb("image").$type<{ src: string; width: number; height: number }>(),
  linkHref: text("link_href"),
  expiresAt: date("expires_at"),
  position: integer("position").notNull().default(0),
});

export const parts = pgTable("parts", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id")
    .notNull()
    .references(() => sites.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  partNumber: text("part_number"),
  category: text("category"),
  manufacturerName: text("manufacturer_name"),
  price: doublePrecision("price"),
  imageUrl: text("image_url"),
  description: text("description"),
});

export const reviews = pgTable("reviews", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id")
    .notNull()
    .references(() => sites.id, { onDelete: "cascade" }),
  locationId: integer("location_id").references(() => locations.id, { onDelete: "cascade" }),
  customerName: text("customer_name").notNull(),
  text: text("text"),
  rating: smallint("rating").notNull(),
  imageUrl: text("image_url"),
  reviewDate: date("review_date").notNull(),
  replyText: text("reply_text"),
  replyDate: date("reply_date"),
  source: text("source").notNull().default("google"),
});

/** Content pages (about us, careers, terms, privacy, news...) and their blocks. */
export const contentPages = pgTable(
  "content_pages",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    metaDescription: text("meta_description"),
    /** Page body as sanitised HTML from the dashboard. */
    body: text("body").notNull().default(""),
    kind: text("kind").notNull().default("page"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_pages_site_slug").on(t.siteId, t.slug)],
);

/**
 * Credentials of a site's machine clients (a DMS pushing stock, a dashboard reading data).
 * Only a hash of the secret is kept; `prefix` is the public part of the key that finds its row.
 */
export const siteApiKeys = pgTable(
  "site_api_keys",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    /** What the key may do: `stock:write`, `dashboard:read`. */
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    prefix: text("prefix").notNull(),
    /** SHA-256 (hex) of the whole key; the key holds 256 random bits, so no slow hash is needed. */
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("site_api_keys_prefix").on(t.prefix),
    index("site_api_keys_site").on(t.siteId),
  ],
);

/** One row error of a stock feed: where, which field, and what the dealer should fix. */
export type StockImportRowError = { line: number; field: string | null; message: string };

/**
 * Every stock feed import, applied or refused (docs/stock-feeds.md): what came in, from where,
 * and what it did. Read back through the stock API.
 */
export const stockImports = pgTable(
  "stock_imports",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** cli, http or pull. */
    source: text("source").notNull(),
    /** full or partial. */
    mode: text("mode").notNull(),
    /** csv or json; null when the feed was neither. */
    format: text("format"),
    /** applied, or refused (nothing of it applied; `error` says why). */
    status: text("status").notNull(),
    error: text("error"),
    rows: integer("rows").notNull().default(0),
    added: integer("added").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    sold: integer("sold").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** The first row errors (the count of all is `rejected`). */
    rowErrors: jsonb("row_errors").$type<StockImportRowError[]>().notNull().default([]),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_imports_site").on(t.siteId, t.id)],
);

/** Every price a vehicle has had, newest last: price-drop alerts and history read it. */
export const vehiclePriceHistory = pgTable(
  "vehicle_price_history",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    price: doublePrecision("price").notNull(),
    priceType: text("price_type"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vehicle_price_history_vehicle").on(t.vehicleId, t.changedAt)],
);

/**
 * The scheduled pull of a site's feed URL: the validators of the last answer (so an unchanged
 * feed is a 304) and a lease, so that of several web nodes one pulls a site at a time.
 */
export const stockFeedPulls = pgTable("stock_feed_pulls", {
  siteId: integer("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  feedUrl: text("feed_url").notNull(),
  etag: text("etag"),
  lastModified: text("last_modified"),
  lastPulledAt: timestamp("last_pulled_at", { withTimezone: true }),
  /** not_modified, imported, refused or failed (with lastError). */
  lastOutcome: text("last_outcome"),
  lastError: text("last_error"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  leaseOwner: text("lease_owner"),
});

export type SiteRow = typeof sites.$inferSelect;
export type DealershipRow = typeof dealerships.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type ManufacturerRow = typeof manufacturers.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Leads: every lead a visitor sends, its audit trail, files, bookings and the outbox
// its delivery to the dealership runs from. A lead and its delivery jobs are written in one
// transaction, so a lead the server answered with success is never lost.
// ---------------------------------------------------------------------------------------------

/**
 * A lead (docs/product/leads-and-forms.md, "Lead payload"). `id` is the public, unguessable
 * lead_id.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    subcategory: text("subcategory"),
    /** false while a multi-step form is saving steps (lead_status 'Incomplete'). */
    formCompleted: boolean("form_completed").notNull().default(true),
    leadStatus: text("lead_status"),
    stepNumber: integer("step_number"),
    /** incomplete (steps only), pending, delivered, failed, or none (no recipient). */
    deliveryStatus: text("delivery_status").notNull().default("pending"),
    /** 'server' or 'car-clarity' (site setting leadTarget, or the partner endpoint). */
    target: text("target").notNull().default("server"),
    dealershipId: integer("dealership_id").references(() => dealerships.id, {
      onDelete: "set null",
    }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    vehicleId: integer("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    name: text("name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    postcode: text("postcode"),
    /** The lead as delivered: the lead payload with the server's extras. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** What the server resolved at intake (vehicle, location, booking), as the visitor saw it. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** Idempotency-Key header or the payload's client key: a repeat returns this lead. */
    idempotencyKey: text("idempotency_key"),
    /** Hash of what the visitor typed, to fold a double submit without a key into one lead. */
    fingerprint: text("fingerprint"),
    clientIp: text("client_ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * The marketing opt-in: true when the box was ticked, false when a form showing it was sent
     * unticked, null when no form asked. The wording shown beside the box and the server's time
     * of the ticked submission are kept with it (docs/product/leads-and-forms.md).
     */
    marketingConsent: boolean("marketing_consent"),
    marketingConsentWording: text("marketing_consent_wording"),
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("leads_site_idempotency_key").on(t.siteId, t.idempotencyKey),
    index("leads_site_created").on(t.siteId, t.createdAt),
    index("leads_site_fingerprint").on(t.siteId, t.fingerprint),
  ],
);

/** Audit of every change to a lead, and its delivery log (one timeline per lead). */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: serial("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    requestId: text("request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_events_lead").on(t.leadId, t.id)],
);

/** Files sent with a lead (a CV, photos): stored outside the web root under generated names. */
export const leadFiles = pgTable(
  "lead_files",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    fieldName: text("field_name").notNull(),
    originalName: text("original_name").notNull(),
    /** Detected from the content, not taken from the upload. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_files_lead").on(t.leadId)],
);

/** The delivery outbox: one job per lead and recipient, claimed with FOR UPDATE SKIP LOCKED. */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** email, webhook or partner. */
    channel: text("channel").notNull(),
    /** E-mail address or URL. */
    target: text("target").notNull(),
    /** pending, sending, delivered or failed. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A claimed job's lease: past it, another worker may take the job over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** How many times staff asked for this delivery again (the e-mail says it is a resend). */
    resends: integer("resends").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lead_deliveries_lead_target").on(t.leadId, t.channel, t.target),
    index("lead_deliveries_due").on(t.status, t.nextAttemptAt),
  ],
);

/** Where a site's leads go: per location, per dealership, or site-wide (both null). */
export const leadRecipients = pgTable(
  "lead_recipients",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id").references(() => dealerships.id, {
      onDelete: "cascade",
    }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "cascade" }),
    /** email, adf (a CRM's lead address: gets the lead e-mail) or webhook. */
    channel: text("channel").notNull(),
    target: text("target").notNull(),
    /** Webhooks: the HMAC-SHA256 signing secret. Never sent to the browser. */
    secret: text("secret"),
    /** Lead categories this recipient takes; empty = every category. */
    categories: jsonb("categories").$type<string[]>().notNull().default([]),
  },
  (t) => [index("lead_recipients_site").on(t.siteId)],
);

/** Test drive and service bookings: one row per taken slot seat, so a slot cannot be taken twice. */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    /** test_drive or service. */
    kind: text("kind").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** 1..capacity of the slot. */
    seat: smallint("seat").notNull().default(1),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bookings_slot_seat").on(t.locationId, t.kind, t.startsAt, t.seat),
    index("bookings_site_location").on(t.siteId, t.locationId, t.startsAt),
  ],
);

/**
 * Leads of sites in mock/test mode (docs/product/leads-and-forms.md: the /mock lead base): never
 * delivered.
 */
export const testLeads = pgTable(
  "test_leads",
  {
    id: uuid("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    formCompleted: boolean("form_completed").notNull().default(true),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_leads_site_idempotency_key").on(t.siteId, t.idempotencyKey)],
);

/** Sample registrations the built-in registration lookup answers from (demo data). */
export const sampleRegistrations = pgTable(
  "sample_registrations",
  {
    id: serial("id").primaryKey(),
    rego: text("rego").notNull(),
    state: text("state").notNull(),
    vin: text("vin"),
    year: smallint("year").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    badge: text("badge"),
    body: text("body"),
    fuel: text("fuel"),
    transmission: text("transmission"),
    colour: text("colour"),
    /** Trade-in valuation range for an average odometer reading, in dollars. */
    tradeLow: integer("trade_low"),
    tradeHigh: integer("trade_high"),
  },
  (t) => [uniqueIndex("sample_registrations_rego_state").on(t.rego, t.state)],
);

/** The dev outbox: mail sent while no SMTP_URL is set, shown at /_dev/mail on the platform host. */
export const devMail = pgTable(
  "dev_mail",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    from: text("from").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments")
      .$type<Array<{ filename: string; contentType: string; size: number; content?: string }>>()
      .notNull()
      .default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dev_mail_created").on(t.createdAt)],
);

export type LeadRow = typeof leads.$inferSelect;
export type LeadDeliveryRow = typeof leadDeliveries.$inferSelect;

// ---- Payments: reservations (holds) and card payments (docs/product/payments.md) ----

/**
 * A shopper's reservation of a vehicle: taken as a hold before the payment starts, paid, or
 * ended (expired, declined, cancelled, refunded). One active hold per vehicle, by constraint.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id"),
    /** 'reserve' or 'buy-online'. */
    kind: text("kind").notNull(),
    /** held | paid | expired | declined | cancelled | refunded */
    status: text("status").notNull(),
    provider: text("provider").notNull(),
    paymentId: text("payment_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The vehicle's price when the hold was taken (the lead and receipt quote it). */
    vehiclePrice: doublePrecision("vehicle_price").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    shopper: jsonb("shopper")
      .$type<{ firstName: string; lastName: string; email: string; phone: string }>()
      .notNull(),
    /** What the checkout journey collected (trade-in, finance, delivery), for the lead. */
    extra: jsonb("extra").$type<Record<string, string>>().notNull().default({}),
    failureMessage: text("failure_message"),
    /** A payment that arrived after its hold expired: 'kept' or 'refunded'. */
    lateDecision: text("late_decision"),
    refundId: text("refund_id"),
    leadId: uuid("lead_id"),
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    /** Taken through the built-in test card provider: no money moved. */
    testPayment: boolean("test_payment").notNull().default(false),
    /** A charge or refund of this reservation under way at its provider since then (one at a time). */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** Counts charges attempted: the provider's idempotency key of a charge carries it. */
    claimAttempt: integer("claim_attempt").notNull().default(0),
    /** The shopper's key to the personal part of the reservation page (cookie, e-mailed link). */
    accessToken: text("access_token"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reservations_one_active_per_vehicle")
      .on(t.vehicleId)
      .where(sql`status IN ('held', 'paid')`),
    uniqueIndex("reservations_provider_payment").on(t.provider, t.paymentId),
    index("reservations_site_created").on(t.siteId, t.createdAt),
    index("reservations_status_expires").on(t.status, t.expiresAt),
  ],
);

/** Provider webhook events already applied: the same event twice changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    paymentId: text("payment_id"),
    reservationId: uuid("reservation_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event").on(t.provider, t.eventId)],
);

/**
 * The built-in test card provider's own records (server/payments/test-provider.ts): it keeps
 * them in the database so that every server process answers for the same payment.
 */
export const testProviderPayments = pgTable(
  "test_provider_payments",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reference: text("reference").notNull(),
    description: text("description").notNull(),
    /** requires_payment_method | requires_action | succeeded | failed | cancelled */
    status: text("status").notNull(),
    cardLast4: text("card_last4"),
    failureMessage: text("failure_message"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    returnUrl: text("return_url").notNull(),
    webhookHost: text("webhook_host").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_provider_payments_idempotency").on(t.idempotencyKey)],
);
// ---------------------------------------------------------------------------------------------
// Back office: staff accounts, their sessions, one-time links (invitation, password reset) and
// the audit log of every change they make (docs/product/back-office.md, decision 027).
// ---------------------------------------------------------------------------------------------

/**
 * A member of staff. `role` decides what the staff scope (server/admin/staff-scope.ts) lets them
 * reach: platform_admin (everything), group_admin (one group), dealership_manager and
 * sales_staff (one dealership).
 */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    /** Lower case; the sign-in name. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    dealershipGroupId: integer("dealership_group_id").references(() => dealershipGroups.id, {
      onDelete: "cascade",
    }),
    dealershipId: integer("dealership_id").references(() => dealerships.id, {
      onDelete: "cascade",
    }),
    /** `scrypt$N$r$p$salt$hash` (server/admin/passwords.ts); null until an invitation is accepted. */
    passwordHash: text("password_hash"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_users_email").on(t.email),
    check(
      "staff_users_role",
      sql`${t.role} IN ('platform_admin', 'group_admin', 'dealership_manager', 'sales_staff')`,
    ),
    check(
      "staff_users_role_reach",
      sql`(${t.role} = 'platform_admin' AND ${t.dealershipGroupId} IS NULL AND ${t.dealershipId} IS NULL)
        OR (${t.role} = 'group_admin' AND ${t.dealershipGroupId} IS NOT NULL AND ${t.dealershipId} IS NULL)
        OR (${t.role} IN ('dealership_manager', 'sales_staff') AND ${t.dealershipId} IS NOT NULL)`,
    ),
  ],
);

/** A signed-in browser: the cookie holds a random token, the table only its SHA-256. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    /** Every back office form posts it back (server/admin/csrf.ts). */
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    clientIp: text("client_ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    uniqueIndex("staff_sessions_token").on(t.tokenHash),
    index("staff_sessions_user").on(t.staffUserId),
  ],
);

/** One-time links sent by e-mail: an invitation or a password reset (the token stored hashed). */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    /** invitation or password_reset. */
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_tokens_token").on(t.tokenHash),
    check("staff_tokens_purpose", sql`${t.purpose} IN ('invitation', 'password_reset')`),
  ],
);

/**
 * Keys the back office signs its cookies and signed-out forms with (server/admin/signing-key.ts):
 * made once per database, so every web node checks what another signed.
 */
export const staffSigningKeys = pgTable("staff_signing_keys", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every change a member of staff makes: who, when, where, what, and the row before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    /** Kept when the account is removed. */
    staffEmail: text("staff_email").notNull(),
    dealershipGroupId: integer("dealership_group_id").references(() => dealershipGroups.id, {
      onDelete: "cascade",
    }),
    siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id").references(() => dealerships.id, {
      onDelete: "set null",
    }),
    /** What was done, `area.verb` (lead.status, lead.resend, routing.update, staff.sign_in...). */
    action: text("action").notNull(),
    /** The changed record: `lead:{uuid}`, `vehicle:{id}`... */
    subject: text("subject"),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    requestId: text("request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_group_created").on(t.dealershipGroupId, t.createdAt),
    index("audit_log_site_created").on(t.siteId, t.createdAt),
  ],
);

/**
 * Where a lead stands with the dealership (new, contacted, appointment_set, sold, lost): one row
 * per lead once staff first change it (no row = new), and each change with its note and author.
 */
export const leadStatusChanges = pgTable(
  "lead_status_changes",
  {
    id: serial("id").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    note: text("note"),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    staffName: text("staff_name").notNull(),
    /** The latest change of its lead: the lead's current status. */
    current: boolean("current").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_status_changes_lead").on(t.leadId, t.id),
    uniqueIndex("lead_status_changes_current")
      .on(t.leadId)
      .where(sql`${t.current}`),
    check(
      "lead_status_changes_status",
      sql`${t.status} IN ('new', 'contacted', 'appointment_set', 'sold', 'lost')`,
    ),
  ],
);

export type StaffUserRow = typeof staffUsers.$inferSelect;

// ---- Back office editors: vehicle photos uploaded by staff ----

/** Bytes as PostgreSQL `bytea` (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * Photos staff upload in the vehicle editor, kept in the database so that every web node serves
 * them (`/media/photos/{id}.{ext}` on the site's host). Checked by their content before storing.
 */
export const vehiclePhotoFiles = pgTable(
  "vehicle_photo_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vehicle_photo_files_site").on(t.siteId)],
);

// ---- Garage: shoppers signed in with a mobile number, their watchlist and alerts (server/garage) ----

/** A shopper of one site, known by a mobile number in E.164; name and e-mail given at registration. */
export const garageUsers = pgTable(
  "garage_users",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    name: text("name"),
    email: text("email"),
    /** Secret of the one-click unsubscribe link of every alert (no sign-in needed). */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    alertsOff: boolean("alerts_off").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("garage_users_site_phone").on(t.siteId, t.phone),
    uniqueIndex("garage_users_unsubscribe").on(t.unsubscribeToken),
  ],
);

/** Sign-in codes sent by SMS: only a hash is kept; valid 10 minutes, 5 attempts. */
export const garageCodes = pgTable(
  "garage_codes",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("garage_codes_phone").on(t.siteId, t.phone, t.createdAt)],
);

/** Shopper sessions: the cookie holds a random token, the table its hash. */
export const garageSessions = pgTable(
  "garage_sessions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => garageUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("garage_sessions_token").on(t.tokenHash)],
);

/** A signed-in shopper's saved vehicles. */
export const garageWatchlist = pgTable(
  "garage_watchlist",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => garageUsers.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("garage_watchlist_user_vehicle").on(t.userId, t.vehicleId),
    index("garage_watchlist_vehicle").on(t.vehicleId),
  ],
);

/** A saved search (the SRP's path and query) and when its digest last ran. */
export const garageSavedSearches = pgTable(
  "garage_saved_searches",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => garageUsers.id, { onDelete: "cascade" }),
    search: text("search").notNull(),
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("garage_saved_searches_user_search").on(t.userId, t.search)],
);

/**
 * The alert outbox: one row per message to send, written in the stock write's transaction.
 * `dedupeKey` makes each alert once per watcher and event (sold, a price drop, a digest day).
 */
export const garageAlerts = pgTable(
  "garage_alerts",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => garageUsers.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"sold" | "price_drop" | "search_digest">().notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("garage_alerts_dedupe").on(t.dedupeKey),
    index("garage_alerts_due").on(t.status, t.nextAttemptAt),
  ],
);

/** SMS sent while no SMS provider is configured (shown at /_dev/sms on the platform host). */
export const devSms = pgTable("dev_sms", {
  id: serial("id").primaryKey(),
  siteId: integer("site_id").references(() => sites.id, { onDelete: "cascade" }),
  to: text("to").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
