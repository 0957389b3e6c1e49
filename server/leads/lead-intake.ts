/**
 * Lead intake: every lead, from the JSON API or a form's action, comes through here.
 *
 * It validates the contact fields, resolves what the lead names against the site's own records
 * (lead-resolution.ts), builds the payload (lead-payload.ts), and writes the lead, its audit
 * event, its files, its booking and its delivery jobs (lead-routing.ts) in ONE transaction:
 * once this answers success, the lead is stored and its delivery will happen, whatever fails
 * afterwards. A repeat of a submission returns the first lead (lead-idempotency.ts). Sites in
 * test mode keep their leads apart (test-leads.ts).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { GroupCommit } from "../db/group-commit";
import { leads } from "../db/schema";
import { createSiteScope, type SiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE } from "./guard";
import {
  CHECK_FIELDS_MESSAGE,
  LEAD_ALREADY_SENT_MESSAGE,
  LEAD_NOT_FOUND_MESSAGE,
  fail,
  success,
  type IntakeResult,
} from "./intake-result";
import type { LeadDetails } from "./lead-document";
import {
  isCompletedSubmission,
  positiveIntegerOf,
  textOf,
  validateContactFields,
  type LeadFields,
} from "./lead-fields";
import { createLeadBatchWriter, type NewLead, type NewLeadOutcome } from "./lead-batch";
import { INVALID_KEY_MESSAGE, idempotencyKeyOf, leadFingerprint } from "./lead-idempotency";
import { changedKeys, consentColumns, contactColumns, leadPayload } from "./lead-payload";
import { resolveLead, SLOT_TAKEN_MESSAGE, type ResolvedLead } from "./lead-resolution";
import { queueDeliveries } from "./lead-routing";
import {
  SlotTakenError,
  addLeadEvents,
  takeSlot,
  updateLead,
  type LeadEventRow,
  type LeadRow,
  type Transaction,
} from "./lead-store";
import type { SlotService } from "./slots";
import { createTestLead, updateTestLead } from "./test-leads";
import { findListedVehicle } from "../stock/listed-vehicle";
import type { RecentValuations } from "./recent-valuations";
import type { SearchIndex } from "../stock/search-sync";
import { createSiteSearch } from "../stock/site-search";
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
  /**
   * A paid reservation's vehicle was checked when it was reserved, and may have left the
   * listing since: its lead keeps it. Every other lead names only a vehicle the site lists.
   */
  vehicleReserved?: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LeadIntakeDependencies = {
  db: Database;
  /** The stock search, through which a lead's vehicle is read (the site's stock rules). */
  search: SearchIndex;
  /** Trade-in estimates just shown, which a trade-in lead keeps. */
  valuations: RecentValuations;
  files: LeadFileStore;
  slots: SlotService;
  /** Called after a commit that queued deliveries (wakes this process's worker). */
  onQueued: () => void;
  partnerConfigured: boolean;
  /** PostgreSQL: NOTIFY other processes' workers of new leads. */
  notifyOtherProcesses: boolean;
  /** PGlite: one connection, so its transactions never overlap (no locks needed between them). */
  transactionsRunOneAtATime: boolean;
  /** The server log: a completed lead without a phone is logged as a warning (the dealer cannot call back). */
  logger?: Pick<Logger, "warn">;
};

/** The columns a submission sets on its lead row, whether it creates the lead or completes it. */
function submissionColumns(
  site: Site,
  resolved: ResolvedLead,
  payload: Record<string, unknown>,
  fields: LeadFields,
  completed: boolean,
  now: Date,
  consentGivenBefore: Date | null = null,
) {
  return {
    category: resolved.category,
    subcategory: resolved.subcategory,
    formCompleted: completed,
    leadStatus: textOf(fields.lead_status) || null,
    stepNumber: positiveIntegerOf(fields.step_number),
    deliveryStatus: completed ? "pending" : "incomplete",
    dealershipId: resolved.dealershipId,
    locationId: resolved.locationId,
    vehicleId: resolved.vehicleId,
    ...contactColumns(payload),
    ...consentColumns(site, fields, now, consentGivenBefore),
    payload,
    details: resolved.details,
    updatedAt: now,
    completedAt: completed ? now : null,
  } satisfies Partial<LeadRow>;
}

/** Field errors answer 422, a booking slot taken meanwhile 409. */
function fieldFailure(errors: Record<string, string>): IntakeResult {
  const status = errors.booking_time === SLOT_TAKEN_MESSAGE ? 409 : 422;
  return fail(status, CHECK_FIELDS_MESSAGE, errors);
}

const slotTaken = () => fail(409, CHECK_FIELDS_MESSAGE, { booking_time: SLOT_TAKEN_MESSAGE });

export class LeadIntake {
  readonly #batches: GroupCommit<NewLead, NewLeadOutcome>;

  constructor(private readonly deps: LeadIntakeDependencies) {
    this.#batches = createLeadBatchWriter({
      db: deps.db,
      capacity: (site, kind) => deps.slots.capacity(site, kind),
      notifyOtherProcesses: deps.notifyOtherProcesses,
      transactionsRunOneAtATime: deps.transactionsRunOneAtATime,
    });
  }

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
    const key = idempotencyKeyOf(input.idempotencyKey, fields);
    if (key === undefined)
      return fail(400, INVALID_KEY_MESSAGE, { idempotency_key: "Not a valid key." });

    const scope = createSiteScope(this.deps.db, site.id);
    const completed = isCompletedSubmission(fields);
    const errors = validateContactFields(
      fields,
      { ...site.settings, locale: site.locale },
      { completed },
    );
    const resolved = await this.#resolve(input, scope, fields, completed, errors);
    if (Object.keys(errors).length > 0) return fieldFailure(errors);
    const payload = leadPayload(site, fields, input.meta, resolved, null);
    const fingerprint = leadFingerprint(site.id, fields, completed);
    this.#warnWithoutPhone(input, fields, completed, resolved.category);

    if (input.mode === "test") {
      // Test mode: the test store only; files are checked, then dropped.
      await this.deps.files.discard(input.files ?? []);
      return createTestLead(this.deps.db, site, {
        payload,
        key,
        completed,
        category: resolved.category,
      });
    }

    const id = randomUUID();
    let stored: StoredFile[] = [];
    if (input.files && input.files.length > 0)
      stored = await this.deps.files.commit(site.id, input.files);
    try {
      const now = new Date();
      const target = input.target ?? site.settings.leadTarget;
      // Written with the leads that arrive meanwhile, in one transaction (lead-batch.ts).
      const outcome = await this.#batches.submit({
        site,
        scope,
        row: {
          id,
          siteId: site.id,
          ...submissionColumns(site, resolved, payload, fields, completed, now),
          target,
          idempotencyKey: key,
          fingerprint,
          clientIp: input.meta.clientIp,
          userAgent: input.meta.userAgent.slice(0, 500),
          createdAt: now,
        },
        key,
        fingerprint,
        completed,
        requestId: input.meta.requestId,
        resolved,
        files: stored,
        event: {
          leadId: id,
          siteId: site.id,
          kind: completed ? "created" : "step_saved",
          requestId: input.meta.requestId,
          data: {
            category: resolved.category,
            step_number: positiveIntegerOf(fields.step_number),
            fields: Object.keys(payload).sort(),
            files: stored.length,
            idempotency_key: key,
          },
        },
        toPartner: target === "car-clarity" && this.deps.partnerConfigured,
      });

      if ("slotTaken" in outcome) {
        await this.deps.files.discard(stored);
        return slotTaken();
      }
      if ("replay" in outcome) {
        await this.deps.files.discard(stored);
        const { replay } = outcome;
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
      throw error;
    }
  }

  /** PUT /api/leads/{id}: a later step of a multi-step form, or its final submission. */
  async update(input: IntakeInput & { leadId: string }): Promise<IntakeResult> {
    const { site, fields } = input;
    if (textOf(fields[HONEYPOT_FIELD]) !== "") return fail(400, HONEYPOT_MESSAGE);
    if (!UUID.test(input.leadId)) return fail(404, LEAD_NOT_FOUND_MESSAGE);
    if (input.mode === "test") return updateTestLead(this.deps.db, site, input.leadId, fields);

    const scope = createSiteScope(this.deps.db, site.id);
    const lead = await scope.findFirst(leads, eq(leads.id, input.leadId));
    if (!lead) return fail(404, LEAD_NOT_FOUND_MESSAGE);
    const completed = isCompletedSubmission(fields);
    // A repeated final submission (a double click) is answered like the first one.
    const alreadySent = () =>
      completed
        ? success(200, lead.id, true, true, lead.category)
        : fail(409, LEAD_ALREADY_SENT_MESSAGE);
    if (lead.formCompleted) return alreadySent();

    // Later steps add to what the visitor sent before (not to the built payload, whose extras
    // and push-to-primary overrides are the server's).
    const before = ((lead.details as LeadDetails).fields ?? {}) as LeadFields;
    const merged: LeadFields = { ...before, ...fields };
    const errors = validateContactFields(
      merged,
      { ...site.settings, locale: site.locale },
      { completed },
    );
    const resolved = await this.#resolve(input, scope, merged, completed, errors);
    if (Object.keys(errors).length > 0) return fieldFailure(errors);
    const payload = leadPayload(site, merged, input.meta, resolved, lead.id);
    const changes = changedKeys(lead.payload, payload);
    this.#warnWithoutPhone(input, merged, completed, resolved.category);

    try {
      const outcome = await this.deps.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ formCompleted: leads.formCompleted })
          .from(leads)
          .where(scope.own(leads, eq(leads.id, lead.id)))
          .for("update");
        if (!current) return { missing: true as const };
        if (current.formCompleted) return { alreadyCompleted: true as const };
        await updateLead(
          tx,
          lead.id,
          submissionColumns(
            site,
            resolved,
            payload,
            merged,
            completed,
            new Date(),
            lead.marketingConsentAt,
          ),
        );
        const event: LeadEventRow = {
          leadId: lead.id,
          siteId: site.id,
          kind: completed ? "completed" : "step_saved",
          requestId: input.meta.requestId,
          data: { step_number: positiveIntegerOf(merged.step_number), changed: changes },
        };
        const target = lead.target as "server" | "car-clarity";
        const ref = { id: lead.id, siteId: site.id, requestId: input.meta.requestId };
        const done = await this.#complete(tx, scope, site, ref, resolved, completed, target);
        await addLeadEvents(tx, [event, ...done.events]);
        return { queued: done.queued };
      });
      if ("missing" in outcome) return fail(404, LEAD_NOT_FOUND_MESSAGE);
      if ("alreadyCompleted" in outcome) return alreadySent();
      if (outcome.queued > 0) this.deps.onQueued();
      return success(200, lead.id, false, completed, resolved.category);
    } catch (error) {
      if (error instanceof SlotTakenError) return slotTaken();
      throw error;
    }
  }

  /** A lead completed without a phone is logged as a warning: the dealer cannot call back. */
  #warnWithoutPhone(
    input: IntakeInput,
    fields: LeadFields,
    completed: boolean,
    category: string,
  ): void {
    if (!completed || textOf(fields.phone) !== "") return;
    this.deps.logger?.warn(
      { site: input.site.slug, requestId: input.meta.requestId, category },
      "lead without a phone",
    );
  }

  #resolve(
    input: IntakeInput,
    scope: SiteScope,
    fields: LeadFields,
    completed: boolean,
    errors: Record<string, string>,
  ): Promise<ResolvedLead> {
    const search = createSiteSearch(this.deps.search, input.site);
    const context = {
      site: input.site,
      scope,
      slots: this.deps.slots,
      origin: input.meta.origin,
      listedVehicleId: input.vehicleReserved
        ? null
        : (ref: string) => findListedVehicle(search, ref)?.id ?? null,
      tradeInValuation: (rego: string, state: string) =>
        this.deps.valuations.find(input.site.id, rego, state),
    };
    return resolveLead(context, fields, completed, errors);
  }

  /**
   * A completed submission takes its booking seat and queues its deliveries (in its transaction);
   * the events to add after the lead's own (all of a lead's events go in one insert).
   */
  async #complete(
    tx: Transaction,
    scope: SiteScope,
    site: Site,
    lead: { id: string; siteId: number; requestId: string },
    resolved: ResolvedLead,
    completed: boolean,
    target: "server" | "car-clarity",
  ): Promise<{ queued: number; events: LeadEventRow[] }> {
    if (!completed) return { queued: 0, events: [] };
    if (resolved.booking) {
      const capacity = this.deps.slots.capacity(site, resolved.booking.kind);
      await takeSlot(tx, { siteId: site.id, ...resolved.booking }, lead.id, capacity);
    }
    return queueDeliveries(tx, scope, site, lead, resolved, {
      toPartner: target === "car-clarity" && this.deps.partnerConfigured,
      notifyOtherProcesses: this.deps.notifyOtherProcesses,
    });
  }
}
