/**
 * Booking slots of a site's locations (GET /dealerships/{id}/available_appointment_bookings.json
 * and /available_service_bookings.json): the domain's slot rule fed with the location's opening
 * hours, its special hours and the bookings already taken.
 */
import { and, asc, eq, gte, lt } from "drizzle-orm";
import {
  availableSlots,
  checkSlot,
  isTimeZone,
  localDate,
  type BookingKind,
  type Slot,
  type SlotCheck,
  type SlotDay,
  type SlotInput,
  type SlotRules,
} from "~/domain/booking-slots";
import type { Database } from "../db/client";
import { bookings, locations, specialHours } from "../db/schema";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";

const DAY = 86_400_000;

export type LocationSlots = { id: number; name: string; slug: string; days: SlotDay[] };

type LocationRow = typeof locations.$inferSelect;

/** Locations that take a kind of booking: service bookings at service locations, test drives at sales ones. */
export function bookableLocations<T extends Pick<LocationRow, "locationType" | "visible">>(
  all: readonly T[],
  kind: BookingKind,
): T[] {
  const visible = all.filter((l) => l.visible);
  const wanted = visible.filter((l) =>
    kind === "service"
      ? l.locationType === "service"
      : l.locationType === "sales" || l.locationType === "",
  );
  return wanted.length > 0 ? wanted : visible;
}

export class SlotService {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  capacity(site: Site, kind: BookingKind): number {
    return kind === "service"
      ? site.settings.serviceSlotCapacity
      : site.settings.testDriveSlotCapacity;
  }

  rules(site: Site, kind: BookingKind): SlotRules {
    const timeZone = isTimeZone(site.settings.bookingTimeZone)
      ? site.settings.bookingTimeZone
      : "UTC";
    return {
      slotMinutes:
        kind === "service" ? site.settings.serviceSlotMinutes : site.settings.testDriveSlotMinutes,
      capacity: this.capacity(site, kind),
      daysAhead: site.settings.bookingDaysAhead,
      noticeMinutes: site.settings.bookingNoticeMinutes,
      timeZone,
    };
  }

  /** The site's locations that take this kind of booking, by name. */
  async locationsFor(site: Site, kind: BookingKind, dealershipId?: number): Promise<LocationRow[]> {
    const rows = await createSiteScope(this.db, site.id).findMany(locations, {
      where: dealershipId === undefined ? undefined : eq(locations.dealershipId, dealershipId),
      orderBy: asc(locations.name),
    });
    return bookableLocations(rows, kind);
  }

  /** Today's date at the site's locations ('YYYY-MM-DD'): the booking calendar's first day. */
  today(site: Site, kind: BookingKind): string {
    return localDate(this.now(), this.rules(site, kind).timeZone);
  }

  async daysFor(site: Site, location: LocationRow, kind: BookingKind): Promise<SlotDay[]> {
    return availableSlots(await this.#input(site, location, kind));
  }

  async #input(site: Site, location: LocationRow, kind: BookingKind): Promise<SlotInput> {
    const now = this.now();
    const rules = this.rules(site, kind);
    const scope = createSiteScope(this.db, site.id);
    const [special, taken] = await Promise.all([
      this.db
        .select({
          date: specialHours.date,
          status: specialHours.status,
          start_hour: specialHours.startHour,
          end_hour: specialHours.endHour,
        })
        .from(specialHours)
        .where(scope.own(specialHours, eq(specialHours.locationId, location.id))),
      this.db
        .select({ startsAt: bookings.startsAt })
        .from(bookings)
        .where(
          scope.own(
            bookings,
            and(
              eq(bookings.locationId, location.id),
              eq(bookings.kind, kind),
              gte(bookings.startsAt, new Date(now - DAY)),
              lt(bookings.startsAt, new Date(now + (rules.daysAhead + 1) * DAY)),
            ),
          ),
        ),
    ]);
    const hours =
      kind === "service" && location.serviceOpeningHours
        ? location.serviceOpeningHours
        : location.openingHours;
    return {
      openingHours: hours,
      specialHours: special,
      taken: taken.map((t) => t.startsAt.getTime()),
      now,
      rules,
    };
  }

  async daysForLocationId(site: Site, locationId: number, kind: BookingKind): Promise<SlotDay[]> {
    const location = await this.#location(site, locationId);
    return location && location.visible ? this.daysFor(site, location, kind) : [];
  }

  async forLocations(
    site: Site,
    kind: BookingKind,
    dealershipId?: number,
  ): Promise<LocationSlots[]> {
    const rows = await this.locationsFor(site, kind, dealershipId);
    return Promise.all(
      rows.map(async (l) => ({
        id: l.id,
        name: l.name,
        slug: l.slug,
        days: await this.daysFor(site, l, kind),
      })),
    );
  }

  /** Whether a booking may take the slot of a location starting at `start`. */
  async check(
    site: Site,
    locationId: number,
    kind: BookingKind,
    start: string,
  ): Promise<SlotCheck> {
    const location = await this.#location(site, locationId);
    if (!location || !location.visible) return { status: "unavailable" };
    return checkSlot(await this.#input(site, location, kind), start);
  }

  /** The free slot of a location starting at `start`, or null. */
  async findSlot(
    site: Site,
    locationId: number,
    kind: BookingKind,
    start: string,
  ): Promise<Slot | null> {
    const checked = await this.check(site, locationId, kind, start);
    return checked.status === "free" ? checked.slot : null;
  }

  #location(site: Site, locationId: number): Promise<LocationRow | undefined> {
    return createSiteScope(this.db, site.id).findFirst(locations, eq(locations.id, locationId));
  }
}
