/**
 * Rows inserted as one JSON parameter (server/db/recordset-insert.ts) are stored as Drizzle's own
 * insert stores them: every column's value and type (text, integers, booleans, uuids, JSON,
 * timestamps), the table's defaults for the columns left out, the rows' order, conflicts skipped
 * and the returned columns; rows that do not all set the same columns are told apart.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { insertRecordset, recordsetInsertable } from "~/server/db/recordset-insert";
import { leadDeliveries, leadEvents, leads, sites } from "~/server/db/schema";
import { createDemoDatabase } from "../support/test-database";

let handle: DatabaseHandle;
let siteId: number;

beforeAll(async () => {
  handle = await createDemoDatabase();
  const [site] = await handle.db.select({ id: sites.id }).from(sites).limit(1);
  siteId = site!.id;
});
afterAll(() => handle?.close());

const lead = (overrides: Partial<typeof leads.$inferInsert> = {}) => ({
  id: randomUUID(),
  siteId,
  category: "General Enquiry",
  subcategory: null,
  formCompleted: true,
  leadStatus: null,
  stepNumber: 2,
  deliveryStatus: "pending",
  target: "server",
  dealershipId: null,
  locationId: null,
  vehicleId: null,
  name: "Jane O'Brien",
  firstName: "Jane",
  lastName: 'O"Brien \\ ünïcode 🚗',
  email: "jane@example.com",
  phone: "0411 222 333",
  postcode: "4215",
  payload: { first_name: "Jane", nested: { list: [1, "two", null, true] }, quote: 'a "b"' },
  details: { fields: { message: "Line one\nline two\ttab" } },
  idempotencyKey: null,
  fingerprint: randomUUID(),
  clientIp: "203.0.113.9",
  userAgent: "test",
  createdAt: new Date("2026-01-02T03:04:05.678Z"),
  updatedAt: new Date("2026-01-02T03:04:05.678Z"),
  completedAt: null,
  ...overrides,
});

describe("rows inserted as one recordset", () => {
  it("store every value as Drizzle's insert does, return the named columns and skip conflicts", async () => {
    const viaRecordset = [
      lead(),
      lead({ idempotencyKey: `key-${randomUUID()}`, stepNumber: null }),
    ];
    // The same rows under other ids and keys.
    const viaDrizzle = viaRecordset.map((row) => ({
      ...row,
      id: randomUUID(),
      idempotencyKey: row.idempotencyKey && `${row.idempotencyKey}-copy`,
    }));
    await handle.db.insert(leads).values(viaDrizzle);

    const returned = await handle.db.transaction((tx) =>
      insertRecordset<{ id: string }>(tx, leads, viaRecordset, { returning: [leads.id] }),
    );
    expect(returned.map((r) => r.id)).toEqual(viaRecordset.map((r) => r.id));

    const read = async (ids: string[]) =>
      (await handle.db.select().from(leads).where(inArray(leads.id, ids))).sort(
        (a, b) => ids.indexOf(a.id) - ids.indexOf(b.id),
      );
    const stored = await read(viaRecordset.map((r) => r.id));
    const expected = await read(viaDrizzle.map((r) => r.id));
    const withoutIds = (rows: typeof stored) =>
      rows.map(({ id: _, idempotencyKey, ...rest }) => ({
        ...rest,
        idempotencyKey: idempotencyKey?.replace(/-copy$/, ""),
      }));
    expect(withoutIds(stored)).toEqual(withoutIds(expected));
    expect(stored[0]!.createdAt.toISOString()).toBe("2026-01-02T03:04:05.678Z");
    expect(stored[1]!.lastName).toBe('O"Brien \\ ünïcode 🚗');

    // The same id again, with ON CONFLICT DO NOTHING: nothing inserted, nothing returned.
    const again = await insertRecordset<{ id: string }>(handle.db, leads, [viaRecordset[0]!], {
      onConflict: sql`ON CONFLICT DO NOTHING`,
      returning: [leads.id],
    });
    expect(again).toEqual([]);
  });

  it("keep the rows' order and give the columns left out their defaults", async () => {
    const [first] = await handle.db.insert(leads).values(lead()).returning({ id: leads.id });
    const events = Array.from({ length: 30 }, (_, i) => ({
      leadId: first!.id,
      siteId,
      kind: `step-${i}`,
      requestId: null,
    }));
    await insertRecordset(handle.db, leadEvents, events);
    const stored = await handle.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, first!.id))
      .orderBy(asc(leadEvents.id));
    expect(stored.map((e) => e.kind)).toEqual(events.map((e) => e.kind));
    expect(stored.every((e) => e.createdAt instanceof Date)).toBe(true);
    expect(stored.map((e) => e.data)).toEqual(events.map(() => ({})));

    const jobs = await insertRecordset<{ id: number; status: string }>(
      handle.db,
      leadDeliveries,
      [{ leadId: first!.id, siteId, channel: "email", target: "a@example.com" }],
      { returning: [leadDeliveries.id, leadDeliveries.status] },
    );
    expect(jobs).toEqual([{ id: expect.any(Number), status: "pending" }]);
  });

  it("are told apart when they do not all set the same columns", () => {
    const base = { leadId: randomUUID(), siteId, kind: "created" };
    expect(recordsetInsertable(leadEvents, [base, { ...base, data: { a: 1 } }])).toBe(false);
    expect(recordsetInsertable(leadEvents, [{ ...base, data: {} }, base])).toBe(false);
    expect(recordsetInsertable(leadEvents, [base, { ...base, requestId: undefined }])).toBe(true);
    expect(recordsetInsertable(leadEvents, [{ ...base, unknown: 1 }])).toBe(false);
    expect(recordsetInsertable(leadEvents, [])).toBe(false);
  });
});
