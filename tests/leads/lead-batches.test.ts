/**
 * Leads that arrive together are written together (decision 033), and each still gets its own
 * answer: stored, a repeat of its first submission, its key used for another form, its booking
 * slot taken, its fields refused, or the database refusing it (503, as any lead that cannot be
 * saved); exactly the accepted leads are
 * stored, and each is delivered once.
 */
import { Agent } from "node:http";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, leadDeliveries, leadEvents, leads } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";
import { sendJson, sendRaw, validLead, type JsonResponse } from "./support/lead-client";
import { SmtpSink } from "./support/smtp-sink";
import { outboxSettled } from "./support/outbox";

let server: RunningServer;
const smtp = new SmtpSink();
/** A lead the database refuses (a check added for this test), whatever the intake thought of it. */
const REFUSED = "refused.by.database@example.com";

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_RETRY_BASE_MS: "100",
    LEAD_RATE_LIMIT: "100000",
  });
  await server.database.db.execute(
    sql.raw(`ALTER TABLE leads ADD CONSTRAINT leads_refused_in_test CHECK (email <> '${REFUSED}')`),
  );
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const db = () => server.database.db;

/** A free test-drive slot of the site's first location. */
async function freeSlot(): Promise<{ locationId: number; start: string }> {
  const site = server.registry.all().find((s) => s.slug === "coastal-kia")!;
  const slots = await sendRaw(
    server,
    "GET",
    `/dealerships/${site.dealerships[0]!.id}/available_appointment_bookings.json`,
    null,
  );
  const [location] = JSON.parse(slots.body).locations as Array<{
    id: number;
    days: Array<{ slots: Array<{ start: string }> }>;
  }>;
  return { locationId: location!.id, start: location!.days[1]!.slots[0]!.start };
}

type Sent = { kind: string; key?: string; response: JsonResponse };

describe("leads sent at once", () => {
  it("answer each lead for itself, store exactly the accepted ones and deliver each once", async () => {
    const slot = await freeSlot();
    const before = new Set((await db().select({ id: leads.id }).from(leads)).map((l) => l.id));
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const post = (kind: string, lead: Record<string, unknown>, key?: string) =>
      sendJson(
        server,
        "POST",
        "/api/leads",
        { lead },
        {
          agent,
          headers: key ? { "Idempotency-Key": key } : {},
        },
      ).then((response): Sent => ({ kind, key, response }));

    const sends: Array<Promise<Sent>> = [];
    for (let i = 0; i < 200; i += 1) {
      if (i % 10 === 3) {
        // The same submission twice, with its key: one lead.
        const lead = validLead({ message: `Twice ${i}` });
        sends.push(
          post("repeat", lead, `repeat-${i}-key`),
          post("repeat", lead, `repeat-${i}-key`),
        );
      } else if (i % 10 === 5) {
        sends.push(post("refused", validLead({ email: REFUSED, message: `Refused ${i}` })));
      } else if (i % 10 === 7) {
        sends.push(post("invalid", validLead({ email: "not an address" })));
      } else if (i % 20 === 9) {
        // One key for two different forms: the first is stored, the other refused.
        sends.push(
          post("reused", validLead({ message: `First ${i}` }), `reused-${i}-key`),
          post("reused", validLead({ message: `Other ${i}` }), `reused-${i}-key`),
        );
      } else if (i % 40 === 11) {
        sends.push(
          post("booking", {
            ...validLead({ category: "Test Drive Booking" }),
            booking_type: "test_drive",
            booking_time: slot.start,
            location_id: slot.locationId,
          }),
        );
      } else {
        sends.push(post("plain", validLead({ message: `Lead ${i}` })));
      }
    }
    const sent = await Promise.all(sends);
    agent.destroy();
    const of = (kind: string) => sent.filter((s) => s.kind === kind);
    const statuses = (list: Sent[]) => list.map((s) => s.response.status).sort();

    expect(statuses(of("plain"))).toEqual(of("plain").map(() => 201));
    expect(statuses(of("invalid"))).toEqual(of("invalid").map(() => 422));
    expect(statuses(of("refused"))).toEqual(of("refused").map(() => 503));
    const bookingStatuses = statuses(of("booking"));
    expect(bookingStatuses).toEqual([201, ...bookingStatuses.slice(1).map(() => 409)]);
    for (const kind of ["repeat", "reused"]) {
      const byKey = new Map<string, Sent[]>();
      for (const s of of(kind)) byKey.set(s.key!, [...(byKey.get(s.key!) ?? []), s]);
      expect(byKey.size).toBe(of(kind).length / 2);
      for (const [, pair] of byKey) {
        const first = pair.find((s) => s.response.status === 201);
        const second = pair.find((s) => s !== first);
        expect(first!.response.status).toBe(201);
        if (kind === "repeat") {
          expect(second!.response.status).toBe(200);
          expect(second!.response.json.id).toBe(first!.response.json.id);
          expect(second!.response.headers["idempotent-replayed"]).toBe("true");
        } else {
          expect(second!.response.status).toBe(422);
          expect(second!.response.json.errors).toEqual({
            idempotency_key: "Already used for a different form.",
          });
        }
      }
    }

    const accepted = sent
      .filter((s) => s.response.status === 201)
      .map((s) => s.response.json.id as string);
    expect(new Set(accepted).size).toBe(accepted.length);
    const stored = (await db().select({ id: leads.id }).from(leads)).filter(
      (l) => !before.has(l.id),
    );
    expect(stored.map((l) => l.id).sort()).toEqual([...accepted].sort());
    const [booked] = await db()
      .select({ n: count() })
      .from(bookings)
      .where(
        and(eq(bookings.startsAt, new Date(slot.start)), eq(bookings.locationId, slot.locationId)),
      );
    expect(booked!.n).toBe(1);

    // Each accepted lead has its own events and one delivery job, and is e-mailed once.
    const events = await db()
      .select({ leadId: leadEvents.leadId, kind: leadEvents.kind })
      .from(leadEvents)
      .where(inArray(leadEvents.leadId, accepted))
      .orderBy(leadEvents.id);
    for (const id of accepted)
      expect(
        events
          .filter((e) => e.leadId === id)
          .map((e) => e.kind)
          .slice(0, 2),
      ).toEqual(["created", "delivery.queued"]);
    const jobs = await db()
      .select({ leadId: leadDeliveries.leadId })
      .from(leadDeliveries)
      .where(and(inArray(leadDeliveries.leadId, accepted), eq(leadDeliveries.channel, "email")));
    expect(jobs.map((j) => j.leadId).sort()).toEqual([...accepted].sort());
    await smtp.waitFor(
      () => accepted.every((id) => smtp.countsByLead().has(id)),
      60_000,
      "the accepted leads' e-mail",
    );
    await outboxSettled(db(), accepted);
    const counts = smtp.countsByLead();
    expect(accepted.filter((id) => counts.get(id) !== 1)).toEqual([]);
    expect(smtp.messages.filter((m) => m.leadId && !accepted.includes(m.leadId))).toEqual([]);
  }, 120_000);
});
