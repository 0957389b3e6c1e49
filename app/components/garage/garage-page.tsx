/**
 * The garage page (docs/product/garage.md): the saved cars with their current price and state,
 * remove, compare two or three side by side (photos, differences marked), and the garage's calls
 * to action, each to its form with the car preselected where the form takes one. The saved cars
 * come first (on a phone, above the sign-in offer). The list lives in the browser; the server
 * answers the current state of the ids asked for.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { GARAGE_CALLS_TO_ACTION, type Favourite } from "~/domain/favourites";
import { makeDisplayName } from "~/domain/manufacturers";
import { findSimilarSearchPath } from "~/domain/vehicle-page";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { useHydrated } from "~/app/lib/use-hydrated";
import { APP_LINK } from "~/app/components/site/app-links";
import type { GarageVehicle } from "~/app/routes/garage.server";
import {
  readFavourites,
  toggleStoredFavourite,
  useFavourites,
  writeFavourites,
} from "./favourites-store";
import { CompareTable } from "./compare-table";
import { GARAGE_FORM_PATH } from "./garage-client";
import { SavedDetails } from "./saved-details";
import { SignInPanel } from "./sign-in-panel";

export type GaragePageData = {
  vehicles: GarageVehicle[];
  cookieFavourites: Favourite[];
  searchBase: string;
  signIn: boolean;
  /** The calls to action the site's settings allow (Finance Quote always). */
  calls: { sellMyCar: boolean; bookService: boolean };
  flags: { serviceHistory: boolean };
};

/** Most cars compared side by side. */
const COMPARE_MAX = 3;

export function GaragePage({ data }: { data: GaragePageData }) {
  const site = useSite();
  const t = useTemplate();
  const hydrated = useHydrated();
  const favourites = useFavourites(site.slug);
  const fetcher = useFetcher<GaragePageData>();
  const [compare, setCompare] = useState<number[]>([]);

  // Saves made before JavaScript ran (kept in a cookie) join the browser's list once.
  useEffect(() => {
    if (data.cookieFavourites.length === 0) return;
    const list = readFavourites(site.slug);
    const known = new Set(list.map((f) => f.id));
    writeFavourites(site.slug, [...list, ...data.cookieFavourites.filter((f) => !known.has(f.id))]);
    document.cookie = "garage_saved=; Max-Age=0; path=/; SameSite=Lax";
  }, [data.cookieFavourites, site.slug]);

  const idsKey = favourites.map((f) => f.id).join(",");
  const { load } = fetcher;
  useEffect(() => {
    if (!hydrated || idsKey === "") return;
    void load(`${window.location.pathname}?tab=saved-cars&ids=${idsKey}`);
  }, [hydrated, idsKey, load]);

  const current = new Map(
    [...data.vehicles, ...(fetcher.data?.vehicles ?? [])].map((v) => [v.id, v]),
  );
  const checked = fetcher.data !== undefined;
  const saved: Favourite[] = hydrated ? favourites : data.vehicles.map((v) => v.favourite);
  const compared = compare
    .map((id) => current.get(id))
    .filter((v): v is GarageVehicle => v !== undefined);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className={cn("text-3xl", t.heading)}>My garage</h1>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <h2 className="text-xl font-bold">Saved cars</h2>
          {saved.length === 0 ? (
            <p className="mt-3 text-slate-800">
              No saved cars yet. Use the heart on any car to keep it here.{" "}
              <a {...APP_LINK} href={data.searchBase} className="font-semibold underline">
                Browse our stock
              </a>
            </p>
          ) : (
            <ul className="mt-3 grid gap-4 sm:grid-cols-2" aria-label="Saved cars">
              {saved.map((favourite) => (
                <SavedCar
                  key={favourite.id}
                  favourite={favourite}
                  vehicle={current.get(favourite.id) ?? null}
                  checked={checked || !hydrated}
                  searchBase={data.searchBase}
                  calls={data.calls}
                  comparing={compare.includes(favourite.id)}
                  compareFull={compare.length >= COMPARE_MAX}
                  onCompare={(on) =>
                    setCompare((ids) =>
                      on ? [...ids, favourite.id] : ids.filter((id) => id !== favourite.id),
                    )
                  }
                  onRemove={() => {
                    toggleStoredFavourite(site.slug, favourite);
                    setCompare((ids) => ids.filter((id) => id !== favourite.id));
                  }}
                />
              ))}
            </ul>
          )}
          {hydrated && saved.length > 1 && (
            <p className="mt-4 text-sm text-slate-700" aria-live="polite">
              {compared.length < 2
                ? "Tick two or three cars to compare them side by side."
                : `Comparing ${compared.length} cars below.`}
            </p>
          )}
          {compared.length >= 2 && <CompareTable vehicles={compared} />}
        </div>
        <aside className="space-y-6">
          {data.signIn && <SignInPanel />}
          <SavedDetails />
        </aside>
      </div>
    </div>
  );
}

function SavedCar({
  favourite,
  vehicle,
  checked,
  searchBase,
  calls,
  comparing,
  compareFull,
  onCompare,
  onRemove,
}: {
  favourite: Favourite;
  vehicle: GarageVehicle | null;
  checked: boolean;
  searchBase: string;
  calls: GaragePageData["calls"];
  comparing: boolean;
  compareFull: boolean;
  onCompare: (on: boolean) => void;
  onRemove: () => void;
}) {
  const title = vehicle?.title ?? `${makeDisplayName(favourite.make)} ${favourite.model}`;
  const image = vehicle?.image ?? favourite.primary_image_url;
  const unavailable = checked && (!vehicle || vehicle.state === "sold");
  const similar = findSimilarSearchPath(
    { make: favourite.make, make_model: `${favourite.make} ${favourite.model}` },
    searchBase,
  );
  const remove = (event: FormEvent) => {
    event.preventDefault();
    onRemove();
  };
  return (
    <li
      className="flex flex-col overflow-hidden rounded-site border border-slate-200 bg-white shadow-sm"
      data-saved-car={favourite.id}
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        {image && (
          <img src={image} alt="" width={400} height={300} className="size-full object-cover" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold">
          {vehicle && vehicle.state !== "sold" ? (
            <a {...APP_LINK} href={vehicle.href} className="hover:underline">
              {title}
            </a>
          ) : (
            title
          )}
        </h3>
        {vehicle?.subtitle && <p className="text-sm text-slate-700">{vehicle.subtitle}</p>}
        {!checked ? (
          <p className="text-sm text-slate-700">Checking the current price…</p>
        ) : unavailable ? (
          <div>
            <p className="font-semibold text-rose-800">
              {vehicle ? "Sold" : "No longer available"}
            </p>
            <a {...APP_LINK} href={similar} className="mt-1 inline-block font-semibold underline">
              Find Me Something Similar
            </a>
          </div>
        ) : (
          vehicle && (
            <p>
              <span className="text-2xl font-bold">{vehicle.price}</span>{" "}
              {vehicle.priceType && (
                <span className="text-sm text-slate-700">{vehicle.priceType}</span>
              )}
              {vehicle.state === "reserved" && (
                <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-950">
                  Reserved
                </span>
              )}
            </p>
          )
        )}
        {!unavailable && (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label={`Next steps for ${title}`}>
            {callsToAction(favourite.id, vehicle, calls).map(([label, href]) => (
              <li key={label}>
                <a
                  {...APP_LINK}
                  href={href}
                  className="inline-flex min-h-11 items-center rounded-site border px-3 font-semibold"
                >
                  {label}
                  <span className="sr-only"> for {title}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          {vehicle && !unavailable ? (
            <label className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={comparing}
                disabled={!comparing && compareFull}
                onChange={(e) => onCompare(e.target.checked)}
                className="size-5"
              />
              Compare<span className="sr-only"> {title}</span>
            </label>
          ) : (
            <span />
          )}
          <form method="post" action={GARAGE_FORM_PATH} onSubmit={remove}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="vehicle_id" value={favourite.id} />
            <button
              type="submit"
              className="min-h-11 rounded-site px-3 text-sm font-semibold text-rose-800 underline"
            >
              Remove<span className="sr-only"> {title}</span>
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}

/**
 * The garage's calls to action (GARAGE_CALLS_TO_ACTION), each where the site offers its form:
 * Finance Quote with the car; Book Service where the site books services from the garage; Sell
 * My Car, a trade-in towards the car, where the site and the car take trade-ins. Until the car's
 * current state is in, the paths with its id alone.
 */
function callsToAction(
  id: number,
  vehicle: GarageVehicle | null,
  calls: GaragePageData["calls"],
): [string, string][] {
  const [financeQuote, bookService, sellMyCar] = GARAGE_CALLS_TO_ACTION;
  const links: [string, string][] = [
    [financeQuote, vehicle?.financeHref ?? `/finance?car_id=${id}#finance-form`],
  ];
  if (calls.bookService) links.push([bookService, "/service"]);
  const tradeIn = vehicle
    ? vehicle.tradeInHref
    : calls.sellMyCar
      ? `/cars/trade-in?car_id=${id}`
      : null;
  if (tradeIn) links.push([sellMyCar, tradeIn]);
  return links;
}
