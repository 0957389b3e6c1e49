/**
 * Times in the back office (docs/product/back-office.md, "Times"): stored in UTC, shown in the
 * site's zone with the zone named, and date filters that mean the dealership's days. The same
 * instant, 13:30 UTC on 28 November 2026, is 29 November in Sydney (12:30 am AEDT), still 28
 * November in Brisbane (11:30 pm AEST, no daylight saving) and 7:30 am in Austin.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { aLead } from "../support/factories";
import { startTestServer } from "../support/test-server";
import { signInAs, type StaffClient } from "../support/staff";

let server: RunningServer;
let admin: StaffClient;
const at = new Date("2026-11-28T13:30:00Z");
const id = { sydney: "", brisbane: "", austin: "" };

beforeAll(async () => {
  server = await startTestServer({ LEAD_RATE_LIMIT: "1000" });
  const lead = async (host: string, lastName: string, fields: Record<string, string> = {}) =>
    (await aLead(server, { host, fields: { first_name: "Zoe", last_name: lastName, ...fields } }))
      .id;
  id.sydney = await lead("harbour-auto-group.localhost", "Sydneyside");
  id.brisbane = await lead("coastal-kia.localhost", "Brisbaneside");
  id.austin = await lead("lone-star-autos.localhost", "Austinside", {
    phone: "(512) 555-0147",
    postcode: "78701",
  });
  await server.database.db
    .update(leads)
    .set({ createdAt: at, completedAt: at })
    .where(inArray(leads.id, Object.values(id)));
  admin = await signInAs(server, "platform_admin");
});
afterAll(() => server?.close());

const names = (html: string) =>
  ["Sydneyside", "Brisbaneside", "Austinside"].filter((n) => html.includes(n));

describe("Times in the back office", () => {
  it("shows each lead's time in its site's zone, with the zone named", async () => {
    const sydney = await admin.get(`/admin/leads/${id.sydney}`);
    expect(sydney.body).toContain("29 Nov 2026, 12:30:00 am AEDT");
    expect(sydney.body).not.toContain("UTC");
    const austin = await admin.get(`/admin/leads/${id.austin}`);
    expect(austin.body).toContain("Nov 28, 2026, 7:30:00 am CST");
    const list = await admin.get("/admin/leads?q=Zoe");
    expect(list.body).toContain("29 Nov 2026, 12:30 am AEDT");
    expect(list.body).toContain("28 Nov 2026, 11:30 pm AEST");
    expect(list.body).toContain("Nov 28, 2026, 7:30 am CST");
    expect(list.body).toContain('dateTime="2026-11-28T13:30:00.000Z"');
  });

  it("filters by the days of each site's zone", async () => {
    const on28 = await admin.get("/admin/leads?q=Zoe&from=2026-11-28&to=2026-11-28");
    expect(names(on28.body)).toEqual(["Brisbaneside", "Austinside"]);
    const on29 = await admin.get("/admin/leads?q=Zoe&from=2026-11-29");
    expect(names(on29.body)).toEqual(["Sydneyside"]);
    const until28 = await admin.get("/admin/leads?q=Zoe&to=2026-11-28");
    expect(names(until28.body)).toEqual(["Brisbaneside", "Austinside"]);
  });

  it("a group's staff filter by their group's days", async () => {
    const group = await signInAs(server, "group_admin");
    const on29 = await group.get("/admin/leads?q=Zoe&from=2026-11-29&to=2026-11-29");
    expect(names(on29.body)).toEqual(["Sydneyside"]);
    const on28 = await group.get("/admin/leads?q=Zoe&from=2026-11-28&to=2026-11-28");
    expect(names(on28.body)).toEqual([]);
  });
});
