/**
 * A dealership's staff reach one dealership (docs/product/back-office.md, "Roles and scope"),
 * also on a site their dealership shares with others (Harbour Auto Group's site: four
 * dealerships). What is the site's own (settings, navigation, promo popup, offers, pages,
 * site-wide lead routing, stock imports) is the group's: a manager of one of its dealerships
 * answers 403 there and changes nothing. What is another dealership's (its locations, vehicles,
 * leads, staff) is not found (404) and stays as it was. A manager whose dealership has a site
 * to itself edits that site's own records; the group's admin edits the shared site's.
 */
import { and, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentPages,
  leads,
  locations,
  offers,
  sites,
  specialHours,
  staffUsers,
  vehicles,
} from "~/server/db/schema";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aLead } from "../support/factories";
import { demoAccount, signInAs, staffIdOf, type StaffClient } from "../support/staff";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
let harbour: Site;
let coastal: Site;
let toyotaId: number;
let mazdaId: number;
/** Manager of Harbour Toyota, one of the four dealerships of the group's site. */
let manager: StaffClient;

const db = () => server.database.db;
const site = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
const siteRow = async (id: number) =>
  (
    await db()
      .select({ settings: sites.settings, navigation: sites.navigation })
      .from(sites)
      .where(eq(sites.id, id))
  )[0]!;
const countOf = async (table: typeof offers | typeof contentPages, siteId: number) =>
  (await db().select({ n: count() }).from(table).where(eq(table.siteId, siteId)))[0]!.n;
const locationOf = async (dealershipId: number) =>
  (
    await db()
      .select()
      .from(locations)
      .where(and(eq(locations.siteId, harbour.id), eq(locations.dealershipId, dealershipId)))
      .limit(1)
  )[0]!;
const locationRow = async (id: number) =>
  (await db().select().from(locations).where(eq(locations.id, id)))[0];

const weekdays = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [
    [`hours.${d}.status`, "Open"],
    [`hours.${d}.open`, "09:00"],
    [`hours.${d}.close`, "17:00"],
  ]).flat(),
) as Record<string, string>;
const locationForm = (l: typeof locations.$inferSelect, name: string) => ({
  name,
  visible: l.visible ? "on" : "",
  position: String(l.position),
  street: l.address.street,
  city: l.address.city,
  state: l.address.state,
  postcode: l.address.postcode,
  phone: l.contactDetail.phone ?? "",
  email: l.contactDetail.email ?? "",
  ...weekdays,
});

beforeAll(async () => {
  server = await startTestServer({ LEAD_DELIVERY: "false" });
  harbour = site("harbour-auto-group");
  coastal = site("coastal-kia");
  toyotaId = harbour.dealerships.find((d) => d.slug === "harbour-toyota")!.id;
  mazdaId = harbour.dealerships.find((d) => d.slug === "harbour-mazda")!.id;
  manager = await signInAs(server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
});
afterAll(async () => {
  await server?.close();
});

describe("a shared site's own records are the group's", () => {
  it("a dealership's manager cannot open or save the shared site's settings, popup or navigation", async () => {
    const before = await siteRow(harbour.id);
    for (const path of ["", "/promo-popup", "/navigation"])
      expect((await manager.get(`/admin/settings/${harbour.id}${path}`)).status, path).toBe(403);
    const saves = [
      manager.post(`/admin/settings/${harbour.id}`, {
        intent: "save",
        soldTagName: "Taken over",
      }),
      manager.post(`/admin/settings/${harbour.id}/promo-popup`, {
        enabled: "on",
        title: "Not the group's popup",
        description: "",
        buttonText: "Go",
        link: "/",
        imageUrl: "",
        expiresAt: "2099-01-01",
      }),
      manager.post(`/admin/settings/${harbour.id}/navigation`, {
        header: "Home | /",
        footer: "# Links\nHome | /",
      }),
    ];
    for (const response of await Promise.all(saves)) expect(response.status).toBe(403);
    expect(await siteRow(harbour.id)).toEqual(before);
    // The settings list offers no site: none is the manager's alone.
    const picker = await manager.get("/admin/settings");
    expect(picker.status).toBe(200);
    expect(picker.body).not.toContain(`href="/admin/settings/${harbour.id}"`);
  });

  it("a dealership's manager cannot add or change the shared site's offers and pages", async () => {
    const [offersBefore, pagesBefore] = [
      await countOf(offers, harbour.id),
      await countOf(contentPages, harbour.id),
    ];
    expect((await manager.get(`/admin/content/${harbour.id}/offers/new`)).status).toBe(403);
    expect((await manager.get(`/admin/content/${harbour.id}/pages/new`)).status).toBe(403);
    const offer = await manager.post(`/admin/content/${harbour.id}/offers/new`, {
      name: "Not ours to offer",
      slug: "not-ours-to-offer",
      position: "0",
    });
    expect(offer.status).toBe(403);
    const page = await manager.post(`/admin/content/${harbour.id}/pages/new`, {
      title: "Not ours",
      slug: "not-ours",
      kind: "custom",
      body: "<p>x</p>",
    });
    expect(page.status).toBe(403);
    expect(await countOf(offers, harbour.id)).toBe(offersBefore);
    expect(await countOf(contentPages, harbour.id)).toBe(pagesBefore);
    // Nor its stock imports or its site-wide lead routing.
    expect((await manager.get(`/admin/stock/${harbour.id}/imports`)).status).toBe(403);
    expect((await manager.get(`/admin/routing?level=site:${harbour.id}`)).status).toBe(404);
  });

  it("the group's admin opens and saves them", async () => {
    const admin = await signInAs(server, "group_admin");
    expect((await admin.get(`/admin/settings/${harbour.id}`)).status).toBe(200);
    expect((await admin.get(`/admin/stock/${harbour.id}/imports`)).status).toBe(200);
    const created = await admin.post(`/admin/content/${harbour.id}/offers/new`, {
      name: "Group offer",
      slug: "group-offer-isolation",
      position: "0",
    });
    expect(created.status).toBe(302);
  });

  it("a manager whose dealership has a site to itself edits that site's own records", async () => {
    const own = await signInAs(server, "dealership_manager", {
      dealershipSlug: "coastal-kia-southport",
    });
    expect((await own.get(`/admin/settings/${coastal.id}`)).status).toBe(200);
    expect((await own.get(`/admin/content/${coastal.id}/offers/new`)).status).toBe(200);
    const routing = await own.get(`/admin/routing?level=site:${coastal.id}`);
    expect(routing.status).toBe(200);
    expect(routing.body).toContain("every lead of the site");
  });
});

describe("another dealership's records on a shared site are not found", () => {
  it("its locations: not shown, not opened, not changed, not deleted, no special hours", async () => {
    const mazda = await locationOf(mazdaId);
    const toyota = await locationOf(toyotaId);
    const list = await manager.get(`/admin/content/${harbour.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toContain(`/locations/${toyota.id}"`);
    expect(list.body).not.toContain(`/locations/${mazda.id}"`);

    const path = `/admin/content/${harbour.id}/locations/${mazda.id}`;
    expect((await manager.get(path)).status).toBe(404);
    const hoursOf = async () =>
      (await db().select().from(specialHours).where(eq(specialHours.locationId, mazda.id)))
        .map((h) => h.id)
        .sort((a, b) => a - b);
    const hoursBefore = await hoursOf();
    const [theirHours] = await db()
      .insert(specialHours)
      .values({
        siteId: harbour.id,
        locationId: mazda.id,
        date: "2099-12-25",
        status: "Closed",
        label: "Christmas",
      })
      .returning();
    const posts = [
      manager.post(path, { intent: "save", ...locationForm(mazda, "Renamed by Toyota") }),
      manager.post(path, { intent: "delete" }),
      manager.post(path, { intent: "add-special", date: "2099-12-26", status: "Closed" }),
      manager.post(path, { intent: "delete-special", specialHoursId: String(theirHours!.id) }),
    ];
    for (const response of await Promise.all(posts)) expect(response.status).toBe(404);
    expect(await locationRow(mazda.id)).toEqual(mazda);
    expect(await hoursOf()).toEqual([...hoursBefore, theirHours!.id].sort((a, b) => a - b));

    // A new location of another dealership is refused; of the manager's own, saved.
    const before = (await db().select().from(locations).where(eq(locations.siteId, harbour.id)))
      .length;
    const theirs = await manager.post(`/admin/content/${harbour.id}/locations/new`, {
      ...locationForm(toyota, "Mazda Annex"),
      dealershipId: String(mazdaId),
    });
    expect(theirs.status).toBe(400);
    expect(
      (await db().select().from(locations).where(eq(locations.siteId, harbour.id))).length,
    ).toBe(before);
    const ownSave = await manager.post(`/admin/content/${harbour.id}/locations/${toyota.id}`, {
      intent: "save",
      ...locationForm(toyota, `${toyota.name} (saved)`),
    });
    expect(ownSave.status).toBe(302);
    expect((await locationRow(toyota.id))!.name).toBe(`${toyota.name} (saved)`);
  });

  it("its vehicles, leads and staff", async () => {
    const [vehicle] = await db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.siteId, harbour.id), eq(vehicles.dealershipId, mazdaId)))
      .limit(1);
    expect((await manager.get(`/admin/stock/${harbour.id}/vehicles/${vehicle!.id}`)).status).toBe(
      404,
    );
    const lead = await aLead(server, {
      host: "harbour-auto-group.localhost",
      fields: { dealership_slug: "harbour-mazda" },
    });
    const [stored] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(stored!.dealershipId).toBe(mazdaId);
    expect((await manager.get(`/admin/leads/${lead!.id}`)).status).toBe(404);
    const inbox = await manager.get(`/admin/leads?dealership=${mazdaId}`);
    expect(inbox.body).not.toContain(`/admin/leads/${lead!.id}"`);

    const mazdaManager = await staffIdOf(
      server,
      demoAccount("dealership_manager", "harbour-mazda").email,
    );
    const disable = await manager.post("/admin/staff", {
      intent: "disable",
      account: String(mazdaManager),
    });
    expect(disable.status).toBe(404);
    const [row] = await db()
      .select({ disabledAt: staffUsers.disabledAt })
      .from(staffUsers)
      .where(eq(staffUsers.id, mazdaManager));
    expect(row!.disabledAt).toBeNull();
    const staffPage = await manager.get("/admin/staff");
    expect(staffPage.body).not.toContain(demoAccount("dealership_manager", "harbour-mazda").email);
    // The leads and stock of their own dealership on the same site open.
    const [own] = await db()
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.siteId, harbour.id),
          ne(vehicles.dealershipId, mazdaId),
          eq(vehicles.dealershipId, toyotaId),
        ),
      )
      .limit(1);
    expect((await manager.get(`/admin/stock/${harbour.id}/vehicles/${own!.id}`)).status).toBe(200);
  });
});
