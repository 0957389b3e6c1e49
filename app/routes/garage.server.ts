/**
 * The garage page's server side (docs/product/garage.md): the current state of the saved cars
 * asked for by id (the browser keeps the list), and the save form posted before (or without)
 * JavaScript, kept in a cookie of this site until the page merges it into the browser's list.
 */
import { createCookie, data, redirect } from "react-router";
import { garagePath, toFavourite, type Favourite } from "~/domain/favourites";
import { isIn, toFilterString } from "~/domain/filter-expression";
import { formatOdometer, localiseText } from "~/domain/locale";
import { makeDisplayName } from "~/domain/manufacturers";
import { carsQuery } from "~/domain/search-query";
import { siteSearchBasePath } from "~/domain/search-scope";
import { isSold, type Vehicle } from "~/domain/vehicle";
import { canShowTradeIn } from "~/domain/vehicle-actions";
import { financePath, tradeInPath, vehiclePagePath } from "~/domain/vehicle-paths";
import { priceDisplay } from "~/domain/vehicle-price";
import { carTypeLabel } from "~/domain/vehicle-tags";
import { loadSiteLocations } from "~/server/content/locations";
import type { RequestContext } from "~/server/http/load-context";
import { readFormData } from "~/server/leads/guard";

/** Saved cars one page shows at most (and the most a no-JavaScript cookie keeps). */
export const GARAGE_MAX_CARS = 60;

/** Saves made before JavaScript ran: vehicle ids, read and cleared by the garage page. */
export const savedCookie = createCookie("garage_saved", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 30,
});

/** What the garage shows of a saved car, as it is now. */
export type GarageVehicle = {
  id: number;
  href: string;
  title: string;
  subtitle: string;
  price: string;
  priceType: string | null;
  state: "available" | "reserved" | "sold";
  image: string | null;
  /** 'Finance Quote': the finance form with this car, as from its vehicle page. */
  financeHref: string;
  /** 'Sell My Car': a trade-in towards this car, where the site and the car take one. */
  tradeInHref: string | null;
  favourite: Favourite;
  specs: { label: string; value: string }[];
};

/** Comma-separated ids, each a positive integer; anything else is ignored, at most 60. */
export function parseIds(raw: string | null | undefined): number[] {
  if (!raw) return [];
  const ids = new Set<number>();
  for (const part of raw.split(",")) {
    if (!/^\d{1,9}$/.test(part.trim())) continue;
    ids.add(Number(part));
    if (ids.size >= GARAGE_MAX_CARS) break;
  }
  return [...ids];
}

export function findVehicles(context: Pick<RequestContext, "search">, ids: number[]): Vehicle[] {
  if (ids.length === 0) return [];
  const [result] = context.search.multiSearch([
    carsQuery(toFilterString(isIn("id", ids)), { limit: ids.length }),
  ]).results;
  return (result?.hits ?? []) as Vehicle[];
}

export function garageVehicle(vehicle: Vehicle, site: RequestContext["site"]): GarageVehicle {
  const { settings, locale } = site;
  const fuel = vehicle.simple_fuel ?? vehicle.fuel;
  const transmission = vehicle.simple_transmission ?? vehicle.transmission;
  return {
    id: vehicle.id,
    href: vehiclePagePath(vehicle.slug, settings),
    title: `${vehicle.year} ${makeDisplayName(vehicle.make)} ${vehicle.model}`,
    subtitle: [vehicle.badge, vehicle.series].filter(Boolean).join(" "),
    price: priceDisplay(vehicle, locale).text,
    priceType: vehicle.price_type,
    state: isSold(vehicle) ? "sold" : vehicle.reserved ? "reserved" : "available",
    image: vehicle.primary_image_url ?? vehicle.images[0]?.url ?? null,
    financeHref: financePath(vehicle),
    tradeInHref: canShowTradeIn(vehicle, settings) ? tradeInPath(vehicle) : null,
    favourite: toFavourite(vehicle),
    specs: [
      { label: "Condition", value: carTypeLabel(vehicle.car_type, settings) },
      { label: "Year", value: String(vehicle.year) },
      { label: "Odometer", value: formatOdometer(vehicle.km, locale) },
      ...(transmission ? [{ label: "Transmission", value: transmission }] : []),
      ...(fuel ? [{ label: "Fuel type", value: localiseText(fuel, locale) }] : []),
      ...(vehicle.simple_body ? [{ label: "Body", value: vehicle.simple_body }] : []),
    ],
  };
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function garageLoader(context: RequestContext, request: Request) {
  const url = new URL(request.url);
  const cookieIds = parseIds(
    (await savedCookie.parse(request.headers.get("Cookie"))) as string | null,
  );
  const askedIds = parseIds(url.searchParams.get("ids"));
  const found = findVehicles(context, [...new Set([...askedIds, ...cookieIds])]);
  const byId = new Map(found.map((v) => [v.id, v]));
  const { settings } = context.site;
  return data(
    {
      vehicles: found.map((v) => garageVehicle(v, context.site)),
      /** Saved without JavaScript: merged into the browser's list by the page. */
      cookieFavourites: cookieIds.flatMap((id) => {
        const v = byId.get(id);
        return v ? [toFavourite(v)] : [];
      }),
      searchBase: siteSearchBasePath(settings),
      signIn: settings.garage.signInWithMobile,
      calls: {
        sellMyCar: settings.tradeInAllowed,
        // The service form books at one of the site's visible locations: none, no form.
        bookService:
          settings.garage.bookServiceFromGarage &&
          (await loadSiteLocations(context)).some((l) => l.visible),
      },
      flags: { serviceHistory: settings.garage.serviceHistory },
    },
    { headers: NO_STORE },
  );
}

/**
 * The save form of cards and vehicle pages before JavaScript: toggles the car in the cookie and
 * shows the garage. Input is checked before anything is read.
 */
export async function garageAction(context: RequestContext, request: Request) {
  const form = await readFormData(request);
  if ("status" in form)
    return data({ error: form.message }, { status: form.status, headers: NO_STORE });
  const intent = form.get("intent");
  const rawId = String(form.get("vehicle_id") ?? "");
  if ((intent !== "toggle" && intent !== "remove") || !/^\d{1,9}$/.test(rawId)) {
    return data({ error: "Choose a car to save or remove." }, { status: 400, headers: NO_STORE });
  }
  const id = Number(rawId);
  const ids = parseIds((await savedCookie.parse(request.headers.get("Cookie"))) as string | null);
  let next: number[];
  if (ids.includes(id)) {
    next = ids.filter((x) => x !== id);
  } else if (intent === "remove") {
    next = ids;
  } else {
    if (findVehicles(context, [id]).length === 0) {
      return data({ error: "That car is no longer listed." }, { status: 404, headers: NO_STORE });
    }
    next = [...ids, id].slice(-GARAGE_MAX_CARS);
  }
  return redirect(garagePath(context.site.settings.garage.path), {
    status: 303,
    headers: { ...NO_STORE, "Set-Cookie": await savedCookie.serialize(next.join(",")) },
  });
}

/** The site's own garage path or its /saved sub-path (the default path has its own route). */
export function isSiteGaragePath(site: RequestContext["site"], request: Request): boolean {
  const base = site.settings.garage.path.replace(/\/+$/, "");
  if (!site.settings.garageEnabled || base === "" || base === "/my-garage") return false;
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  return path === base || path === `${base}/saved`;
}
