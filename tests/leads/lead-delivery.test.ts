/**
 * Reliability of lead delivery: a lead the server answered with success is never
 * lost, whatever fails afterwards, and is delivered once.
 */
import { Agent } from "node:http";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadDeliveries, leadEvents, leads } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";
import { sendJson, validLead } from "./support/lead-client";
import { SmtpSink } from "./support/smtp-sink";
import { outboxSettled } from "./support/outbox";

let server: RunningServer;
const smtp = new SmtpSink();

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_RETRY_BASE_MS: "100",
    LEAD_MAX_ATTEMPTS: "30",
    LEAD_RATE_LIMIT: "100000",
  });
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const db = () => server.database.db;

describe("lead delivery", () => {
  it("stores 1,000 leads posted concurrently and delivers each exactly once", async () => {
    // All 1,000 requests are in flight at once, over 100 keep-alive connections (as from a load
    // balancer): on embedded PGlite each query blocks the event loop, and 1,000 fresh TCP
    // connections from one host would overflow the listen backlog rather than test the leads.
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        sendJson(
          server,
          "POST",
          "/api/leads",
          { lead: validLead({ message: `Lead number ${i}` }) },
          { agent },
        ),
      ),
    );
    agent.destroy();
    const stored = Date.now() - started;
    expect(responses.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body}`)).toEqual(
      [],
    );
    const ids = responses.map((r) => r.json.id as string);
    expect(new Set(ids).size).toBe(1000);
    const [row] = await db().select({ n: count() }).from(leads).where(inArray(leads.id, ids));
    expect(row!.n).toBe(1000);

    await smtp.waitFor(() => smtp.countsByLead().size >= 1000, 120_000, "1,000 lead e-mails");
    const delivered = Date.now() - started;
    // Counted once the outbox is done with every lead: no copy can still be on its way.
    await outboxSettled(db(), ids, 120_000);
    const counts = smtp.countsByLead();
    expect(ids.filter((id) => counts.get(id) !== 1)).toEqual([]);
    await expect
      .poll(
        async () =>
          (
            await db()
              .select({ n: count() })
              .from(leads)
              .where(eq(leads.deliveryStatus, "delivered"))
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1000);
    console.log(
      `1,000 concurrent leads: stored in ${stored} ms, all delivered after ${delivered} ms`,
    );
  }, 180_000);

  it("queues leads while the SMTP server is down and delivers them once it is back", async () => {
    const port = smtp.port;
    await smtp.stop();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sendJson(server, "POST", "/api/leads", { lead: validLead({ message: `While down ${i}` }) }),
      ),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const ids = responses.map((r) => r.json.id as string);

    // Attempts fail and are rescheduled with backoff; the leads wait in the outbox.
    await expect
      .poll(
        async () =>
          (await db().select().from(leadEvents).where(inArray(leadEvents.leadId, ids))).filter(
            (e) => e.kind === "delivery.retry_scheduled",
          ).length,
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(10);
    const waiting = await db()
      .select()
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, ids));
    expect(waiting.filter((d) => d.status === "delivered")).toEqual([]);
    expect(waiting.some((d) => d.lastError !== null && d.attempts >= 1)).toBe(true);

    await smtp.start(port);
    await smtp.waitFor(
      () => ids.every((id) => smtp.countsByLead().has(id)),
      30_000,
      "the queued leads",
    );
    const counts = smtp.countsByLead();
    expect(ids.map((id) => counts.get(id))).toEqual(ids.map(() => 1));
    await expect
      .poll(async () =>
        (await db().select().from(leads).where(inArray(leads.id, ids))).every(
          (l) => l.deliveryStatus === "delivered",
        ),
      )
      .toBe(true);
  }, 60_000);
});
