/**
 * What the lead form pages load: the site's locations and dealerships as select options, and
 * the vehicle a form is about.
 */
import { asc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { BookingKind } from "~/domain/booking-slots";
import type { SelectOption } from "~/domain/form-fields";
import { locations, vehicles } from "../db/schema";
import { isPriceShown } from "~/domain/vehicle-price";
import { findListedVehicle } from "../stock/listed-vehicle";
import { bookableLocations } from "./slots";

export type LocationOption = SelectOption & {
  id: number;
  slug: string;
  dealershipId: number;
  address: string;
  phone: string | null;
};

export async function visibleLocations(context: AppLoadContext): Promise<LocationOption[]> {
  const rows = await context.scope.findMany(locations, { orderBy: asc(locations.name) });
  return rows
    .filter((l) => l.visible)
    .map((l) => ({
      value: l.slug,
      label: l.name,
      id: l.id,
      slug: l.slug,
      dealershipId: l.dealershipId,
      address: l.address.full,
      phone: l.contactDetail.phone,
    }));
}

/** Locations that take a kind of booking, as options whose value is the location id. */
export async function bookingLocations(
  context: AppLoadContext,
  kind: BookingKind,
): Promise<LocationOption[]> {
  const rows = await context.scope.findMany(locations, { orderBy: asc(locations.name) });
  return bookableLocations(rows, kind).map((l) => ({
    value: String(l.id),
    label: l.name,
    id: l.id,
    slug: l.slug,
    dealershipId: l.dealershipId,
    address: l.address.full,
    phone: l.contactDetail.phone,
  }));
}

export function dealershipOptions(context: AppLoadContext): SelectOption[] {
  return context.site.dealerships.map((d) => ({ value: d.slug, label: d.name }));
}

export type VehicleSummary = {
  id: number;
  slug: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  price: number;
  carType: string;
  status: string;
  stocknum: string | null;
  vin: string | null;
  image: string | null;
  dealershipId: number;
  locationId: number | null;
};

/**
 * The listed vehicle named by a car_id query parameter (id or slug), or null: a form names only
 * a vehicle the site shows (the vehicle page's read), so a hidden or long-sold one is left out
 * and the form works without it.
 */
export async function vehicleSummary(
  context: AppLoadContext,
  carId: string | null,
): Promise<VehicleSummary | null> {
  if (!carId || !/^[A-Za-z0-9_-]{1,120}$/.test(carId)) return null;
  const listed = findListedVehicle(context.search, carId);
  if (!listed) return null;
  const row = await context.scope.findFirst(vehicles, eq(vehicles.id, listed.id));
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    year: row.year,
    make: row.make,
    model: row.model,
    badge: row.badge,
    // A price that is not shown is not sent to the browser either (0: no price).
    price: isPriceShown(row.price) ? row.price : 0,
    carType: row.carType,
    status: row.status,
    stocknum: row.stocknum,
    vin: row.vin,
    image: row.images[0]?.thumb ?? row.images[0]?.url ?? null,
    dealershipId: row.dealershipId,
    locationId: row.locationId,
  };
}
