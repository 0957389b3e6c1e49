/**
 * Delivery leases: a worker renews the lease of a job while it works on it, so the lease can be
 * short. A worker that dies (its heartbeat stops, nothing is handed back) loses its jobs to
 * another worker once the lease runs out; a slow delivery that keeps renewing is not taken over.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client";
import { leadDeliveries, leadEvents } from "~/server/db/schema";
import { LeadDeliveryWorker } from "~/server/leads/delivery-worker";
import type { MailTransport } from "~/server/providers/mail/mail-transport";
import { createSmtpTransport } from "~/server/providers/mail/smtp-transport";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";
import { sendJson, validLead } from "./support/lead-client";
import { SmtpSink } from "./support/smtp-sink";

const LEASE_MS = 1_000;
let server: RunningServer;
const smtp = new SmtpSink();
const workers: LeadDeliveryWorker[] = [];

beforeAll(async () => {
  await smtp.start();
  // No worker in the server: each test runs its own.
  server = await startTestServer({ LEAD_DELIVERY: "false", LEAD_RATE_LIMIT: "1000" });
});
// Each test's workers stop with it, so none claims the next test's lead.
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop(100);
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

function worker(db: Database, transport: MailTransport): LeadDeliveryWorker {
  const made = new LeadDeliveryWorker({
    db,
    pool: null,
    transport,
    partner: null,
    logger: pino({ level: "silent" }),
    siteOf: (id) => server.registry.byId(id),
    config: {
      pollMs: 50,
      leaseMs: LEASE_MS,
      baseDelayMs: 100,
      maxAttempts: 5,
      batchSize: 5,
      concurrency: 2,
      fromAddress: "leads@dealer-sites.localhost",
      filesDir: server.leads.files.dir,
    },
  });
  workers.push(made);
  return made;
}

/**
 * The database as a dead process sees it: after `kill()` nothing it sends arrives, so its
 * heartbeat stops renewing and it hands nothing back.
 */
function killable(db: Database): { db: Database; kill(): void } {
  let dead = false;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (dead) throw new Error("the process is gone");
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, kill: () => (dead = true) };
}

/** A transport whose sends never finish (the SMTP conversation of a frozen process). */
const hangingTransport: MailTransport = {
  kind: "smtp",
  send: () => new Promise(() => undefined),
  close: async () => undefined,
};

/** The real SMTP transport, taking `ms` before each send. */
function slowTransport(ms: number): MailTransport {
  const smtpTransport = createSmtpTransport(smtp.url);
  return {
    ...smtpTransport,
    kind: smtpTransport.kind,
    send: async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return smtpTransport.send(mail);
    },
    close: () => smtpTransport.close(),
  };
}

async function postLead(message: string): Promise<string> {
  // Without an e-mail address: the dealership's delivery is the lead's only job.
  const response = await sendJson(server, "POST", "/api/leads", {
    lead: validLead({ message, email: "" }),
  });
  expect(response.status).toBe(201);
  return response.json.id as string;
}

async function claimedBy(leadId: string): Promise<string | null> {
  const [row] = await server.database.db
    .select({ lockedBy: leadDeliveries.lockedBy, status: leadDeliveries.status })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, leadId));
  return row?.status === "sending" ? row.lockedBy : null;
}

describe("delivery leases", () => {
  it("a dead worker's job is delivered by another worker once its lease runs out", async () => {
    const id = await postLead("Claimed by a worker that dies");
    const doomed = killable(server.database.db);
    const first = worker(doomed.db, hangingTransport);
    await first.start();
    await expect.poll(() => claimedBy(id), { timeout: 30_000 }).toBe(first.workerId);

    doomed.kill();
    const second = worker(server.database.db, createSmtpTransport(smtp.url));
    await second.start();
    await smtp.waitFor(() => smtp.countsByLead().has(id), 60_000, "the dead worker's lead");
    expect(smtp.countsByLead().get(id)).toBe(1);
    // The delivery is recorded just after the SMTP server accepts it.
    await expect
      .poll(
        async () =>
          (await server.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).map(
            (e) => e.kind,
          ),
        { timeout: 30_000 },
      )
      .toEqual(
        expect.arrayContaining(["delivery.attempt", "delivery.retry", "delivery.delivered"]),
      );
    await second.stop(1_000);
  }, 120_000);

  it("a delivery that outlasts several leases is renewed, not taken over", async () => {
    const id = await postLead("A slow delivery");
    const slow = worker(server.database.db, slowTransport(LEASE_MS * 4));
    await slow.start();
    await expect.poll(() => claimedBy(id), { timeout: 30_000 }).toBe(slow.workerId);

    // Another worker polls all along; the slow one keeps the lease while it works.
    const other = worker(server.database.db, createSmtpTransport(smtp.url));
    await other.start();
    await smtp.waitFor(() => smtp.countsByLead().has(id), 60_000, "the slow lead");
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select({ status: leadDeliveries.status })
              .from(leadDeliveries)
              .where(eq(leadDeliveries.leadId, id))
          )[0]?.status,
        { timeout: 30_000 },
      )
      .toBe("delivered");
    expect(smtp.countsByLead().get(id)).toBe(1);
    const events = await server.database.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, id));
    expect(events.filter((e) => e.kind === "delivery.retry")).toEqual([]);
    expect(events.filter((e) => e.kind === "delivery.delivered")).toHaveLength(1);
    await slow.stop(1_000);
    await other.stop(1_000);
  }, 120_000);

  it("stopping hands back the jobs a worker has not finished", async () => {
    const id = await postLead("Handed back on shutdown");
    const stopping = worker(server.database.db, hangingTransport);
    await stopping.start();
    await expect.poll(() => claimedBy(id), { timeout: 30_000 }).toBe(stopping.workerId);
    await stopping.stop(100);
    const [row] = await server.database.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, id));
    expect(row).toMatchObject({ status: "pending", lockedBy: null, lockedUntil: null });

    const next = worker(server.database.db, createSmtpTransport(smtp.url));
    await next.start();
    await smtp.waitFor(() => smtp.countsByLead().has(id), 60_000, "the handed-back lead");
    await next.stop(1_000);
  }, 120_000);
});
