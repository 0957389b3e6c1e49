/**
 * The editors over HTTP, signed in as demo staff: bad input answers 400 with the field's message
 * and changes nothing; a change is audited; another group's site, vehicle or record by URL or by
 * form field answers 404 and changes nothing; sales staff read stock but cannot change it; a post
 * without the session's CSRF token is refused.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, locations, offers, sites, specialHours, vehicles } from "~/server/db/schema";
import { inputValueOf, settingFields } from "~/server/admin/editors/settings-form";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { signInAs, type StaffClient } from "../support/staff";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
let harbour: Site;
let coastal: Site;
let manager: StaffClient;
/** The group's admin: the group's shared site's settings and content are the group's. */
let groupEditor: StaffClient;
let ownVehicle: typeof vehicles.$inferSelect;
let otherDealershipVehicle: typeof vehicles.$inferSelect;
let otherGroupVehicle: typeof vehicles.$inferSelect;

const site = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
const vehicleRow = async (id: number) =>
  (await server.database.db.select().from(vehicles).where(eq(vehicles.id, id)))[0]!;
const settingsOf = async (id: number) =>
  (await server.database.db.select({ s: sites.settings }).from(sites).where(eq(sites.id, id)))[0]!
    .s;

const vehicleForm = (v: typeof vehicles.$inferSelect, changes: Record<string, string> = {}) => ({
  price: String(v.price),
  priceType: v.priceType ?? "",
  status: "in_stock",
  tag: v.tag ?? "",
  customRank: String(v.customRank),
  description: v.description ?? "",
  photos: v.images.map((i) => i.url).join("\n"),
  ...changes,
});

beforeAll(async () => {
  server = await startTestServer();
  harbour = site("harbour-auto-group");
  coastal = site("coastal-kia");
  const toyota = harbour.dealerships.find((d) => d.slug === "harbour-toyota")!;
  const pick = async (where: ReturnType<typeof and>) =>
    (await server.database.db.select().from(vehicles).where(where).limit(1))[0]!;
  ownVehicle = await pick(
    and(eq(vehicles.siteId, harbour.id), eq(vehicles.dealershipId, toyota.id)),
  );
  otherDealershipVehicle = await pick(
    and(eq(vehicles.siteId, harbour.id), ne(vehicles.dealershipId, toyota.id)),
  );
  otherGroupVehicle = await pick(eq(vehicles.siteId, coastal.id));
  manager = await signInAs(server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
  groupEditor = await signInAs(server, "group_admin");
});
afterAll(async () => {
  await server?.close();
});

describe("the vehicle editor over HTTP", () => {
  it("answers bad input with 400 and the field's message, changing nothing", async () => {
    const path = `/admin/stock/${harbour.id}/vehicles/${ownVehicle.id}`;
    const response = await manager.post(
      path,
      vehicleForm(ownVehicle, { price: "lots", status: "gone" }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toContain("Enter the price as a number, e.g. 24990.");
    expect(response.body).toContain("Choose in stock, coming soon, sold or hidden.");
    expect((await vehicleRow(ownVehicle.id)).price).toBe(ownVehicle.price);
  });

  it("saves a valid change and audits it with before and after", async () => {
    const path = `/admin/stock/${harbour.id}/vehicles/${ownVehicle.id}`;
    const response = await manager.post(
      path,
      vehicleForm(ownVehicle, { price: "31999", tag: "Hot Deal" }),
    );
    expect(response.status).toBe(302);
    expect(await vehicleRow(ownVehicle.id)).toMatchObject({ price: 31999, tag: "Hot Deal" });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "vehicle.update"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      siteId: harbour.id,
      before: { price: ownVehicle.price },
      after: { price: 31999, tag: "Hot Deal" },
    });
  });

  it("answers 404 for another group's site or vehicle, and another dealership's vehicle, by URL", async () => {
    for (const path of [
      `/admin/stock/${coastal.id}`,
      `/admin/stock/${coastal.id}/vehicles/${otherGroupVehicle.id}`,
      `/admin/stock/${harbour.id}/vehicles/${otherGroupVehicle.id}`,
      `/admin/stock/${harbour.id}/vehicles/${otherDealershipVehicle.id}`,
      `/admin/stock/${harbour.id}/vehicles/not-a-number`,
      `/admin/settings/${coastal.id}`,
      `/admin/content/${coastal.id}`,
    ]) {
      expect((await manager.get(path)).status, path).toBe(404);
    }
    for (const [path, v] of [
      [`/admin/stock/${coastal.id}/vehicles/${otherGroupVehicle.id}`, otherGroupVehicle],
      [`/admin/stock/${harbour.id}/vehicles/${otherGroupVehicle.id}`, otherGroupVehicle],
      [`/admin/stock/${harbour.id}/vehicles/${otherDealershipVehicle.id}`, otherDealershipVehicle],
    ] as const) {
      const response = await manager.post(path, vehicleForm(v, { price: "1" }));
      expect(response.status, path).toBe(404);
      expect((await vehicleRow(v.id)).price).toBe(v.price);
    }
  });

  it("lets sales staff read stock but not change it", async () => {
    const sales = await signInAs(server, "sales_staff");
    const vehicleOfSales = ownVehicle;
    const page = await sales.get(`/admin/stock/${harbour.id}/vehicles/${vehicleOfSales.id}`);
    if (page.status === 200)
      expect(page.body).toContain("Your account can view stock but not change it.");
    const before = await vehicleRow(vehicleOfSales.id);
    const response = await sales.post(
      `/admin/stock/${harbour.id}/vehicles/${vehicleOfSales.id}`,
      vehicleForm(before, { price: "2" }),
    );
    expect([403, 404]).toContain(response.status);
    expect((await vehicleRow(vehicleOfSales.id)).price).toBe(before.price);
  });

  it("refuses a post without the session's CSRF token", async () => {
    const response = await manager.post(`/admin/stock/${harbour.id}/vehicles/${ownVehicle.id}`, {
      ...vehicleForm(ownVehicle, { price: "3" }),
      _csrf: null,
    });
    expect(response.status).toBe(403);
    expect((await vehicleRow(ownVehicle.id)).price).not.toBe(3);
  });
});

describe("the stock list over HTTP", () => {
  it("shows a vehicle a paid deposit reserved as Reserved, and filters by it", async () => {
    const reserved = await pick(ownVehicle.siteId, ownVehicle.dealershipId, ownVehicle.id);
    await server.database.db
      .update(vehicles)
      .set({ reserved: true, status: "in_stock", showOnDealerWebsite: true })
      .where(eq(vehicles.id, reserved.id));
    try {
      const list = await manager.get(`/admin/stock/${harbour.id}?status=reserved`);
      expect(list.status).toBe(200);
      expect(list.body).toContain(`/admin/stock/${harbour.id}/vehicles/${reserved.id}`);
      expect(list.body).toMatch(/<td class="p-2">Reserved<\/td>/);
      expect(list.body).toMatch(/Reserved \(\d+\)/);
      const inStock = await manager.get(
        `/admin/stock/${harbour.id}?status=in_stock&q=${encodeURIComponent(reserved.stocknum ?? reserved.name)}`,
      );
      expect(inStock.body).not.toContain(`/admin/stock/${harbour.id}/vehicles/${reserved.id}"`);
      const editor = await manager.get(`/admin/stock/${harbour.id}/vehicles/${reserved.id}`);
      expect(editor.body).toContain("Reserved: a paid deposit holds this vehicle");
    } finally {
      await server.database.db
        .update(vehicles)
        .set({ reserved: reserved.reserved, status: reserved.status })
        .where(eq(vehicles.id, reserved.id));
    }
  });

  it("answers a status it does not know with 400 and its message", async () => {
    const bad = await manager.get(`/admin/stock/${harbour.id}?status=parked`);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Choose a listed status.");
  });
});

async function pick(siteId: number, dealershipId: number | null, notId: number) {
  const [row] = await server.database.db
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.siteId, siteId),
        dealershipId === null ? undefined : eq(vehicles.dealershipId, dealershipId),
        ne(vehicles.id, notId),
        eq(vehicles.status, "in_stock"),
        eq(vehicles.showOnDealerWebsite, true),
      ),
    )
    .limit(1);
  return row!;
}

describe("the settings editor over HTTP", () => {
  it("answers a value the schema refuses with 400 and its message; another group's site with 404", async () => {
    const before = await settingsOf(harbour.id);
    const bad = await groupEditor.post(`/admin/settings/${harbour.id}`, {
      intent: "review",
      imageQuality: "0",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Enter 1 or more.");
    const theirs = await settingsOf(coastal.id);
    const other = await groupEditor.post(`/admin/settings/${coastal.id}/promo-popup`, {
      enabled: "",
    });
    expect(other.status).toBe(404);
    expect(await settingsOf(coastal.id)).toEqual(theirs);
    expect(await settingsOf(harbour.id)).toEqual(before);
  });

  it("saves what a group admin may change and keeps the platform's settings as they are", async () => {
    const current = server.registry.byId(harbour.id)!.settings;
    const fields: Record<string, string> = { intent: "save" };
    for (const field of settingFields()) {
      const value = inputValueOf(field, current);
      if (value === true) fields[field.name] = "on";
      else if (value !== false) fields[field.name] = value;
    }
    fields.soldTagName = "Sold to a happy owner";
    fields.gtmId = "GTM-NOTYOURS";
    fields.thirdPartyScripts = "https://scripts.example/pixel.js";
    const response = await groupEditor.post(`/admin/settings/${harbour.id}`, fields);
    expect(response.status).toBe(302);
    await expect
      .poll(() => server.registry.byId(harbour.id)!.settings.soldTagName)
      .toBe("Sold to a happy owner");
    const after = server.registry.byId(harbour.id)!.settings;
    expect(after.gtmId).toBe(current.gtmId);
    expect(after.thirdPartyScripts).toEqual(current.thirdPartyScripts);
  });

  it("saves the promo popup, moving the site's version on", async () => {
    const version = server.registry.byId(harbour.id)!.version;
    const response = await groupEditor.post(`/admin/settings/${harbour.id}/promo-popup`, {
      enabled: "on",
      title: "Tax Time Sale",
      description: "",
      buttonText: "See offers",
      link: "/special-offers",
      imageUrl: "",
      expiresAt: "2099-06-30",
      visibleByDefault: "on",
    });
    expect(response.status).toBe(302);
    // Other changes (stock, a reload of an earlier save) move the version too: wait for this one.
    await expect
      .poll(() => server.registry.byId(harbour.id)!.settings.promoPopup?.title)
      .toBe("Tax Time Sale");
    expect(server.registry.byId(harbour.id)!.version).toBeGreaterThan(version);
  });
});

describe("content over HTTP", () => {
  it("creates an offer on the group's site; an offer of another group by id is not found", async () => {
    const created = await groupEditor.post(`/admin/content/${harbour.id}/offers/new`, {
      name: "Service Special",
      slug: "service-special-http",
      position: "0",
    });
    expect(created.status).toBe(302);
    const [theirs] = await server.database.db
      .select()
      .from(offers)
      .where(eq(offers.siteId, coastal.id))
      .limit(1);
    if (theirs) {
      const response = await groupEditor.post(`/admin/content/${harbour.id}/offers/${theirs.id}`, {
        name: "Taken",
        slug: theirs.slug,
        position: "0",
      });
      expect(response.status).toBe(404);
      const [after] = await server.database.db
        .select()
        .from(offers)
        .where(eq(offers.id, theirs.id));
      expect(after!.name).toBe(theirs.name);
    }
  });
});

describe("isolation for each role", () => {
  it("a group admin reaches its group's sites only: another group's site, vehicle and settings are not found", async () => {
    const groupAdmin = await signInAs(server, "group_admin");
    expect((await groupAdmin.get(`/admin/stock/${harbour.id}`)).status).toBe(200);
    const theirs = await settingsOf(coastal.id);
    for (const path of [
      `/admin/stock/${coastal.id}`,
      `/admin/stock/${coastal.id}/vehicles/${otherGroupVehicle.id}`,
      `/admin/settings/${coastal.id}`,
      `/admin/settings/${coastal.id}/navigation`,
      `/admin/content/${coastal.id}/offers/new`,
    ])
      expect((await groupAdmin.get(path)).status, path).toBe(404);
    const response = await groupAdmin.post(`/admin/settings/${coastal.id}/navigation`, {
      header: "Home | /",
      footer: "",
    });
    expect(response.status).toBe(404);
    expect(await settingsOf(coastal.id)).toEqual(theirs);
    const vehicle = await groupAdmin.post(
      `/admin/stock/${harbour.id}/vehicles/${otherGroupVehicle.id}`,
      vehicleForm(otherGroupVehicle, { price: "7" }),
    );
    expect(vehicle.status).toBe(404);
    expect((await vehicleRow(otherGroupVehicle.id)).price).toBe(otherGroupVehicle.price);
  });

  it("a record of another site named in a form field is not found and stays as it was", async () => {
    const toyota = harbour.dealerships.find((d) => d.slug === "harbour-toyota")!;
    const [own] = await server.database.db
      .select()
      .from(locations)
      .where(and(eq(locations.siteId, harbour.id), eq(locations.dealershipId, toyota.id)))
      .limit(1);
    const [theirLocation] = await server.database.db
      .select()
      .from(locations)
      .where(eq(locations.siteId, coastal.id))
      .limit(1);
    const [theirHours] = await server.database.db
      .insert(specialHours)
      .values({
        siteId: coastal.id,
        locationId: theirLocation!.id,
        date: "2099-01-26",
        status: "Closed",
        label: "Holiday",
      })
      .returning();
    const response = await manager.post(`/admin/content/${harbour.id}/locations/${own!.id}`, {
      intent: "delete-special",
      specialHoursId: String(theirHours!.id),
    });
    expect(response.status).toBe(404);
    const still = await server.database.db
      .select()
      .from(specialHours)
      .where(eq(specialHours.id, theirHours!.id));
    expect(still).toHaveLength(1);
  });
});
