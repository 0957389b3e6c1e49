/**
 * The back office editors' write paths against the running platform: bad input is refused with a
 * message per field and changes nothing; a change is stored, audited with before and after, and
 * moves the site's version on (the registry reloads it; the search index has a vehicle change);
 * another site's record is "not found" and stays as it was.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_MESSAGES } from "~/domain/site-settings";
import {
  contentPages,
  locations,
  offers,
  sites,
  specialHours,
  vehiclePriceHistory,
  vehicles,
} from "~/server/db/schema";
import type { EditorChange } from "~/server/admin/editors/editor-write";
import {
  addSpecialHours,
  deleteOffer,
  parseLocationForm,
  parseOfferForm,
  parsePageForm,
  parseSpecialHoursForm,
  saveOffer,
  savePage,
  updateLocation,
} from "~/server/admin/editors/content-editors";
import {
  parseSettingsForm,
  inputValueOf,
  settingFields,
} from "~/server/admin/editors/settings-form";
import {
  parsePromoPopupForm,
  saveNavigation,
  savePromoPopup,
  saveSiteSettings,
} from "~/server/admin/editors/site-editors";
import { parseVehicleForm, updateVehicle } from "~/server/admin/editors/stock-editor";
import { checkPhotoUploads } from "~/server/admin/editors/vehicle-photos";
import { CAR_COLLECTION } from "~/server/search/collections";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let site: Site;
let other: Site;
const audited: EditorChange[] = [];
const deps = () => ({ db: server.database.db, bus: server.bus });
const audit = async (_tx: unknown, change: EditorChange) => {
  audited.push(change);
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

/** Waits until the site's version has moved past `version`. */
/**
 * The site once the registry holds it on a version after `version` and showing the change: a
 * version alone can move first (a touch, or another notice of an earlier save arriving late).
 */
const versionAfter = (siteId: number, version: number, shows: (site: Site) => boolean) =>
  published(() => {
    const current = server.registry.byId(siteId);
    return current && current.version > version && shows(current) ? current : null;
  });

beforeAll(async () => {
  server = await startTestServer();
  site = await aSite(server);
  other = await aSite(server);
});
afterAll(async () => {
  await server?.close();
});

describe("site settings", () => {
  it("save what differs from the defaults, audit it and reload the site on a new version", async () => {
    const data = new FormData();
    for (const f of settingFields()) {
      const v = inputValueOf(f, site.settings);
      if (v === true) data.set(f.name, "on");
      else if (v !== false) data.set(f.name, v);
    }
    data.set("soldTagName", "Gone");
    data.set("stock.usedOnly", "on");
    const parsed = parseSettingsForm(data);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const version = server.registry.byId(site.id)!.version;
    const result = await saveSiteSettings(deps(), site.id, parsed.overrides, { audit });
    expect(result.ok).toBe(true);
    const reloaded = await versionAfter(site.id, version, (s) => s.settings.soldTagName === "Gone");
    expect(reloaded.settings.soldTagName).toBe("Gone");
    expect(reloaded.settings.stock.usedOnly).toBe(true);
    const [row] = await server.database.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row!.settings).toEqual({ soldTagName: "Gone", stock: { usedOnly: true } });
    expect(audited.at(-1)).toMatchObject({
      action: "site.settings",
      siteId: site.id,
      before: {},
      after: { soldTagName: "Gone", stock: { usedOnly: true } },
    });
  });

  it("refuse a save over a newer change (409) and settings the schema refuses (400), changing nothing", async () => {
    const stale = await saveSiteSettings(
      deps(),
      site.id,
      { soldTagName: "Late" },
      {
        expectedUpdatedAt: new Date(0).toISOString(),
      },
    );
    expect(stale).toMatchObject({ ok: false, status: 409 });
    const bad = await saveSiteSettings(deps(), site.id, { imageQuality: 500 } as never);
    expect(bad).toEqual({ ok: false, status: 400, errors: { imageQuality: "Enter 100 or less." } });
    const [row] = await server.database.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row!.settings).toEqual({ soldTagName: "Gone", stock: { usedOnly: true } });
  });

  it("the promo popup form: a message per field, then a popup the site shows on its next version", async () => {
    expect(
      parsePromoPopupForm(form({ enabled: "on", title: "", link: "nowhere", expiresAt: "soon" })),
    ).toEqual({
      ok: false,
      errors: {
        title: "Enter the popup's title.",
        buttonText: "Enter the button's text, e.g. Find out more.",
        link: SETTING_MESSAGES.link,
        expiresAt: "Enter the last day the popup shows (a date).",
      },
    });
    const parsed = parsePromoPopupForm(
      form({
        enabled: "on",
        title: "Winter Sale",
        buttonText: "See deals",
        link: "/special-offers",
        expiresAt: "2099-06-30",
        visibleByDefault: "on",
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const version = server.registry.byId(site.id)!.version;
    expect((await savePromoPopup(deps(), site.id, parsed.value, { audit })).ok).toBe(true);
    const reloaded = await versionAfter(
      site.id,
      version,
      (s) => s.settings.promoPopup?.title === "Winter Sale",
    );
    expect(reloaded.settings.promoPopup).toMatchObject({
      title: "Winter Sale",
      link: "/special-offers",
    });
    expect(reloaded.settings.soldTagName).toBe("Gone");
    expect(audited.at(-1)).toMatchObject({
      action: "site.promo-popup",
      before: { soldTagName: "Gone" },
    });
  });

  it("navigation: dropdowns by indent, a message per bad line, mandatory items kept", async () => {
    const bad = await saveNavigation(
      deps(),
      site.id,
      form({ header: "Home | /\n  Oops", footer: "Contact | /contact" }),
    );
    expect(bad).toEqual({
      ok: false,
      status: 400,
      errors: {
        header: "Line 2: write the item as Name | /url.",
        footer: "Line 1: start the footer with a column title, e.g. # Quick links.",
      },
    });
    const version = server.registry.byId(site.id)!.version;
    const saved = await saveNavigation(
      deps(),
      site.id,
      form({
        header: "Stock | /search\n  Used | /search/used-cars\nContact | /contact",
        footer: "# Visit\n  Locations | /our-locations",
      }),
      { audit },
    );
    expect(saved.ok).toBe(true);
    const reloaded = await versionAfter(
      site.id,
      version,
      (s) => s.navigation.header[0]?.name === "Stock",
    );
    expect(reloaded.navigation.header).toEqual([
      {
        name: "Stock",
        url: "/search",
        dropdownItems: [{ name: "Used", url: "/search/used-cars" }],
      },
      { name: "Contact", url: "/contact" },
    ]);
    expect(reloaded.navigation.footer).toEqual([
      { title: "Visit", items: [{ name: "Locations", url: "/our-locations" }] },
    ]);
  });
});

describe("a vehicle", () => {
  it("is saved through the stock write path: price history kept, searchable at once", async () => {
    const vehicle = await aVehicle(server, site, {
      images: [
        { url: "/a.jpg", thumb: "/a-t.jpg" },
        { url: "/b.jpg", thumb: "/b.jpg" },
      ],
    });
    const parsed = parseVehicleForm(
      form({
        price: "19990",
        priceType: "Drive Away",
        status: "coming_soon",
        tag: "Hot",
        customRank: "5",
        description: "Low km.",
        photos: "/a.jpg\n/b.jpg",
        move: "down:0",
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const result = await updateVehicle(deps(), site.id, vehicle.id, parsed.value, { audit });
    expect(result.ok).toBe(true);
    const [row] = await server.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, vehicle.id));
    expect(row).toMatchObject({
      price: 19990,
      priceType: "Drive Away",
      status: "coming_soon",
      tag: "Hot",
      customRank: 5,
      description: "Low km.",
    });
    expect(row!.images).toEqual([
      { url: "/b.jpg", thumb: "/b.jpg" },
      { url: "/a.jpg", thumb: "/a-t.jpg" },
    ]);
    const history = await server.database.db
      .select()
      .from(vehiclePriceHistory)
      .where(eq(vehiclePriceHistory.vehicleId, vehicle.id));
    expect(history.map((h) => h.price)).toContain(19990);
    const found = await published(() => {
      const doc = server.search.engine.get(CAR_COLLECTION, vehicle.id) as
        { price: number } | undefined;
      return doc?.price === 19990 ? doc : null;
    });
    expect(found.price).toBe(19990);
    expect(audited.at(-1)).toMatchObject({
      action: "vehicle.update",
      before: { price: 25000, status: "in_stock" },
      after: { price: 19990, status: "coming_soon" },
    });
  });

  it("refuses bad input with a message per field, and another site's vehicle as not found", async () => {
    expect(
      parseVehicleForm(
        form({ price: "cheap", status: "gone", customRank: "1.5", photos: "javascript:alert(1)" }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        price: "Enter the price as a number, e.g. 24990.",
        status: "Choose in stock, coming soon, sold or hidden.",
        customRank: "Enter a whole number from -1,000,000 to 1,000,000.",
        photos: "Photo 1: Each photo is a path (/media/...) or a full http(s) address.",
      },
    });
    const theirs = await aVehicle(server, other);
    const parsed = parseVehicleForm(form({ price: "1", status: "sold", photos: "" }));
    if (!parsed.ok) throw new Error("valid form refused");
    const result = await updateVehicle(deps(), site.id, theirs.id, parsed.value);
    expect(result).toMatchObject({ ok: false, status: 404 });
    const [row] = await server.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, theirs.id));
    expect(row).toMatchObject({ price: 25000, status: "in_stock" });
  });
});

describe("uploaded photos", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
    "base64",
  );

  it("are checked by their content, stored with the vehicle and served on the owner's host only", async () => {
    expect(await checkPhotoUploads([new File(["<svg/>"], "logo.png")])).toEqual({
      ok: false,
      message: "logo.png is not a JPEG, PNG, WebP or GIF photo.",
    });
    const checked = await checkPhotoUploads([new File([PNG], "car.png"), new File([], "")]);
    if (!checked.ok) throw new Error(checked.message);
    const vehicle = await aVehicle(server, site);
    const parsed = parseVehicleForm(form({ price: "20000", status: "in_stock", photos: "" }));
    if (!parsed.ok) throw new Error("valid form refused");
    const result = await updateVehicle(deps(), site.id, vehicle.id, parsed.value, {
      uploads: checked.photos,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [photo] = result.value.images;
    expect(photo!.url).toMatch(/^\/media\/photos\/[0-9a-f-]{36}\.png$/);
    const own = await fetchWithHost(server, `${site.slug}.localhost`, photo!.url);
    expect(own.status).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    const elsewhere = await fetchWithHost(server, `${other.slug}.localhost`, photo!.url);
    expect(elsewhere.status).toBe(404);
  });
});

describe("locations, offers and pages", () => {
  it("a location's hours, address and visibility; its special hours; another site's location is not found", async () => {
    const [dealership] = site.dealerships;
    const [location] = await server.database.db
      .insert(locations)
      .values({
        siteId: site.id,
        dealershipId: dealership!.id,
        name: "Main",
        slug: `main-${site.id}`,
        address: {
          street: "1 Old St",
          city: "Sydney",
          state: "NSW",
          postcode: "2000",
          lat: null,
          long: null,
          place_id: null,
          place_url: null,
          full: "",
          map_key: null,
          map_url: null,
        },
        contactDetail: { phone: null, landline_phone: null, mobile: null, email: null, social: {} },
      })
      .returning();
    const hours = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
        [`hours.${d}.status`, d === 0 ? "Closed" : "Open"],
        [`hours.${d}.open`, "08:30"],
        [`hours.${d}.close`, "17:00"],
      ]),
    );
    const bad = parseLocationForm(
      form({
        ...hours,
        name: "",
        street: "2 New St",
        city: "Sydney",
        state: "NSW",
        postcode: "2000",
        "hours.1.close": "07:00",
        email: "nope",
      }),
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        name: "Enter the location's name.",
        email: "Enter an e-mail address like sales@example.com.",
        "hours.1.close": "Closing time comes after opening time.",
      },
    });
    const good = parseLocationForm(
      form({
        ...hours,
        name: "Main Yard",
        visible: "on",
        position: "2",
        street: "2 New St",
        city: "Sydney",
        state: "NSW",
        postcode: "2000",
        phone: "02 9000 0000",
      }),
    );
    if (!good.ok) throw new Error(JSON.stringify(good.errors));
    expect(await updateLocation(deps(), other.id, location!.id, good.value)).toMatchObject({
      ok: false,
      status: 404,
    });
    const version = server.registry.byId(site.id)!.version;
    expect((await updateLocation(deps(), site.id, location!.id, good.value, { audit })).ok).toBe(
      true,
    );
    await versionAfter(site.id, version, () => true);
    const [row] = await server.database.db
      .select()
      .from(locations)
      .where(eq(locations.id, location!.id));
    expect(row).toMatchObject({
      name: "Main Yard",
      position: 2,
      address: { street: "2 New St", full: "2 New St, Sydney NSW 2000" },
      contactDetail: { phone: "02 9000 0000" },
    });
    expect(row!.openingHours[1]).toEqual({
      weekday: 1,
      status: "Open",
      open: "08:30",
      close: "17:00",
      formated_hours: "8:30am - 5:00pm",
    });
    expect(row!.openingHours[0]).toMatchObject({ status: "Closed", open: null });

    expect(
      parseSpecialHoursForm(
        form({ date: "2099-12-24", status: "Open", startHour: "9", endHour: "" }),
      ),
    ).toMatchObject({ ok: false, errors: { startHour: "Enter the opening time, e.g. 09:00." } });
    const special = parseSpecialHoursForm(
      form({
        date: "2099-12-24",
        status: "Open",
        startHour: "09:00",
        endHour: "13:00",
        label: "Christmas Eve",
      }),
    );
    if (!special.ok) throw new Error("valid special hours refused");
    expect(await addSpecialHours(deps(), other.id, location!.id, special.value)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await addSpecialHours(deps(), site.id, location!.id, special.value)).ok).toBe(true);
    const rows = await server.database.db
      .select()
      .from(specialHours)
      .where(eq(specialHours.locationId, location!.id));
    expect(rows).toMatchObject([
      { siteId: site.id, date: "2099-12-24", startHour: "09:00", label: "Christmas Eve" },
    ]);
  });

  it("offers: per-field messages, unique address names, and no reach into another site", async () => {
    expect(
      parseOfferForm(
        form({ name: "", slug: "Summer Sale", price: "-1", linkHref: "javascript:x" }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        name: "Enter the offer's name.",
        slug: "Use lower-case letters, digits and dashes, e.g. summer-sale.",
        price: "Enter a price from 0 to 10,000,000, or leave it empty.",
        linkHref: "Enter a path on the site (/special-offers) or a full https:// address.",
      },
    });
    const offer = parseOfferForm(
      form({ name: "Summer Sale", slug: "summer-sale", price: "29990", expiresAt: "2099-01-31" }),
    );
    if (!offer.ok) throw new Error(JSON.stringify(offer.errors));
    const version = server.registry.byId(site.id)!.version;
    const created = await saveOffer(deps(), site.id, null, offer.value, { audit });
    if (!created.ok) throw new Error("offer refused");
    await versionAfter(site.id, version, () => true);
    expect(await saveOffer(deps(), site.id, null, offer.value)).toEqual({
      ok: false,
      status: 400,
      errors: { slug: "Another offer of this site has this address name." },
    });
    expect(
      await saveOffer(deps(), other.id, created.value.id, { ...offer.value, name: "Stolen" }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await deleteOffer(deps(), other.id, created.value.id)).toMatchObject({
      ok: false,
      status: 404,
    });
    const [row] = await server.database.db
      .select()
      .from(offers)
      .where(eq(offers.id, created.value.id));
    expect(row).toMatchObject({ siteId: site.id, name: "Summer Sale", price: 29990 });
  });

  it("content pages: the body is stored sanitised; another site's page is not found", async () => {
    expect(parsePageForm(form({ title: "", slug: "about us", kind: "blog" }))).toEqual({
      ok: false,
      errors: {
        title: "Enter the page's title.",
        slug: "Use lower-case letters, digits and dashes, e.g. summer-sale.",
        kind: "Choose a listed kind of page.",
      },
    });
    const page = parsePageForm(
      form({
        title: "About us",
        slug: "about-us",
        kind: "page",
        body: "<p>Hi<script>alert(1)</script></p>",
        published: "on",
      }),
    );
    if (!page.ok) throw new Error(JSON.stringify(page.errors));
    const saved = await savePage(deps(), site.id, null, page.value, { audit });
    if (!saved.ok) throw new Error("page refused");
    expect(saved.value.body).not.toContain("<script");
    expect(await savePage(deps(), other.id, saved.value.id, page.value)).toMatchObject({
      ok: false,
      status: 404,
    });
    const rows = await server.database.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.siteId, other.id), eq(contentPages.slug, "about-us")));
    expect(rows).toEqual([]);
  });
});
