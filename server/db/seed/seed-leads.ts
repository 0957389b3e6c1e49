/**
 * Demo data of the lead features: sample registrations for the built-in registration lookup,
 * a lead e-mail address per location (and one per site), the sites' booking time zones, and a
 * few bookings already taken so that the slot pickers show taken times as gone.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { bookings, leadRecipients, locations, sampleRegistrations, sites } from "../schema";
import type { SiteSettingsInput } from "~/domain/site-settings";
import { availableSlots } from "~/domain/booking-slots";

/** Plates the built-in lookup knows (shown on the Value My Car page as examples in the demo). */
export const SAMPLE_REGISTRATIONS = [
  {
    rego: "ABC123",
    state: "NSW",
    year: 2019,
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent Sport",
    body: "Hatch",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "White",
    vin: "JTNKU3JE60J012345",
    tradeLow: 17500,
    tradeHigh: 19800,
  },
  {
    rego: "XYZ789",
    state: "NSW",
    year: 2021,
    make: "Mazda",
    model: "CX-5",
    badge: "Maxx Sport",
    body: "SUV",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "Soul Red",
    vin: "JMZKF4W7A00123456",
    tradeLow: 29000,
    tradeHigh: 32500,
  },
  {
    rego: "1ABC234",
    state: "VIC",
    year: 2017,
    make: "Ford",
    model: "Ranger",
    badge: "XLT",
    body: "Ute",
    fuel: "Diesel",
    transmission: "Automatic",
    colour: "Blue",
    vin: "MNAUMFF50HW712345",
    tradeLow: 28500,
    tradeHigh: 31800,
  },
  {
    rego: "CFX12B",
    state: "VIC",
    year: 2020,
    make: "Hyundai",
    model: "i30",
    badge: "Active",
    body: "Hatch",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "Grey",
    vin: "KMHH351EMLU123456",
    tradeLow: 16800,
    tradeHigh: 18900,
  },
  {
    rego: "123ABC",
    state: "QLD",
    year: 2022,
    make: "Kia",
    model: "Sportage",
    badge: "SX",
    body: "SUV",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "Black",
    vin: "KNAPU81BMN7012345",
    tradeLow: 31500,
    tradeHigh: 34900,
  },
  {
    rego: "456DEF",
    state: "QLD",
    year: 2016,
    make: "Kia",
    model: "Cerato",
    badge: "S",
    body: "Sedan",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "Silver",
    vin: "KNAFK41A5G5012345",
    tradeLow: 9800,
    tradeHigh: 11900,
  },
  {
    rego: "1GHJ234",
    state: "WA",
    year: 2018,
    make: "Toyota",
    model: "LandCruiser",
    badge: "GXL",
    body: "Wagon",
    fuel: "Diesel",
    transmission: "Automatic",
    colour: "White",
    vin: "JTMHV05J104123456",
    tradeLow: 62000,
    tradeHigh: 68500,
  },
  {
    rego: "S123ABC",
    state: "SA",
    year: 2015,
    make: "Holden",
    model: "Commodore",
    badge: "SV6",
    body: "Sedan",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "Red",
    vin: "6G1FB5E36FL012345",
    tradeLow: 12000,
    tradeHigh: 14500,
  },
  {
    rego: "YAM001",
    state: "VIC",
    year: 2021,
    make: "Yamaha",
    model: "MT-07",
    badge: "LAMS",
    body: "Naked",
    fuel: "Petrol",
    transmission: "Manual",
    colour: "Black",
    vin: "JYARM33E0MA012345",
    tradeLow: 7800,
    tradeHigh: 8900,
  },
  {
    rego: "JAY22",
    state: "WA",
    year: 2020,
    make: "Jayco",
    model: "Journey",
    badge: "Outback",
    body: "Caravan",
    fuel: null,
    transmission: null,
    colour: "White",
    vin: null,
    tradeLow: 48000,
    tradeHigh: 54000,
  },
  {
    rego: "ABC123",
    state: "NZ",
    year: 2018,
    make: "Toyota",
    model: "RAV4",
    badge: "GXL",
    body: "SUV",
    fuel: "Petrol",
    transmission: "Automatic",
    colour: "Silver",
    vin: "JTMBFREV10D123456",
    tradeLow: 21000,
    tradeHigh: 23800,
  },
  {
    rego: "KLM456",
    state: "NZ",
    year: 2019,
    make: "Mitsubishi",
    model: "Outlander",
    badge: "PHEV",
    body: "SUV",
    fuel: "PHEV",
    transmission: "Automatic",
    colour: "White",
    vin: "JMFXTGF2WKZ012345",
    tradeLow: 24500,
    tradeHigh: 27200,
  },
  {
    rego: "TXA1234",
    state: "TX",
    year: 2020,
    make: "Ford",
    model: "F-150",
    badge: "XLT",
    body: "Pickup",
    fuel: "Gas",
    transmission: "Automatic",
    colour: "Blue",
    vin: "1FTEW1EP0LFA12345",
    tradeLow: 29500,
    tradeHigh: 33000,
  },
  {
    rego: "LSA9876",
    state: "TX",
    year: 2018,
    make: "Chevrolet",
    model: "Silverado",
    badge: "LT",
    body: "Pickup",
    fuel: "Gas",
    transmission: "Automatic",
    colour: "Black",
    vin: "3GCUKREC5JG123456",
    tradeLow: 24000,
    tradeHigh: 27500,
  },
] as const;

/** Where each demo site's opening hours are. */
const TIME_ZONES: Record<string, string> = {
  "harbour-auto-group": "Australia/Sydney",
  "coastal-kia": "Australia/Brisbane",
  "southern-motors": "Pacific/Auckland",
  "lone-star-autos": "America/Chicago",
  "outback-campers": "Australia/Perth",
  "throttle-motorcycles": "Australia/Melbourne",
};

/** Settings of the lead features that differ from the defaults on some demo sites. */
const LEAD_SETTINGS: Record<string, SiteSettingsInput> = {
  "harbour-auto-group": { serviceSlotCapacity: 2, bookingDaysAhead: 21 },
  "lone-star-autos": {
    testDriveSlotMinutes: 60,
    serviceAdditionalServices: [
      "Oil change",
      "Tire rotation",
      "Brake inspection",
      "State inspection",
    ],
  },
  "outback-campers": { testDriveSlotMinutes: 60, bookingNoticeMinutes: 24 * 60 },
};

export async function seedLeadDemoData(db: Database, now = Date.now()): Promise<void> {
  await db
    .insert(sampleRegistrations)
    .values([...SAMPLE_REGISTRATIONS])
    .onConflictDoNothing();

  const allSites = await db.select().from(sites);
  for (const site of allSites) {
    const patch: SiteSettingsInput = {
      bookingTimeZone: TIME_ZONES[site.slug] ?? "Australia/Sydney",
      ...LEAD_SETTINGS[site.slug],
    };
    await db
      .update(sites)
      .set({ settings: sql`${sites.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(sites.id, site.id));

    const domain = (site.contactDetails.email ?? `leads@${site.slug}.example`).split("@")[1];
    const siteLocations = await db.select().from(locations).where(eq(locations.siteId, site.id));
    await db.insert(leadRecipients).values([
      { siteId: site.id, channel: "email", target: `leads@${domain}` },
      ...siteLocations
        .filter((l) => l.visible)
        .map((l) => ({
          siteId: site.id,
          locationId: l.id,
          dealershipId: l.dealershipId,
          channel: "email",
          target: `${l.slug}@${domain}`,
        })),
    ]);

    // Two slots already taken at the first bookable location: the pickers no longer offer them.
    const sales = siteLocations.find(
      (l) => l.visible && (l.locationType === "sales" || l.locationType === ""),
    );
    if (!sales) continue;
    const days = availableSlots({
      openingHours: sales.openingHours,
      specialHours: [],
      taken: [],
      now,
      rules: {
        slotMinutes: LEAD_SETTINGS[site.slug]?.testDriveSlotMinutes ?? 30,
        capacity: 1,
        daysAhead: 7,
        noticeMinutes: 24 * 60,
        timeZone: patch.bookingTimeZone!,
      },
    });
    const taken = days.find((d) => d.slots.length > 0)?.slots.slice(2, 4) ?? [];
    if (taken.length > 0) {
      await db
        .insert(bookings)
        .values(
          taken.map((slot) => ({
            siteId: site.id,
            locationId: sales.id,
            kind: "test_drive",
            startsAt: new Date(slot.start),
          })),
        )
        .onConflictDoNothing();
    }
  }
}
