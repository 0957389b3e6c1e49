/**
 * Reservations (docs/product/payments.md, "Reservations and holds"): a shopper's hold on a
 * vehicle, taken in the database before the payment starts (one active hold per vehicle, by a
 * partial unique index), paid through the site's card provider, or ended.
 *
 * Every way a payment's outcome arrives (the provider's webhook, the shopper's return to the
 * confirmation page, the sweeper) goes through `applyOutcome`, whose state changes are
 * conditional updates: the same outcome twice changes nothing. A paid hold marks the vehicle
 * reserved through the stock write path, sends the shopper a receipt and the dealership a lead
 * (with the payment reference) through the lead outbox.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { vehicleEnquiryCategory } from "~/domain/lead-forms";
import {
  RESERVATION_MESSAGES,
  RESERVATION_SUBCATEGORY,
  depositCents,
  reservationRefusal,
  type ReservationKind,
} from "~/domain/reservations";
import type { Vehicle } from "~/domain/vehicle";
import { vehicleHeading } from "~/domain/vehicle-page";
import type { Database } from "../db/client";
import { paymentEvents, reservations, vehicles } from "../db/schema";
import type { ChangeBus } from "../events/change-bus";
import type { LeadMeta } from "../leads/lead-intake";
import type { LeadServices } from "../leads/services";
import type { PaymentProviders } from "../payments/providers";
import { PIN_PENDING_PREFIX } from "../payments/pin-provider";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentState,
  type PaymentProvider,
  type PaymentWebhookEvent,
} from "../payments/provider";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import { loadVehicleDocuments, setVehicleReserved } from "../stock/vehicle-store";
import { OUTBOX_CHANNEL } from "../leads/delivery-worker";
import { addDeliveries } from "../leads/lead-store";
import { receiptMail, refundNoticeMail } from "./receipt-email";
import { newAccessToken, reservationAccessCookie } from "./reservation-access";

/**
 * The outbox channels of the shopper's e-mail about a reservation (delivered by the lead
 * delivery worker, with its retries, on the reservation's lead).
 */
export const SHOPPER_MAIL_CHANNELS = {
  receipt: "reservation-receipt",
  refund: "reservation-refund",
} as const;
type ShopperMailChannel = (typeof SHOPPER_MAIL_CHANNELS)[keyof typeof SHOPPER_MAIL_CHANNELS];

/**
 * A claim on a reservation (a charge or refund under way) older than this was left by a process
 * that stopped mid-call: it may be taken again. Provider calls time out well before it.
 */
export const CLAIM_STALE_MS = 2 * 60_000;

export const CHARGE_MESSAGES = {
  underWay:
    "Your card is being charged already. Please wait for the confirmation page instead of paying again.",
  notConfirmed:
    "We could not confirm your payment with the card provider yet. Please do not pay again: your reservation page will show the outcome in a few minutes.",
} as const;

/** A paid reservation whose lead and receipt were not queued within this time is resumed. */
const RESUME_AFTER_MS = 60_000;

export type ReservationRow = typeof reservations.$inferSelect;

export type Shopper = { firstName: string; lastName: string; email: string; phone: string };

export type StartInput = {
  site: Site;
  /** The vehicle's id or slug, as the shopper's page named it. */
  carId: string | number;
  kind: ReservationKind;
  shopper: Shopper;
  /** The deposit the page showed, in dollars, when the client names one: it must match. */
  amount?: number | null;
  extra?: Record<string, string>;
  /** The site's origin (links, the return URL) and host (the test provider's webhooks). */
  origin: string;
  siteHost: string;
};

export type StartResult =
  | {
      ok: true;
      reservation: ReservationRow;
      paymentPageUrl: string;
      clientSecret: string | null;
      /** Set in the shopper's browser: the personal part of the reservation page is theirs. */
      accessCookie: string;
    }
  | { ok: false; status: number; message: string; errors?: Record<string, string> };

const refuse = (status: number, message: string, errors?: Record<string, string>) =>
  ({ ok: false, status, message, ...(errors ? { errors } : {}) }) as const;

export type ReservationServiceDependencies = {
  db: Database;
  bus: ChangeBus;
  registry: Pick<SiteRegistry, "byId">;
  providers: PaymentProviders;
  leads: Pick<LeadServices, "intake" | "transport" | "worker">;
  /** PostgreSQL: NOTIFY other processes' delivery workers of queued e-mail. */
  notifyOtherProcesses?: boolean;
  logger: Logger;
  mailFrom: string;
  /** The site's origin, for links in e-mail sent later (webhooks have no request of the site). */
  originOf: (site: Site) => string;
  now?: () => Date;
};

export class ReservationService {
  readonly #now: () => Date;
  constructor(private readonly deps: ReservationServiceDependencies) {
    this.#now = deps.now ?? (() => new Date());
  }

  providerFor(site: Pick<Site, "settings">): PaymentProvider | null {
    return this.deps.providers.forSite(site);
  }

  /** The site names a card provider without credentials here: it takes no deposits. */
  depositsOff(site: Pick<Site, "settings">): boolean {
    return this.deps.providers.depositsOff(site);
  }

  /** The vehicle's search document, on this site only (another site's id is not found). */
  async #vehicle(siteId: number, carId: string | number): Promise<Vehicle | null> {
    const key = String(carId).trim();
    const condition = /^\d{1,9}$/.test(key) ? eq(vehicles.id, Number(key)) : eq(vehicles.slug, key);
    const [row] = await this.deps.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, siteId), condition));
    if (!row) return null;
    const [doc] = await loadVehicleDocuments(this.deps.db, { ids: [row.id] });
    return doc && doc.show_on_dealer_website ? doc : null;
  }

  /** Takes the hold, then starts the payment. */
  async start(input: StartInput): Promise<StartResult> {
    const { site } = input;
    const provider = this.providerFor(site);
    const vehicle = await this.#vehicle(site.id, input.carId);
    if (!vehicle) return refuse(404, RESERVATION_MESSAGES.vehicleNotFound);
    const refusal = reservationRefusal(vehicle, site.settings, input.kind);
    if (refusal) return refuse(refusal.status, refusal.message);
    if (!provider) return refuse(409, RESERVATION_MESSAGES.noProvider);
    const extraRefusal = extraDetailsRefusal(input.extra);
    if (extraRefusal) return refuse(422, extraRefusal, { extra: extraRefusal });
    const amountCents = depositCents(vehicle);
    if (
      input.amount !== undefined &&
      input.amount !== null &&
      Math.round(input.amount * 100) !== amountCents
    )
      return refuse(422, RESERVATION_MESSAGES.wrongAmount(amountCents), {
        amount: RESERVATION_MESSAGES.wrongAmount(amountCents),
      });

    const now = this.#now();
    // Holds of this vehicle past their time end first (the sweeper may not have run yet).
    await this.#expireHolds(and(eq(reservations.vehicleId, vehicle.id)));
    const id = randomUUID();
    const accessToken = newAccessToken();
    const [held] = await this.deps.db
      .insert(reservations)
      .values({
        id,
        siteId: site.id,
        vehicleId: vehicle.id,
        dealershipId: vehicle.dealership_id,
        kind: input.kind,
        status: "held",
        provider: provider.name,
        testPayment: provider.name === "test",
        amountCents,
        currency: site.settings.paymentCurrency,
        vehiclePrice: vehicle.price,
        expiresAt: new Date(now.getTime() + site.settings.reservationHoldMinutes * 60_000),
        shopper: input.shopper,
        extra: input.extra ?? {},
        accessToken,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({
        target: reservations.vehicleId,
        where: sql`status IN ('held', 'paid')`,
      })
      .returning();
    if (!held) return refuse(409, RESERVATION_MESSAGES.reservingNow);

    try {
      const payment = await provider.createPayment({
        amountCents,
        currency: held.currency,
        reference: id,
        idempotencyKey: `reservation-${id}`,
        description: `Deposit for ${vehicleHeading(vehicle)}`,
        returnUrl: `${input.origin}/reservations/${id}`,
        siteHost: input.siteHost,
        publishableKey:
          site.dealerships.find((d) => d.id === vehicle.dealership_id)?.paymentPublishableKey ??
          null,
      });
      const [reservation] = await this.deps.db
        .update(reservations)
        .set({ paymentId: payment.id, updatedAt: this.#now() })
        .where(eq(reservations.id, id))
        .returning();
      return {
        ok: true,
        reservation: reservation!,
        paymentPageUrl: payment.paymentPageUrl,
        clientSecret: payment.clientSecret,
        accessCookie: reservationAccessCookie(id, accessToken, input.origin),
      };
    } catch (error) {
      // No payment started: the hold ends at once, the car is free again.
      await this.#end(id, ["held"], "cancelled", { failureMessage: "payment not started" });
      if (error instanceof PaymentProviderError) return refuse(422, error.message);
      this.deps.logger.error({ err: error, reservation: id }, "payment could not be started");
      return refuse(503, RESERVATION_MESSAGES.providerUnavailable);
    }
  }

  async find(siteId: number, id: string): Promise<ReservationRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.siteId, siteId), eq(reservations.id, id)));
    return row ?? null;
  }

  async list(siteId: number, limit = 100): Promise<ReservationRow[]> {
    return this.deps.db
      .select()
      .from(reservations)
      .where(eq(reservations.siteId, siteId))
      .orderBy(desc(reservations.createdAt))
      .limit(limit);
  }

  /**
   * What the provider's card fields in our page need (Stripe's Payment Element): the client
   * secret and the dealership's publishable key; null when the provider has no such fields or
   * the hold is not waiting for a card.
   */
  async cardFieldsOf(
    site: Site,
    row: ReservationRow,
  ): Promise<{ clientSecret: string; publishableKey: string } | null> {
    const provider = this.deps.providers.byName(row.provider);
    if (row.status !== "held" || !row.paymentId || !provider?.clientSecret) return null;
    const publishableKey =
      site.dealerships.find((d) => d.id === row.dealershipId)?.paymentPublishableKey ??
      site.dealerships[0]?.paymentPublishableKey ??
      null;
    const clientSecret = await provider.clientSecret(row.paymentId);
    return clientSecret && publishableKey ? { clientSecret, publishableKey } : null;
  }

  /**
   * The card of the provider's browser-side fields (Pin Payments' card token, Stripe's payment
   * method) for a held reservation, charged once: the reservation is claimed in the database
   * before the provider is called, so of any number of posts at once one charges and the others
   * are answered 409. The charge carries an idempotency key where the provider's API takes one
   * (a retry of the same attempt is the same charge there). Its outcome is then applied like a
   * webhook's.
   */
  async chargeCard(
    site: Site,
    id: string,
    card: string,
    request: { ipAddress: string; origin: string },
  ): Promise<
    { ok: true; reservation: ReservationRow } | { ok: false; status: number; message: string }
  > {
    const row = await this.find(site.id, id);
    if (!row)
      return { ok: false, status: 404, message: "No reservation has that id on this site." };
    const provider = this.deps.providers.byName(row.provider);
    if (!provider?.chargeCard || !row.paymentId)
      return {
        ok: false,
        status: 409,
        message: "This reservation takes the card on the card provider's own page.",
      };
    if (provider.acceptsCard && !provider.acceptsCard(card))
      return { ok: false, status: 422, message: "Please enter your card again." };
    if (row.status !== "held")
      return { ok: false, status: 409, message: `This reservation is already ${row.status}.` };
    const claimed = await this.#claim(id, sql`${reservations.status} = 'held'`, true);
    if (!claimed) return { ok: false, status: 409, message: CHARGE_MESSAGES.underWay };
    let state: PaymentState;
    try {
      state = await provider.chargeCard({
        paymentId: claimed.paymentId!,
        card,
        amountCents: claimed.amountCents,
        currency: claimed.currency,
        email: claimed.shopper.email,
        description: `Vehicle deposit, reservation ${claimed.id}`,
        ipAddress: request.ipAddress,
        returnUrl: `${request.origin}/reservations/${claimed.id}`,
        idempotencyKey: `reservation-charge-${claimed.id}-${claimed.claimAttempt}`,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        // The provider refused the request and charged nothing: the shopper may try again.
        await this.#release(claimed);
        return { ok: false, status: 422, message: error.message };
      }
      // No answer: the charge may have been made. The claim stays until the provider's webhook
      // or a read of the payment settles it, or it goes stale (then a retry of the same attempt
      // carries the same idempotency key).
      this.deps.logger.error({ err: error, reservation: id }, "card charge not confirmed");
      return { ok: false, status: 503, message: CHARGE_MESSAGES.notConfirmed };
    }
    // The charge is the reservation's payment whatever became of the hold meanwhile (a payment
    // after the hold ended is then kept or refunded by the late-payment rule).
    await this.deps.db
      .update(reservations)
      .set({ paymentId: state.id, claimedAt: null, updatedAt: this.#now() })
      .where(and(eq(reservations.id, id), eq(reservations.paymentId, claimed.paymentId!)));
    if (state.status === "succeeded") await this.applyOutcome(id, "succeeded");
    else if (state.status === "failed") await this.applyOutcome(id, "failed", state.failureMessage);
    return { ok: true, reservation: (await this.find(site.id, id)) ?? row };
  }

  /**
   * Claims the reservation for one call to its provider (a charge or a refund): one statement,
   * so of many callers at once one gets it. A claim older than CLAIM_STALE_MS (its process
   * stopped mid-call) may be taken again; a fresh claim of a charge counts a new attempt.
   */
  async #claim(
    id: string,
    condition: ReturnType<typeof sql>,
    charge: boolean,
  ): Promise<ReservationRow | null> {
    const now = this.#now();
    const stale = new Date(now.getTime() - CLAIM_STALE_MS);
    const [claimed] = await this.deps.db
      .update(reservations)
      .set({
        claimedAt: now,
        updatedAt: now,
        ...(charge
          ? {
              claimAttempt: sql`CASE WHEN ${reservations.claimedAt} IS NULL THEN ${reservations.claimAttempt} + 1 ELSE ${reservations.claimAttempt} END`,
            }
          : {}),
      })
      .where(
        and(
          eq(reservations.id, id),
          condition,
          sql`(${reservations.claimedAt} IS NULL OR ${reservations.claimedAt} < ${stale})`,
        ),
      )
      .returning();
    return claimed ?? null;
  }

  /** Lets go of a claim this call holds (the provider answered that nothing was taken). */
  async #release(claimed: ReservationRow): Promise<void> {
    await this.deps.db
      .update(reservations)
      .set({ claimedAt: null })
      .where(and(eq(reservations.id, claimed.id), eq(reservations.claimedAt, claimed.claimedAt!)));
  }

  /** The reservation waits for a card our page takes (Pin's fields, Stripe's Payment Element). */
  takesCardOnOurPage(row: ReservationRow): boolean {
    const provider = this.deps.providers.byName(row.provider);
    return row.status === "held" && !this.chargeUnderWay(row) && Boolean(provider?.chargeCard);
  }

  /** A charge or refund of this reservation is under way at its provider (a fresh claim). */
  chargeUnderWay(row: Pick<ReservationRow, "claimedAt">): boolean {
    return (
      row.claimedAt !== null && this.#now().getTime() - row.claimedAt.getTime() < CLAIM_STALE_MS
    );
  }

  /** The shopper came back from the provider's page: ask the provider, apply what it says. */
  async reconcile(row: ReservationRow): Promise<ReservationRow> {
    if (row.status !== "held" || !row.paymentId) return row;
    const provider = this.deps.providers.byName(row.provider);
    if (!provider) return row;
    try {
      const state = await provider.getPayment(row.paymentId);
      if (state.status === "succeeded") await this.applyOutcome(row.id, "succeeded");
      else if (state.status === "failed")
        await this.applyOutcome(row.id, "failed", state.failureMessage);
    } catch (error) {
      this.deps.logger.warn({ err: error, reservation: row.id }, "payment status not read");
    }
    return (await this.find(row.siteId, row.id)) ?? row;
  }

  /** POST /api/payments/webhooks/{provider}: verified, applied once, answered 200. */
  async handleWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
    query?: URLSearchParams,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const provider = this.deps.providers.byName(providerName);
    if (!provider) return { status: 404, body: { error: "No such payment provider here." } };
    let event: PaymentWebhookEvent;
    try {
      event = await provider.parseWebhook(rawBody, headers, query);
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof SyntaxError)
        return { status: 400, body: { error: "The webhook signature does not verify." } };
      throw error;
    }
    let [reservation] = event.paymentId
      ? await this.deps.db
          .select()
          .from(reservations)
          .where(
            and(
              eq(reservations.provider, provider.name),
              eq(reservations.paymentId, event.paymentId),
            ),
          )
      : [];
    if (!reservation && event.paymentId && event.reference)
      reservation =
        (await this.#adoptCharge(provider.name, event.reference, event.paymentId)) ?? undefined;
    // Each event once: a replay is acknowledged and changes nothing.
    const [fresh] = await this.deps.db
      .insert(paymentEvents)
      .values({
        provider: provider.name,
        eventId: event.id,
        type: event.type,
        paymentId: event.paymentId,
        reservationId: reservation?.id ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { status: 200, body: { received: true, duplicate: true } };
    if (!reservation) return { status: 200, body: { received: true, reservation: null } };
    try {
      if (event.type === "payment.succeeded") await this.applyOutcome(reservation.id, "succeeded");
      else if (event.type === "payment.failed")
        await this.applyOutcome(reservation.id, "failed", event.failureMessage);
      else if (event.type === "payment.cancelled")
        await this.#end(reservation.id, ["held"], "cancelled", {});
    } catch (error) {
      // Not applied: forget the event so that the provider's retry applies it.
      await this.deps.db.delete(paymentEvents).where(eq(paymentEvents.id, fresh.id));
      throw error;
    }
    return { status: 200, body: { received: true, reservation: reservation.id } };
  }

  /**
   * A charge the provider made for a reservation still waiting for its card (the process that
   * charged stopped before storing the answer): the reservation takes the charge as its payment.
   */
  async #adoptCharge(
    providerName: string,
    reference: string,
    paymentId: string,
  ): Promise<ReservationRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(reference)) return null;
    const [adopted] = await this.deps.db
      .update(reservations)
      .set({ paymentId, claimedAt: null, updatedAt: this.#now() })
      .where(
        and(
          eq(reservations.id, reference),
          eq(reservations.provider, providerName),
          sql`${reservations.paymentId} LIKE ${`${PIN_PENDING_PREFIX}%`}`,
        ),
      )
      .returning();
    return adopted ?? null;
  }

  /**
   * A payment's outcome. Succeeded: a hold still in place (even past its time, no one else held
   * the car meanwhile) becomes paid; a hold that already ended is taken again when the vehicle
   * is still free (late payment kept), otherwise the payment is refunded (late payment refunded).
   * Failed: the hold ends, the car is free again.
   */
  async applyOutcome(
    id: string,
    outcome: "succeeded" | "failed",
    failureMessage: string | null = null,
  ): Promise<void> {
    const [row] = await this.deps.db.select().from(reservations).where(eq(reservations.id, id));
    if (!row) return;
    if (outcome === "failed") {
      await this.#end(id, ["held"], "declined", { failureMessage });
      return;
    }
    const now = this.#now();
    if (row.status === "held") {
      const late = row.expiresAt.getTime() < now.getTime();
      const [paid] = await this.deps.db
        .update(reservations)
        .set({ status: "paid", paidAt: now, updatedAt: now, lateDecision: late ? "kept" : null })
        .where(and(eq(reservations.id, id), eq(reservations.status, "held")))
        .returning();
      if (paid) await this.#afterPaid(paid);
      return;
    }
    if (row.status === "expired" || row.status === "cancelled" || row.status === "declined") {
      if (row.refundId || row.lateDecision) return;
      await this.#latePayment(row);
    }
  }

  async #latePayment(row: ReservationRow): Promise<void> {
    const now = this.#now();
    const [vehicle] = await loadVehicleDocuments(this.deps.db, { ids: [row.vehicleId] });
    const site = this.deps.registry.byId(row.siteId);
    const stillFree =
      row.status === "expired" &&
      vehicle !== undefined &&
      site !== undefined &&
      reservationRefusal(vehicle, site.settings, row.kind as ReservationKind) === null;
    if (stillFree) {
      try {
        const [kept] = await this.deps.db
          .update(reservations)
          .set({ status: "paid", paidAt: now, updatedAt: now, lateDecision: "kept", endedAt: null })
          .where(and(eq(reservations.id, row.id), eq(reservations.status, "expired")))
          .returning();
        if (kept) {
          await this.#afterPaid(kept);
          return;
        }
      } catch (error) {
        // Another shopper holds the car now (the one-active-hold index): refund below.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const provider = this.deps.providers.byName(row.provider);
    if (!provider || !row.paymentId) {
      this.deps.logger.error({ reservation: row.id }, "late payment cannot be refunded here");
      return;
    }
    // The webhook and the shopper's return may both bring the late payment: one refunds it.
    const claimed = await this.#claim(
      row.id,
      sql`${reservations.status} IN ('expired', 'cancelled', 'declined') AND ${reservations.refundId} IS NULL AND ${reservations.lateDecision} IS NULL`,
      false,
    );
    if (!claimed) return;
    let refund: Awaited<ReturnType<PaymentProvider["refund"]>>;
    try {
      refund = await provider.refund({
        paymentId: row.paymentId,
        amountCents: row.amountCents,
        idempotencyKey: `late-refund-${row.id}`,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) await this.#release(claimed);
      throw error;
    }
    await this.deps.db
      .update(reservations)
      .set({
        status: "refunded",
        lateDecision: "refunded",
        refundId: refund.id,
        claimedAt: null,
        updatedAt: now,
        endedAt: now,
      })
      .where(eq(reservations.id, row.id));
    this.deps.logger.info({ reservation: row.id, refund: refund.id }, "late payment refunded");
    await this.#afterRefund(row.id);
  }

  /**
   * Refunded (late, or by staff before the reservation had its lead): the dealership hears of the
   * shopper, the shopper of the refund. Resumed by the sweeper if the process stops before.
   */
  async #afterRefund(id: string): Promise<void> {
    const [refunded] = await this.deps.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, id));
    const site = refunded ? this.deps.registry.byId(refunded.siteId) : undefined;
    if (!refunded || !site) return;
    const [vehicle] = await loadVehicleDocuments(this.deps.db, { ids: [refunded.vehicleId] });
    const leadId = await this.#sendLead(site, refunded, vehicle ?? null, "refunded");
    if (leadId) await this.#queueShopperMail(refunded, leadId, SHOPPER_MAIL_CHANNELS.refund);
  }

  /** Paid: the vehicle is reserved, the dealership gets the lead, the shopper the receipt. */
  async #afterPaid(row: ReservationRow): Promise<void> {
    await setVehicleReserved(this.deps.db, this.deps.bus, row.siteId, row.vehicleId, true);
    const site = this.deps.registry.byId(row.siteId);
    if (!site) return;
    const [vehicle] = await loadVehicleDocuments(this.deps.db, { ids: [row.vehicleId] });
    const leadId = await this.#sendLead(site, row, vehicle ?? null, "paid");
    if (leadId) await this.#queueShopperMail(row, leadId, SHOPPER_MAIL_CHANNELS.receipt);
  }

  /** The lead of the reservation (created, or the journey's incomplete lead completed): its id. */
  async #sendLead(
    site: Site,
    row: ReservationRow,
    vehicle: Vehicle | null,
    paymentStatus: "paid" | "refunded",
  ): Promise<string | null> {
    const origin = this.deps.originOf(site);
    const meta: LeadMeta = {
      requestId: `reservation-${row.id}`,
      userAgent: "reservations",
      clientIp: null,
      origin,
      pageUrl: `${origin}/reservations/${row.id}`,
    };
    const { journey_lead_id: journeyLeadId, test_payment: _claimed, ...extra } = row.extra;
    const input = {
      site,
      fields: {
        ...extra,
        form_completed: true,
        lead_status: "",
        first_name: row.shopper.firstName,
        last_name: row.shopper.lastName,
        email: row.shopper.email,
        phone: row.shopper.phone,
        car_id: row.vehicleId,
        category: vehicleEnquiryCategory(vehicle?.car_type),
        subcategory: RESERVATION_SUBCATEGORY[row.kind as ReservationKind],
        vehicle_price: row.vehiclePrice,
        deposit_amount: row.amountCents / 100,
        payment_provider: row.provider,
        payment_reference: row.paymentId ?? "",
        payment_status: paymentStatus,
        ...(row.testPayment ? { test_payment: true } : {}),
        reservation_id: row.id,
        ...(row.lateDecision ? { late_payment: row.lateDecision } : {}),
      },
      meta,
      mode: site.settings.leadApiMode === "mock" ? ("test" as const) : ("live" as const),
      vehicleReserved: true,
    };
    // The checkout journey saved its steps as an incomplete lead: the payment completes it.
    let result = journeyLeadId
      ? await this.deps.leads.intake.update({ ...input, leadId: journeyLeadId })
      : null;
    if (!result?.ok)
      result = await this.deps.leads.intake.create({
        ...input,
        idempotencyKey: `reservation-${row.id}`,
      });
    if (!result.ok) {
      this.deps.logger.error({ reservation: row.id, result }, "reservation lead refused");
      return null;
    }
    await this.deps.db
      .update(reservations)
      .set({ leadId: result.id })
      .where(eq(reservations.id, row.id));
    return result.id;
  }

  /**
   * Queues the shopper's e-mail in the lead outbox, once per reservation (`receipt_sent_at`
   * records the queueing): the delivery worker sends it and retries it like any delivery.
   */
  async #queueShopperMail(
    row: ReservationRow,
    leadId: string,
    channel: ShopperMailChannel,
  ): Promise<void> {
    const queued = await this.deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(reservations)
        .set({ receiptSentAt: this.#now() })
        .where(and(eq(reservations.id, row.id), sql`${reservations.receiptSentAt} IS NULL`))
        .returning({ id: reservations.id });
      if (!claimed) return false;
      await addDeliveries(tx, { id: leadId, siteId: row.siteId }, [
        { channel, target: row.shopper.email },
      ]);
      if (this.deps.notifyOtherProcesses)
        await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${leadId})`);
      return true;
    });
    if (queued) this.deps.leads.worker?.wake();
  }

  /**
   * The delivery worker's handler of the shopper e-mail channels: builds the receipt or the
   * refund notice of the lead's reservation and sends it. Throws (to be retried) when it fails.
   */
  async sendShopperMail(
    channel: ShopperMailChannel,
    job: { leadId: string; siteId: number; target: string },
  ): Promise<string> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.siteId, job.siteId), eq(reservations.leadId, job.leadId)));
    const site = this.deps.registry.byId(job.siteId);
    if (!row || !site) throw new Error("The reservation of this lead or its site no longer exists");
    const [vehicle] = await loadVehicleDocuments(this.deps.db, { ids: [row.vehicleId] });
    const build = channel === SHOPPER_MAIL_CHANNELS.refund ? refundNoticeMail : receiptMail;
    const mail = build({
      site,
      reservation: row,
      vehicle: vehicle ?? null,
      origin: this.deps.originOf(site),
      from: this.deps.mailFrom,
    });
    const sent = await this.deps.leads.transport.send({ ...mail, to: job.target });
    return sent.response || sent.messageId;
  }

  /**
   * Paid reservations whose lead and receipt were never queued (the process stopped between the
   * payment and the lead), and refunded ones whose refund e-mail was not: queued now. The lead intake's idempotency key makes it one lead.
   */
  async #resumePaid(): Promise<void> {
    const stale = await this.deps.db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.status, "paid"),
          sql`${reservations.receiptSentAt} IS NULL`,
          lt(reservations.paidAt, new Date(this.#now().getTime() - RESUME_AFTER_MS)),
        ),
      )
      .limit(20);
    for (const row of stale)
      await this.#afterPaid(row).catch((error: unknown) =>
        this.deps.logger.error({ err: error, reservation: row.id }, "paid reservation not resumed"),
      );
    // Refunded, and the shopper's refund e-mail never queued: queued now.
    const refunded = await this.deps.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.status, "refunded"),
          sql`${reservations.receiptSentAt} IS NULL`,
          lt(reservations.endedAt, new Date(this.#now().getTime() - RESUME_AFTER_MS)),
        ),
      )
      .limit(20);
    for (const row of refunded)
      await this.#afterRefund(row.id).catch((error: unknown) =>
        this.deps.logger.error({ err: error, reservation: row.id }, "refund e-mail not resumed"),
      );
  }

  /** Ends a reservation in one of `from`; answers the row when this call ended it. */
  async #end(
    id: string,
    from: string[],
    status: "expired" | "declined" | "cancelled" | "refunded",
    set: Partial<ReservationRow>,
  ): Promise<ReservationRow | null> {
    const now = this.#now();
    const [row] = await this.deps.db
      .update(reservations)
      .set({ ...set, status, updatedAt: now, endedAt: now })
      .where(
        and(
          eq(reservations.id, id),
          sql`${reservations.status} IN (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Ends unpaid holds past their time (all, or those `where` selects); cancels their payments. */
  async #expireHolds(where?: ReturnType<typeof and>): Promise<ReservationRow[]> {
    const now = this.#now();
    const ended = await this.deps.db
      .update(reservations)
      .set({ status: "expired", updatedAt: now, endedAt: now })
      .where(
        and(
          eq(reservations.status, "held"),
          lt(reservations.expiresAt, now),
          // A card being charged right now is not cut off: its answer decides.
          sql`(${reservations.claimedAt} IS NULL OR ${reservations.claimedAt} < ${new Date(now.getTime() - CLAIM_STALE_MS)})`,
          ...(where ? [where] : []),
        ),
      )
      .returning();
    for (const row of ended) {
      const provider = this.deps.providers.byName(row.provider);
      if (provider && row.paymentId)
        await provider.cancelPayment(row.paymentId).catch((error: unknown) => {
          // Already paid: its webhook applies the late-payment rule.
          this.deps.logger.info({ err: error, reservation: row.id }, "payment not cancelled");
        });
    }
    return ended;
  }

  /** The sweeper's tick (server/start.ts). */
  async expireDue(): Promise<number> {
    const ended = (await this.#expireHolds()).length;
    await this.#resumePaid();
    return ended;
  }

  /**
   * Staff cancel a reservation: an unpaid hold ends; a paid one is refunded through its provider
   * and the vehicle is free again. Answers the reservation, or a refusal.
   */
  async cancel(
    siteId: number,
    id: string,
  ): Promise<
    { ok: true; reservation: ReservationRow } | { ok: false; status: number; message: string }
  > {
    const row = await this.find(siteId, id);
    if (!row)
      return { ok: false, status: 404, message: "No reservation has that id on this site." };
    if (row.status === "held") {
      const ended = await this.#end(id, ["held"], "cancelled", {});
      const provider = this.deps.providers.byName(row.provider);
      if (ended && provider && row.paymentId)
        await provider.cancelPayment(row.paymentId).catch(() => undefined);
      return { ok: true, reservation: ended ?? (await this.find(siteId, id))! };
    }
    if (row.status !== "paid")
      return { ok: false, status: 409, message: `This reservation is already ${row.status}.` };
    const provider = this.deps.providers.byName(row.provider);
    if (!provider || !row.paymentId)
      return {
        ok: false,
        status: 409,
        message: "The payment provider of this reservation is not configured here.",
      };
    // Claimed first: of two cancels at once (two members of staff, a double click), one refunds.
    const claimed = await this.#claim(id, sql`${reservations.status} = 'paid'`, false);
    if (!claimed)
      return { ok: false, status: 409, message: "This reservation is being refunded already." };
    let refundId: string;
    try {
      const refund = await provider.refund({
        paymentId: row.paymentId,
        amountCents: row.amountCents,
        idempotencyKey: `cancel-refund-${row.id}`,
      });
      if (refund.status === "failed") {
        await this.#release(claimed);
        return { ok: false, status: 502, message: "The provider refused the refund." };
      }
      refundId = refund.id;
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        await this.#release(claimed);
        return { ok: false, status: 502, message: error.message };
      }
      throw error;
    }
    const ended = await this.#endRefunded(id, refundId);
    if (ended) {
      await setVehicleReserved(this.deps.db, this.deps.bus, siteId, row.vehicleId, false);
      // A reservation without its lead yet (the process stopped before it was made) gets it now,
      // and the shopper's refund e-mail with it.
      if (!ended.leadId) await this.#afterRefund(ended.id);
    }
    return { ok: true, reservation: ended ?? (await this.find(siteId, id))! };
  }

  /**
   * A paid reservation refunded by staff, and the shopper's refund e-mail queued on its lead, in
   * one transaction: a refund that is recorded always tells the shopper.
   */
  async #endRefunded(id: string, refundId: string): Promise<ReservationRow | null> {
    const now = this.#now();
    const ended = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(reservations)
        .set({ refundId, claimedAt: null, status: "refunded", updatedAt: now, endedAt: now })
        .where(and(eq(reservations.id, id), eq(reservations.status, "paid")))
        .returning();
      if (row?.leadId) {
        await addDeliveries(tx, { id: row.leadId, siteId: row.siteId }, [
          { channel: SHOPPER_MAIL_CHANNELS.refund, target: row.shopper.email },
        ]);
        if (this.deps.notifyOtherProcesses)
          await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${row.leadId})`);
      }
      return row ?? null;
    });
    if (ended?.leadId) this.deps.leads.worker?.wake();
    return ended;
  }
}

/** The checkout's free details kept with a reservation for its lead: bounded in number and size. */
export const EXTRA_LIMITS = { keys: 60, keyLength: 60, valueLength: 2000, totalChars: 16_000 };

/** Why a reservation's extra details are refused, or null when they fit the limits. */
export function extraDetailsRefusal(extra: Record<string, unknown> | undefined): string | null {
  if (!extra) return null;
  const entries = Object.entries(extra);
  if (entries.length > EXTRA_LIMITS.keys)
    return `Too many extra details: at most ${EXTRA_LIMITS.keys}.`;
  let total = 0;
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > EXTRA_LIMITS.keyLength)
      return `Each extra detail's name has 1 to ${EXTRA_LIMITS.keyLength} characters.`;
    if (typeof value !== "string" || value.length > EXTRA_LIMITS.valueLength)
      return `Each extra detail is text of at most ${EXTRA_LIMITS.valueLength} characters.`;
    total += key.length + value.length;
  }
  return total > EXTRA_LIMITS.totalChars
    ? `The extra details are too long: at most ${EXTRA_LIMITS.totalChars.toLocaleString("en-AU")} characters in all.`
    : null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === "23505") return true;
  return false;
}
