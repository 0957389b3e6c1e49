/**
 * Adding and deleting locations in the back office over HTTP: bad input answers 400 with the
 * field's message and adds nothing; a new location of the staff member's dealership is stored
 * and audited; a location vehicles belong to cannot be deleted; another group's site is not
 * found and nothing changes.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, locations, vehicles } from "~/server/db/schema";
import { LOCATION_IN_USE } from "~/server/admin/editors/content-editors";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { signInAs, type StaffClient } from "../support/staff";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
let harbour: Site;
let coastal: Site;
let manager: StaffClient;

const site = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
const db = () => server.database.db;
const countOf = async (siteId: number) =>
  (await db().select().from(locations).where(eq(locations.siteId, siteId))).length;

const weekdays = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [
    [`hours.${d}.status`, d === 0 ? "Closed" : "Open"],
    [`hours.${d}.open`, d === 0 ? "" : "08:30"],
    [`hours.${d}.close`, d === 0 ? "" : "17:00"],
  ]).flat(),
) as Record<string, string>;

const newLocation = (changes: Record<string, string> = {}) => ({
  name: "Harbour Toyota Northside",
  visible: "on",
  position: "5",
  street: "1 North Road",
  city: "Northside",
  state: "NSW",
  postcode: "2060",
  phone: "02 9000 0000",
  email: "north@harbour-toyota.example",
  ...weekdays,
  ...changes,
});

beforeAll(async () => {
  server = await startTestServer();
  harbour = site("harbour-auto-group");
  coastal = site("coastal-kia");
  manager = await signInAs(server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
});
afterAll(async () => {
  await server?.close();
});

describe("adding and deleting locations", () => {
  it("adds a location of the manager's dealership, validated and audited, then deletes it", async () => {
    const toyota = harbour.dealerships.find((d) => d.slug === "harbour-toyota")!;
    const other = harbour.dealerships.find((d) => d.id !== toyota.id)!;
    const path = `/admin/content/${harbour.id}/locations/new`;
    const page = await manager.get(path);
    expect(page.status).toBe(200);
    const before = await countOf(harbour.id);

    const bad = await manager.post(
      path,
      newLocation({ name: "", postcode: "x", dealershipId: String(other.id) }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter the location&#x27;s name.");
    expect(bad.body).toContain("Choose the location&#x27;s dealership from the list.");
    expect(await countOf(harbour.id)).toBe(before);

    const created = await manager.post(path, newLocation({ dealershipId: String(toyota.id) }));
    expect(created.status).toBe(302);
    const [row] = await db()
      .select()
      .from(locations)
      .where(and(eq(locations.siteId, harbour.id), eq(locations.name, "Harbour Toyota Northside")));
    expect(row).toMatchObject({
      dealershipId: toyota.id,
      slug: "harbour-toyota-northside",
      visible: true,
    });
    expect(row!.openingHours.filter((h) => h.status === "Open")).toHaveLength(6);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "location.create"))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ siteId: harbour.id, before: null });

    const deleted = await manager.post(`/admin/content/${harbour.id}/locations/${row!.id}`, {
      intent: "delete",
    });
    expect(deleted.status).toBe(302);
    expect(await countOf(harbour.id)).toBe(before);
    const [gone] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "location.delete"))
      .orderBy(desc(auditLog.id));
    expect(gone).toMatchObject({ siteId: harbour.id, after: null });
  });

  it("keeps a location vehicles belong to, and another group's locations, unchanged", async () => {
    const [used] = await db()
      .select({ id: vehicles.locationId })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, harbour.id), isNotNull(vehicles.locationId)))
      .limit(1);
    if (used?.id) {
      const refused = await manager.post(`/admin/content/${harbour.id}/locations/${used.id}`, {
        intent: "delete",
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toContain("cannot be deleted");
      expect(LOCATION_IN_USE).toContain("hide it instead");
    }
    const [foreign] = await db()
      .select()
      .from(locations)
      .where(eq(locations.siteId, coastal.id))
      .limit(1);
    const coastalCount = await countOf(coastal.id);
    expect(
      (
        await manager.post(`/admin/content/${coastal.id}/locations/${foreign!.id}`, {
          intent: "delete",
        })
      ).status,
    ).toBe(404);
    expect(
      (await manager.post(`/admin/content/${coastal.id}/locations/new`, newLocation())).status,
    ).toBe(404);
    // Another site's location by id on the manager's own site: not found.
    expect(
      (
        await manager.post(`/admin/content/${harbour.id}/locations/${foreign!.id}`, {
          intent: "delete",
        })
      ).status,
    ).toBe(404);
    expect(await countOf(coastal.id)).toBe(coastalCount);
  });
});
