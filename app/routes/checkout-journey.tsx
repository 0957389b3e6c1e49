import { redirect } from "react-router";
import type { Route } from "./+types/checkout-journey";
import { buyOnlinePath } from "~/domain/vehicle-paths";
import { findVehicle } from "./vehicle.server";

/**
 * /checkout-journey?car_id={slug} ('Online Purchase'): buying online starts on the vehicle's
 * buy-online page; an unknown car is not found.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const carId = new URL(request.url).searchParams.get("car_id")?.trim() ?? "";
  const vehicle = carId ? findVehicle(context, carId) : null;
  if (!vehicle) throw new Response("Not Found", { status: 404 });
  return redirect(buyOnlinePath(vehicle.slug, context.site.settings), 302);
}
