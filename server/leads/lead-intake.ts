/**
 * Lead intake: every lead, from the JSON API or a form's action, comes through here.
 *
 * The server (not the browser) adds and checks the extras of SPEC.md section 7 through the
 * domain's payload builder, checks that a named dealership, location and vehicle belong to the
 * site, takes a booking slot, and writes the lead, its audit event, its files, its booking and
 * its delivery jobs in ONE transaction: once this answers success, the lead is stored and its
 * delivery will happen, whatever fails afterwards.
 *
 * A repeat of a submission returns the first lead: by Idempotency-Key (header or the payload's
 * client key) or, without a key, by a fingerprint of what the visitor typed (10 minutes).
 */
import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { DEFAULT_ENQUIRY_CATEGORY, prepareEnquirySubmission } from "~/domain/enquiry-form";
import { buildLeadPayload, leadName, successPagePath, type LeadFormValues } from "~/domain/lead";
import { pickTrackingParams } from "~/domain/tracking";
import { BOOKING_KINDS, describeSlot, type BookingKind } from "~/domain/booking-slots";
import type { Database } from "../db/client";
import {
  bookings,
  leadDeliveries,
  leadEvents,
  leadFiles,
  leadRecipients,
  leads,
  locations,
  testLeads,
  vehicles,
} from "../db/schema";
import type { Site } from "../sites/site";
import { onSiteOrigin } from "../sites/site-origin";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE } from "./guard";
import type { LeadDetails, LeadVehicleSnapshot } from "./lead-document";
import {
  isCompletedSubmission,
  textOf,
  validateContactFields,
  type LeadFields,
  type LeadValue,
} from "./lead-fields";
import { OUTBOX_CHANNEL } from "./delivery-worker";
import type { SlotService } from "./slots";
import { isSiteLeadCategory, UNKNOWN_CATEGORY_MESSAGE } from "./lead-categories";
import type { LeadFileStore, ReceivedFile, StoredFile } from "./uploads";

export type LeadMeta = {
  requestId: string;
  userAgent: string;
  clientIp: string | null;
  /** The site's configured origin (server/sites/site-origin.ts): links in e-mail use it. */
  origin: string;
  /** The page the form was on, when known from the request (a form action's own URL, Referer). */
  pageUrl: string | null;
};

export type LeadMode = "live" | "test";

export type IntakeInput = {
  site: Site;
  fields: LeadFields;
  files?: ReceivedFile[];
  idempotencyKey?: string | null;
  meta: LeadMeta;
  mode: LeadMode;
  /** 'car-clarity' for the finance partner endpoint; otherwise the site's leadTarget. */
  target?: "server" | "car-clarity";
};

export type IntakeSuccess = {
  ok: true;
  status: 200 | 201;
  id: string;
  replayed: boolean;
  completed: boolean;
  category: string;
  successPath: string | null;
};
export type IntakeFailure = {
  ok: false;
  status: 400 | 404 | 409 | 422;
  error: string;
  errors: Record<string, string>;
};
export type IntakeResult = IntakeSuccess | IntakeFailure;

export const CHECK_FIELDS_MESSAGE = "Please check the highlighted fields.";
export const SLOT_TAKEN_MESSAGE = "That time has just been booked. Please choose another time.";
export const LEAD_NOT_FOUND_MESSAGE = "We could not find that form. Please start again.";
export const LEAD_ALREADY_SENT_MESSAGE =
  "This form has already been sent. Please start a new one to change it.";

/** Fields the server owns or uses for bookkeeping: never part of a fingerprint. */
const SERVER_KEYS = new Set([
  "url",
  "user_agent",
  "visited_pages",
  "linked_query_params",
  "idempotency_key",
  "client_key",
  HONEYPOT_FIELD,
  "lead_id",
  "source",
  "website_slug",
  "step_number",
  "skipped_steps",
]);

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINGERPRINT_WINDOW_MS = 10 * 60_000;

class SlotTakenError extends Error {}

function fail(
  status: IntakeFailure["status"],
  error: string,
  errors: Record<string, string> = {},
): IntakeFailure {
  return { ok: false, status, error, errors };
}

function numberOf(value: LeadValue | undefined): number | null {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What the visitor typed, hashed: the same submission twice gives the same fingerprint. */
export function leadFingerprint(siteId: number, fields: LeadFields, completed: boolean): string {
  const typed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SERVER_KEYS.has(key)) continue;
    typed[key] = typeof value === "string" ? value.trim() : value;
  }
  return createHash("sha256")
    .update(`${siteId}:${completed}:${stableJson(typed)}`)
    .digest("hex");
}

type Resolved = {
  values: LeadFormValues;
  details: LeadDetails;
  dealershipId: number | null;
  locationId: number | null;
  vehicleId: number | null;
  booking: { kind: BookingKind; locationId: number; start: string } | null;
  category: string;
  subcategory: string | null;
  /** For push-to-primary sites (SPEC.md section 7). */
  primaryLocationId: number | null;
  primaryDealershipSlug: string | null;
};

export type LeadIntakeDependencies = {
  db: Database;
  files: LeadFileStore;
  slots: SlotService;
  /** Called after a commit that queued deliveries (wakes this process's worker). */
  onQueued: () => void;
  partnerConfigured: boolean;
  /** PostgreSQL: NOTIFY other processes' workers of new leads. */
  notifyOtherProcesses: boolean;
};

export class LeadIntake {
  constructor(private readonly deps: LeadIntakeDependencies) {}

  /** POST /api/leads, POST /api/leads/with-files and every form action. */
  async create(input: IntakeInput): Promise<IntakeResult> {
    try {
      const result = await this.#create(input);
      if (!result.ok) await this.deps.files.discard(input.files ?? []);
      return result;
    } catch (error) {
      await this.deps.files.discard(input.files ?? []);
      throw error;
    }
  }

  async #create(input: IntakeInput): Promise<IntakeResult> {
    const { site, fields } = input;
    if (textOf(fields[HONEYPOT_FIELD]) !== "") return fail(400, HONEYPOT_MESSAGE);

    const key =
      input.idempotencyKey ?? (textOf(fields.idempotency_key) || textOf(fields.client_key) || null);
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      return fail(
        400,
        "The idempotency key must be 8 to 200 letters, digits, '.', '_', ':' or '-'.",
        {
          idempotency_key: "Not a valid key.",
        },
      );
    }
    const completed = isCompletedSubmission(fields);
    const errors = validateContactFields(fields, site.settings, { completed });
    const resolved = await this.#resolve(input, fields, completed, errors);
    if (Object.keys(errors).length > 0) {
      const status = errors.booking_time === SLOT_TAKEN_MESSAGE ? 409 : 422;
      return fail(status, CHECK_FIELDS_MESSAGE, errors);
    }
    const payload = this.#payload(input, resolved, null);
    const fingerprint = leadFingerprint(site.id, fields, completed);

    if (input.mode === "test")
      return this.#createTestLead(input, payload, key, completed, resolved.category);

    const id = randomUUID();
    let stored: StoredFile[] = [];
    if (input.files && input.files.length > 0)
      stored = await this.deps.files.commit(site.id, input.files);
    try {
      const outcome = await this.deps.db.transaction(async (tx) => {
        // A repeat of the same submission returns the first lead.
        if (key !== null) {
          const [existing] = await tx
            .select({
              id: leads.id,
              fingerprint: leads.fingerprint,
              formCompleted: leads.formCompleted,
              category: leads.category,
            })
            .from(leads)
            .where(and(eq(leads.siteId, site.id), eq(leads.idempotencyKey, key)));
          if (existing) return { replay: existing };
        } else {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${fingerprint}, 0))`);
          const [existing] = await tx
            .select({
              id: leads.id,
              fingerprint: leads.fingerprint,
              formCompleted: leads.formCompleted,
              category: leads.category,
            })
            .from(leads)
            .where(
              and(
                eq(leads.siteId, site.id),
                eq(leads.fingerprint, fingerprint),
                eq(leads.formCompleted, completed),
                gt(leads.createdAt, new Date(Date.now() - FINGERPRINT_WINDOW_MS)),
              ),
            )
            .orderBy(desc(leads.createdAt))
            .limit(1);
          if (existing) return { replay: existing };
        }

        const now = new Date();
        const inserted = await tx
          .insert(leads)
          .values({
            id,
            siteId: site.id,
            category: resolved.category,
            subcategory: resolved.subcategory,
            formCompleted: completed,
            leadStatus: textOf(fields.lead_status) || null,
            stepNumber: numberOf(fields.step_number),
            deliveryStatus: completed ? "pending" : "incomplete",
            target: input.target ?? site.settings.leadTarget,
            dealershipId: resolved.dealershipId,
            locationId: resolved.locationId,
            vehicleId: resolved.vehicleId,
            ...contactColumns(payload),
            payload,
            details: resolved.details,
            idempotencyKey: key,
            fingerprint,
            clientIp: input.meta.clientIp,
            userAgent: input.meta.userAgent.slice(0, 500),
            createdAt: now,
            updatedAt: now,
            completedAt: completed ? now : null,
          })
          .onConflictDoNothing()
          .returning({ id: leads.id });
        if (inserted.length === 0) {
          // Another request with the same key committed first.
          const [existing] = await tx
            .select({
              id: leads.id,
              fingerprint: leads.fingerprint,
              formCompleted: leads.formCompleted,
              category: leads.category,
            })
            .from(leads)
            .where(and(eq(leads.siteId, site.id), eq(leads.idempotencyKey, key ?? "")));
          if (existing) return { replay: existing };
          throw new Error("lead insert conflicted without an existing lead");
        }
        await tx.insert(leadEvents).values({
          leadId: id,
          siteId: site.id,
          kind: completed ? "created" : "step_saved",
          requestId: input.meta.requestId,
          data: {
            category: resolved.category,
            step_number: numberOf(fields.step_number),
            fields: Object.keys(payload).sort(),
            files: stored.length,
            idempotency_key: key,
          },
        });
        if (stored.length > 0) {
          await tx.insert(leadFiles).values(
            stored.map((f) => ({
              id: f.id,
              leadId: id,
              siteId: site.id,
              fieldName: f.fieldName,
              originalName: f.originalName,
              contentType: f.contentType,
              size: f.size,
              sha256: f.sha256,
              storageKey: f.storageKey,
            })),
          );
          await tx.insert(leadEvents).values(
            stored.map((f) => ({
              leadId: id,
              siteId: site.id,
              kind: "file_added",
              requestId: input.meta.requestId,
              data: {
                file_id: f.id,
                name: f.originalName,
                content_type: f.contentType,
                size: f.size,
              },
            })),
          );
        }
        let queued = 0;
        if (completed) {
          if (resolved.booking) await takeSlot(tx, site, resolved.booking, id, this.deps.slots);
          queued = await this.#queueDeliveries(
            tx,
            site,
            id,
            resolved,
            input.target ?? site.settings.leadTarget,
            input.meta.requestId,
          );
        }
        return { created: true as const, queued };
      });

      if ("replay" in outcome && outcome.replay) {
        await this.deps.files.discard(stored);
        const replay = outcome.replay;
        if (key !== null && replay.fingerprint !== fingerprint) {
          return fail(422, "This idempotency key was already used for a different form.", {
            idempotency_key: "Already used for a different form.",
          });
        }
        return success(200, replay.id, true, replay.formCompleted, replay.category);
      }
      if (outcome.queued > 0) this.deps.onQueued();
      return success(201, id, false, completed, resolved.category);
    } catch (error) {
      await this.deps.files.discard(stored);
      if (error instanceof SlotTakenError)
        return fail(409, CHECK_FIELDS_MESSAGE, { booking_time: SLOT_TAKEN_MESSAGE });
      throw error;
    }
  }

  /** PUT /api/leads/{id}: a later step of a multi-step form, or its final submission. */
  async update(input: IntakeInput & { leadId: string }): Promise<IntakeResult> {
    const { site, fields } = input;
    if (textOf(fields[HONEYPOT_FIELD]) !== "") return fail(400, HONEYPOT_MESSAGE);
    if (!UUID.test(input.leadId)) return fail(404, LEAD_NOT_FOUND_MESSAGE);
    if (input.mode === "test") return this.#updateTestLead(input);

    const [lead] = await this.deps.db
      .select()
      .from(leads)
      .where(and(eq(leads.id, input.leadId), eq(leads.siteId, site.id)));
    if (!lead) return fail(404, LEAD_NOT_FOUND_MESSAGE);
    const completed = isCompletedSubmission(fields);
    if (lead.formCompleted) {
      // A repeated final submission (a double click) is answered like the first one.
      return completed
        ? success(200, lead.id, true, true, lead.category)
        : fail(409, LEAD_ALREADY_SENT_MESSAGE);
    }

    // Later steps add to what the visitor sent before (not to the built payload, whose extras
    // and push-to-primary overrides are the server's).
    const before = ((lead.details as LeadDetails).fields ?? {}) as LeadFields;
    const merged: LeadFields = { ...before, ...fields };
    const errors = validateContactFields(merged, site.settings, { completed });
    const resolved = await this.#resolve(input, merged, completed, errors);
    if (Object.keys(errors).length > 0) {
      const status = errors.booking_time === SLOT_TAKEN_MESSAGE ? 409 : 422;
      return fail(status, CHECK_FIELDS_MESSAGE, errors);
    }
    const payload = this.#payload({ ...input, fields: merged }, resolved, lead.id);
    const changes = changedKeys(lead.payload, payload);

    try {
      const outcome = await this.deps.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ formCompleted: leads.formCompleted })
          .from(leads)
          .where(eq(leads.id, lead.id))
          .for("update");
        if (!current) return { missing: true as const };
        if (current.formCompleted) return { alreadyCompleted: true as const };
        const now = new Date();
        await tx
          .update(leads)
          .set({
            category: resolved.category,
            subcategory: resolved.subcategory,
            formCompleted: completed,
            leadStatus: textOf(merged.lead_status) || null,
            stepNumber: numberOf(merged.step_number),
            deliveryStatus: completed ? "pending" : "incomplete",
            dealershipId: resolved.dealershipId,
            locationId: resolved.locationId,
            vehicleId: resolved.vehicleId,
            ...contactColumns(payload),
            payload,
            details: resolved.details,
            updatedAt: now,
            completedAt: completed ? now : null,
          })
          .where(eq(leads.id, lead.id));
        await tx.insert(leadEvents).values({
          leadId: lead.id,
          siteId: site.id,
          kind: completed ? "completed" : "step_saved",
          requestId: input.meta.requestId,
          data: { step_number: numberOf(merged.step_number), changed: changes },
        });
        let queued = 0;
        if (completed) {
          if (resolved.booking)
            await takeSlot(tx, site, resolved.booking, lead.id, this.deps.slots);
          queued = await this.#queueDeliveries(
            tx,
            site,
            lead.id,
            resolved,
            lead.target as "server" | "car-clarity",
            input.meta.requestId,
          );
        }
        return { queued };
      });
      if ("missing" in outcome) return fail(404, LEAD_NOT_FOUND_MESSAGE);
      if ("alreadyCompleted" in outcome) {
        return completed
          ? success(200, lead.id, true, true, lead.category)
          : fail(409, LEAD_ALREADY_SENT_MESSAGE);
      }
      if (outcome.queued > 0) this.deps.onQueued();
      return success(200, lead.id, false, completed, resolved.category);
    } catch (error) {
      if (error instanceof SlotTakenError)
        return fail(409, CHECK_FIELDS_MESSAGE, { booking_time: SLOT_TAKEN_MESSAGE });
      throw error;
    }
  }

  /** Checks the dealership, location, vehicle and booking a lead names; adds field errors. */
  async #resolve(
    input: IntakeInput,
    fields: LeadFields,
    completed: boolean,
    errors: Record<string, string>,
  ): Promise<Resolved> {
    const { site } = input;
    const { db } = this.deps;
    const details: LeadDetails = { origin: input.meta.origin };
    details.fields = Object.fromEntries(
      Object.entries(fields).filter(
        ([key]) => key !== HONEYPOT_FIELD && key !== "idempotency_key" && key !== "client_key",
      ),
    );
    const values: LeadFormValues = {};
    for (const [key, value] of Object.entries(fields)) {
      if (key === HONEYPOT_FIELD || key === "idempotency_key" || key === "client_key") continue;
      values[key] = typeof value === "string" ? value.trim() : value;
    }

    // Dealership: one of this site's (SPEC.md: preferredDealership in finance links).
    const chosenDealership = textOf(fields.dealership_slug) || textOf(fields.preferredDealership);
    let dealership = site.dealerships.find((d) => d.slug === chosenDealership) ?? null;
    if (chosenDealership && !dealership) {
      errors.dealership_slug = "Please choose one of our dealerships.";
    }
    if (chosenDealership && dealership) values.dealership_slug = dealership.slug;

    // Location: by id, or by name or slug (the 'location' field of the enquiry form).
    const siteLocations = await db
      .select({
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        dealershipId: locations.dealershipId,
        visible: locations.visible,
        primary: locations.primary,
        contactDetail: locations.contactDetail,
        address: locations.address,
      })
      .from(locations)
      .where(eq(locations.siteId, site.id));
    const locationRef =
      numberOf(fields.location_id) ??
      (textOf(fields.location_id) || textOf(fields.location) || null);
    let location =
      locationRef === null
        ? null
        : (siteLocations.find(
            (l) =>
              l.visible &&
              (l.id === locationRef || l.slug === locationRef || l.name === locationRef),
          ) ?? null);
    if (locationRef !== null && !location) {
      errors[
        fields.location !== undefined && fields.location_id === undefined
          ? "location"
          : "location_id"
      ] = "Please choose one of our locations.";
    }

    // Vehicle: one of this site's; a vehicle since removed does not lose the lead.
    let vehicle: LeadVehicleSnapshot | null = null;
    let vehicleRow: { dealershipId: number; locationId: number | null } | null = null;
    const carRef = textOf(fields.car_id);
    if (carRef !== "") {
      const byId = numberOf(fields.car_id);
      const [row] = await db
        .select()
        .from(vehicles)
        .where(
          and(
            eq(vehicles.siteId, site.id),
            byId !== null ? eq(vehicles.id, byId) : eq(vehicles.slug, carRef),
          ),
        )
        .limit(1);
      if (row) {
        vehicleRow = row;
        vehicle = {
          id: row.id,
          name: row.name,
          year: row.year,
          make: row.make,
          model: row.model,
          badge: row.badge,
          vin: row.vin,
          stocknum: row.stocknum,
          carType: row.carType,
          status: row.status,
          price: row.price,
          km: row.km,
          colour: row.colour,
          url: `${input.meta.origin}/${site.settings.vehiclePath}/${row.slug}`,
        };
        // The vehicle fields of SPEC.md section 3, from the vehicle itself.
        values.car_id = row.id;
        values.stock_number = row.stocknum;
        values["Vehicle Make"] = row.make;
        values["Vehicle Model"] = row.model;
        values.car_type = row.carType;
        values.vehicle_status = row.status;
      }
    }
    details.vehicle = vehicle;

    if (!location && vehicleRow?.locationId)
      location = siteLocations.find((l) => l.id === vehicleRow!.locationId) ?? null;
    if (!dealership && location)
      dealership = site.dealerships.find((d) => d.id === location!.dealershipId) ?? null;
    if (!dealership && vehicleRow)
      dealership = site.dealerships.find((d) => d.id === vehicleRow!.dealershipId) ?? null;
    if (location) values.location_id = location.id;

    // Booking: a free slot of the chosen location.
    let booking: Resolved["booking"] = null;
    const bookingTime = textOf(fields.booking_time);
    if (bookingTime !== "" && completed) {
      const kind = (textOf(fields.booking_type) || "test_drive") as BookingKind;
      if (!BOOKING_KINDS.includes(kind)) {
        errors.booking_type = "Choose a test drive or a service booking.";
      } else if (!location) {
        errors.location_id ??= "Please choose a location for your booking.";
      } else {
        const slot = await this.deps.slots.findSlot(site, location.id, kind, bookingTime);
        if (!slot) {
          errors.booking_time = SLOT_TAKEN_MESSAGE;
        } else {
          booking = { kind, locationId: location.id, start: slot.start };
          values.booking_time = slot.start;
          values.booking_type = kind;
          details.booking = {
            kind,
            start: slot.start,
            label: describeSlot(slot.start, site.settings.bookingTimeZone, site.locale),
            timeZone: site.settings.bookingTimeZone,
            locationName: location.name,
          };
        }
      }
    }

    const rego = textOf(fields.Rego) || textOf(fields.rego);
    const tradeMake = textOf(fields.trade_in_make);
    if (rego || tradeMake) {
      details.tradeIn = {
        rego: rego ? rego.toUpperCase() : null,
        state: textOf(fields.regoState) || textOf(fields.trade_in_state) || null,
        year: textOf(fields.trade_in_year) || null,
        make: tradeMake || null,
        model: textOf(fields.trade_in_model) || null,
        km: textOf(fields.trade_in_km) || null,
      };
    }
    details.dealership = dealership
      ? { id: dealership.id, name: dealership.name, slug: dealership.slug }
      : null;
    details.location = location
      ? {
          id: location.id,
          name: location.name,
          slug: location.slug,
          phone: location.contactDetail.phone,
          email: location.contactDetail.email,
          address: location.address.full,
        }
      : null;

    // SPEC.md section 5: careers mapping, yes/no fields, opt-in default.
    const category = textOf(fields.category) || DEFAULT_ENQUIRY_CATEGORY;
    if (!isSiteLeadCategory(category, site)) errors.category = UNKNOWN_CATEGORY_MESSAGE;
    values.category = category;
    const prepared = prepareEnquirySubmission(values as never, site.settings) as LeadFormValues;
    // The opt-in box starts ticked on the forms that show it; a lead whose form had no such box
    // has given no consent, so none is recorded.
    if (fields.opt_in === undefined) delete prepared.opt_in;
    Object.assign(values, prepared);

    const primaryLocation = siteLocations.find((l) => l.primary && l.visible) ?? null;
    const primaryDealership =
      site.dealerships.find((d) => d.id === site.dealershipId) ?? site.dealerships[0] ?? null;
    const finalCategory = textOf(values.category as LeadValue) || DEFAULT_ENQUIRY_CATEGORY;
    return {
      values,
      details,
      dealershipId: dealership?.id ?? null,
      locationId: location?.id ?? null,
      vehicleId: vehicle?.id ?? null,
      booking,
      category: finalCategory,
      subcategory: textOf(values.subcategory as LeadValue) || null,
      primaryLocationId: primaryLocation?.id ?? null,
      primaryDealershipSlug: primaryDealership?.slug ?? null,
    };
  }

  #payload(input: IntakeInput, resolved: Resolved, leadId: string | null): Record<string, unknown> {
    const { site, fields, meta } = input;
    const extra = resolved;
    const pageUrl =
      onSiteOrigin(textOf(fields.url), meta.origin) ??
      onSiteOrigin(meta.pageUrl, meta.origin) ??
      `${meta.origin}/`;
    const visited = Array.isArray(fields.visited_pages)
      ? fields.visited_pages
          .map((p) => onSiteOrigin(String(p), meta.origin))
          .filter((p): p is string => p !== null)
          .map((p) => p.slice(meta.origin.length) || "/")
      : [];
    const linked = fields.linked_query_params;
    const linkedQuery =
      typeof linked === "string"
        ? linked
        : linked && typeof linked === "object" && !Array.isArray(linked)
          ? new URLSearchParams(
              Object.entries(linked).map(([k, v]) => [k, String(v ?? "")]),
            ).toString()
          : "";
    const tracking = { ...pickTrackingParams(pageUrl), ...pickTrackingParams(linkedQuery) };
    const { lead } = buildLeadPayload(
      { ...resolved.values, lead_id: leadId },
      {
        websiteSlug: site.slug,
        dealershipSlug: extra.details.dealership?.slug ?? extra.primaryDealershipSlug,
        url: pageUrl,
        userAgent: meta.userAgent,
        visitedPages: visited,
        linkedQueryParams: tracking,
        primaryLocationId: extra.primaryLocationId,
        primaryDealershipSlug: extra.primaryDealershipSlug,
      },
      site.settings,
    );
    return lead;
  }

  /** Outbox rows for a completed lead, in the lead's transaction. */
  async #queueDeliveries(
    tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
    site: Site,
    leadId: string,
    resolved: Resolved,
    target: "server" | "car-clarity",
    requestId: string,
  ): Promise<number> {
    const rows = await tx.select().from(leadRecipients).where(eq(leadRecipients.siteId, site.id));
    const forCategory = rows.filter(
      (r) => r.categories.length === 0 || r.categories.includes(resolved.category),
    );
    const atLocation = forCategory.filter(
      (r) => resolved.locationId !== null && r.locationId === resolved.locationId,
    );
    const atDealership = forCategory.filter(
      (r) =>
        r.locationId === null &&
        resolved.dealershipId !== null &&
        r.dealershipId === resolved.dealershipId,
    );
    const siteWide = forCategory.filter((r) => r.locationId === null && r.dealershipId === null);
    const emails =
      [atLocation, atDealership, siteWide]
        .map((group) => group.filter((r) => r.channel === "email"))
        .find((g) => g.length > 0)
        ?.map((r) => r.target) ??
      [resolved.details.location?.email, site.contactDetails.email]
        .filter((e): e is string => Boolean(e))
        .slice(0, 1);
    const webhooks = [...atLocation, ...atDealership, ...siteWide]
      .filter((r) => r.channel === "webhook")
      .map((r) => r.target);
    const jobs = [
      ...emails.map((target) => ({ channel: "email", target })),
      ...webhooks.map((target) => ({ channel: "webhook", target })),
      ...(target === "car-clarity" && this.deps.partnerConfigured
        ? [{ channel: "partner", target: "car-clarity" }]
        : []),
    ];
    const unique = [...new Map(jobs.map((j) => [`${j.channel}:${j.target}`, j])).values()];
    if (unique.length === 0) {
      await tx.update(leads).set({ deliveryStatus: "none" }).where(eq(leads.id, leadId));
      await tx
        .insert(leadEvents)
        .values({ leadId, siteId: site.id, kind: "delivery.no_recipient", requestId, data: {} });
      return 0;
    }
    const inserted = await tx
      .insert(leadDeliveries)
      .values(
        unique.map((j) => ({ leadId, siteId: site.id, channel: j.channel, target: j.target })),
      )
      .onConflictDoNothing()
      .returning({
        id: leadDeliveries.id,
        channel: leadDeliveries.channel,
        target: leadDeliveries.target,
      });
    await tx.insert(leadEvents).values({
      leadId,
      siteId: site.id,
      kind: "delivery.queued",
      requestId,
      data: {
        deliveries: inserted.map((d) => ({ id: d.id, channel: d.channel, target: d.target })),
      },
    });
    // Other processes' workers (PostgreSQL) hear of the lead when it commits.
    if (this.deps.notifyOtherProcesses)
      await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${leadId})`);
    return inserted.length;
  }

  async #createTestLead(
    input: IntakeInput,
    payload: Record<string, unknown>,
    key: string | null,
    completed: boolean,
    category: string,
  ): Promise<IntakeResult> {
    // Test mode: the test store only; files are checked, then dropped.
    await this.deps.files.discard(input.files ?? []);
    if (key !== null) {
      const [existing] = await this.deps.db
        .select({ id: testLeads.id, formCompleted: testLeads.formCompleted })
        .from(testLeads)
        .where(and(eq(testLeads.siteId, input.site.id), eq(testLeads.idempotencyKey, key)));
      if (existing) return success(200, existing.id, true, existing.formCompleted, category);
    }
    const id = randomUUID();
    const inserted = await this.deps.db
      .insert(testLeads)
      .values({ id, siteId: input.site.id, formCompleted: completed, payload, idempotencyKey: key })
      .onConflictDoNothing()
      .returning({ id: testLeads.id });
    if (inserted.length === 0) {
      const [existing] = await this.deps.db
        .select({ id: testLeads.id })
        .from(testLeads)
        .where(and(eq(testLeads.siteId, input.site.id), eq(testLeads.idempotencyKey, key ?? "")));
      return success(200, existing?.id ?? id, true, completed, category);
    }
    return success(201, id, false, completed, category);
  }

  async #updateTestLead(input: IntakeInput & { leadId: string }): Promise<IntakeResult> {
    const [lead] = await this.deps.db
      .select()
      .from(testLeads)
      .where(and(eq(testLeads.id, input.leadId), eq(testLeads.siteId, input.site.id)));
    if (!lead) return fail(404, LEAD_NOT_FOUND_MESSAGE);
    const completed = isCompletedSubmission(input.fields);
    if (lead.formCompleted)
      return completed
        ? success(200, lead.id, true, true, String(lead.payload.category ?? ""))
        : fail(409, LEAD_ALREADY_SENT_MESSAGE);
    const merged = { ...(lead.payload as LeadFields), ...input.fields };
    const errors = validateContactFields(merged, input.site.settings, { completed });
    if (Object.keys(errors).length > 0) return fail(422, CHECK_FIELDS_MESSAGE, errors);
    const payload = { ...merged, lead_id: lead.id, name: leadName(merged as LeadFormValues) };
    await this.deps.db
      .update(testLeads)
      .set({ payload, formCompleted: completed, updatedAt: new Date() })
      .where(eq(testLeads.id, lead.id));
    return success(
      200,
      lead.id,
      false,
      completed,
      textOf(merged.category) || DEFAULT_ENQUIRY_CATEGORY,
    );
  }
}

function success(
  status: 200 | 201,
  id: string,
  replayed: boolean,
  completed: boolean,
  category: string,
): IntakeSuccess {
  return {
    ok: true,
    status,
    id,
    replayed,
    completed,
    category,
    successPath: completed ? successPagePath(category, { lead_id: id }) : null,
  };
}

function contactColumns(payload: Record<string, unknown>) {
  const str = (v: unknown) =>
    typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, 300) : null;
  return {
    name: str(payload.name),
    firstName: str(payload.first_name),
    lastName: str(payload.last_name),
    email: str(payload.email),
    phone: str(payload.phone),
    postcode: str(payload.postcode),
  };
}

function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => stableJson(before[k]) !== stableJson(after[k])).sort();
}

/** Takes a free seat of the slot; the unique index makes two shoppers unable to take the same one. */
async function takeSlot(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  site: Site,
  booking: { kind: BookingKind; locationId: number; start: string },
  leadId: string,
  slots: SlotService,
): Promise<void> {
  const capacity = slots.capacity(site, booking.kind);
  for (let seat = 1; seat <= capacity; seat += 1) {
    const taken = await tx
      .insert(bookings)
      .values({
        siteId: site.id,
        locationId: booking.locationId,
        kind: booking.kind,
        startsAt: new Date(booking.start),
        seat,
        leadId,
      })
      .onConflictDoNothing()
      .returning({ id: bookings.id });
    if (taken.length > 0) return;
  }
  throw new SlotTakenError();
}
