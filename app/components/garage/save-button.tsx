/**
 * The save control (a heart) of a vehicle card and the vehicle page: a toggle button
 * (aria-pressed) named after the car, its change announced. Before (or without) JavaScript it is
 * a form post to the garage page, which keeps the car in a cookie and shows the garage; after
 * hydration it toggles the browser's favourites in place. Absolutely placed, fixed size: it
 * never moves the layout.
 */
import { useState, type FormEvent } from "react";
import type { Favourite } from "~/domain/favourites";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";
import { useHydrated } from "~/app/lib/use-hydrated";
import { toggleStoredFavourite, useFavourites } from "./favourites-store";
import { GARAGE_FORM_PATH, garageAnalytics } from "./garage-client";

/**
 * The heart's attributes wherever it is drawn: a submit button carrying the car (the post without
 * JavaScript), a toggle named after the car, its tooltip saying what a press does.
 */
export function saveToggleProps(vehicleId: Favourite["id"], title: string, saved: boolean) {
  return {
    type: "submit",
    name: "vehicle_id",
    value: vehicleId,
    "aria-pressed": saved,
    "aria-label": `Save ${title}`,
    // Shown at once on hover and keyboard focus (app/app.css), not after the browser's delay.
    "data-tooltip": saved ? "Saved to your garage" : "Save to your garage",
  } as const;
}

export function SaveButton({
  vehicle,
  title,
  className,
}: {
  vehicle: Favourite;
  /** The car as people read it ('2019 Toyota Corolla Ascent'). */
  title: string;
  className?: string;
}) {
  const site = useSite();
  const hydrated = useHydrated();
  const favourites = useFavourites(site.slug);
  const saved = favourites.some((f) => f.id === vehicle.id);
  const [announcement, setAnnouncement] = useState("");
  if (!site.settings.garageEnabled) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nowSaved = toggleStoredFavourite(site.slug, vehicle);
    if (nowSaved) garageAnalytics("favourite", { car_id: vehicle.id });
    setAnnouncement(
      nowSaved ? `${title} saved to your garage.` : `${title} removed from your garage.`,
    );
  };

  return (
    <form
      method="post"
      action={GARAGE_FORM_PATH}
      onSubmit={onSubmit}
      className={cn("z-20", className)}
      data-hydrated={hydrated ? "" : undefined}
    >
      <input type="hidden" name="intent" value="toggle" />
      {/* The button carries the vehicle: the form's only submitter, it sends vehicle_id. */}
      <button {...saveToggleProps(vehicle.id, title, saved)} className="save-button">
        {/* The heart is the button's ::before (app/app.css), outlined or filled by aria-pressed. */}
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </form>
  );
}
