/**
 * Booking slots over HTTP (docs/product/bookings.md, "Slots" and "Slot calls"): the slot calls
 * mark taken times as taken and follow special hours from the database, in the site's time zone;
 * a booking for a taken time, or for a time the location does not take bookings at, is refused
 * with a message and nothing stored; the page without JavaScript shows a taken time as taken.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate } from "~/domain/booking-slots";
import { leads, specialHours } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { sendJson, sendRaw, validLead, type JsonResponse } from "./support/lead-client";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ LEAD_POLL_MS: "50", LEAD_RATE_LIMIT: "60" });
});
afterAll(async () => {
  await server?.close();
});

const TAKEN = "That time has just been booked. Please choose another time.";
const UNAVAILABLE = "We can't take a booking at that time. Please choose one of the times shown.";

type Slot = { start: string; date: string; time: string; label: string; remaining?: number };
type Day = { date: string; weekday: number; slots: Slot[]; taken: Slot[] };
type Answer = {
  time_zone: string;
  slot_minutes: number;
  today: string;
  days_ahead: number;
  locations: Array<{ id: number; name: string; days: Day[] }>;
};

const db = () => server.database.db;
const siteBySlug = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;

/** The US site (America/Chicago) and an AU site (Australia/Brisbane). */
const SITES = [
  { slug: "lone-star-autos", phone: "(512) 555-0100", postcode: "78701" },
  { slug: "coastal-kia", phone: "0411 222 333", postcode: "4215" },
] as const;

async function testDriveSlots(slug: string): Promise<Answer> {
  const site = siteBySlug(slug);
  const res = await sendRaw(
    server,
    "GET",
    `/dealerships/${site.dealerships[0]!.id}/available_appointment_bookings.json`,
    null,
    { accept: "application/json" },
    `${slug}.localhost`,
  );
  expect(res.status).toBe(200);
  return res.json as unknown as Answer;
}

function book(
  site: (typeof SITES)[number],
  locationId: number,
  start: string,
  first_name = "Robin",
): Promise<JsonResponse> {
  return sendJson(
    server,
    "POST",
    "/api/leads",
    {
      lead: validLead({
        first_name,
        phone: site.phone,
        postcode: site.postcode,
        category: "Test Drive Booking",
        booking_type: "test_drive",
        booking_time: start,
        location_id: locationId,
      }),
    },
    { host: `${site.slug}.localhost` },
  );
}

/** The open days after today with at least four free times and none taken. */
function laterDays(answer: Answer): Day[] {
  return answer.locations[0]!.days.filter(
    (d) => d.date > answer.today && d.slots.length >= 4 && d.taken.length === 0,
  );
}

describe.each(SITES)("booking slots on $slug", (site) => {
  it("answers in the site's time zone from today, and marks a booked time as taken", async () => {
    const before = await testDriveSlots(site.slug);
    expect(before.today).toBe(localDate(Date.now(), before.time_zone));
    expect(before.days_ahead).toBe(14);
    const location = before.locations[0]!;
    const day = laterDays(before)[0]!;
    const slot = day.slots[1]!;
    // The slot's local time is the location's wall clock.
    expect(localDate(Date.parse(slot.start), before.time_zone)).toBe(day.date);

    const booked = await book(site, location.id, slot.start);
    expect(booked.status).toBe(201);

    const after = await testDriveSlots(site.slug);
    const sameDay = after.locations[0]!.days.find((d) => d.date === day.date)!;
    expect(sameDay.slots.map((s) => s.start)).not.toContain(slot.start);
    expect(sameDay.taken).toContainEqual({
      start: slot.start,
      date: slot.date,
      time: slot.time,
      label: slot.label,
    });
  });

  it("refuses a taken time (409), and of two shoppers at once exactly one gets the time", async () => {
    const answer = await testDriveSlots(site.slug);
    const location = answer.locations[0]!;
    const slot = laterDays(answer)[1]!.slots[2]!;
    const [a, b] = await Promise.all([
      book(site, location.id, slot.start, "Alex"),
      book(site, location.id, slot.start, "Blair"),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).json.errors).toEqual({ booking_time: TAKEN });
    const late = await book(site, location.id, slot.start, "Casey");
    expect(late.status).toBe(409);
    expect(late.json.errors).toEqual({ booking_time: TAKEN });
  });

  it("refuses a time outside the hours, off the slot grid, past, or beyond the horizon (422), storing nothing", async () => {
    const answer = await testDriveSlots(site.slug);
    const location = answer.locations[0]!;
    const day = laterDays(answer)[0]!;
    const opening = Date.parse(day.slots[0]!.start);
    const minute = 60_000;
    const refused = [
      new Date(opening - answer.slot_minutes * minute).toISOString(), // before opening
      new Date(opening + 10 * minute).toISOString(), // not a slot's start
      new Date(Date.now() - 60 * minute).toISOString(), // an hour ago
      new Date(opening + answer.days_ahead * 86_400_000).toISOString(), // past the days offered
    ];
    for (const start of refused) {
      const res = await book(site, location.id, start, "Dana");
      expect(res.status, start).toBe(422);
      expect(res.json.errors, start).toEqual({ booking_time: UNAVAILABLE });
    }
    const stored = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.siteId, siteBySlug(site.slug).id), eq(leads.firstName, "Dana")));
    expect(stored).toEqual([]);
  });

  it("follows special hours from the database: a holiday closes the day, a short day shortens it", async () => {
    const answer = await testDriveSlots(site.slug);
    const location = answer.locations[0]!;
    const [holiday, short] = laterDays(answer).slice(2, 4) as [Day, Day];
    const opening = holiday.slots[0]!;
    const shortStart = short.slots[1]!.time;
    const shortEnd = short.slots[3]!.time;
    await db()
      .insert(specialHours)
      .values([
        {
          siteId: siteBySlug(site.slug).id,
          locationId: location.id,
          date: holiday.date,
          status: "Closed",
          label: "Public holiday",
        },
        {
          siteId: siteBySlug(site.slug).id,
          locationId: location.id,
          date: short.date,
          status: "Open",
          startHour: shortStart,
          endHour: shortEnd,
          label: "Short day",
        },
      ]);
    const after = await testDriveSlots(site.slug);
    const days = after.locations[0]!.days;
    expect(days.map((d) => d.date)).not.toContain(holiday.date);
    const shortened = days.find((d) => d.date === short.date)!;
    expect([...shortened.slots, ...shortened.taken].map((s) => s.time).sort()).toEqual(
      short.slots.slice(1, 3).map((s) => s.time),
    );

    const closed = await book(site, location.id, opening.start, "Eli");
    expect(closed.status).toBe(422);
    expect(closed.json.errors).toEqual({ booking_time: UNAVAILABLE });
    const afterShort = await book(site, location.id, short.slots[3]!.start, "Eli");
    expect(afterShort.status).toBe(422);
  });
});

describe("the booking page without JavaScript", () => {
  it("shows a taken time as taken: crossed out, disabled, not sent with the form", async () => {
    const slug = "lone-star-autos";
    const answer = await testDriveSlots(slug);
    const location = answer.locations[0]!;
    const day = location.days.find((d) => d.taken.length > 0)!;
    const taken = day.taken[0]!;
    const page = await fetchWithHost(
      server,
      `${slug}.localhost`,
      `/book-test-drive/?location_id=${location.id}`,
    );
    expect(page.status).toBe(200);
    const chip = new RegExp(`<label[^>]*data-start="${taken.start}"[^>]*>(.*?)</label>`).exec(
      page.body,
    );
    expect(chip, "the taken time is on the page").not.toBeNull();
    expect(chip![0]).toContain('data-taken="true"');
    expect(chip![1]).toMatch(/<input[^>]*disabled=""/);
    expect(chip![1]).toContain(`${taken.label}, taken"`);
    expect(chip![1]).not.toContain("name=");
    // Free times are radios of the field.
    expect(page.body).toMatch(/name="booking_time" value="[^"]+"/);
  });
});
