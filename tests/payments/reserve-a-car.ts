/** A deposit-taking car on the site, and a shopper's reservation of it through the public API. */
import { expect } from "vitest";
import { CAR_COLLECTION } from "~/server/search";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aVehicle, published } from "../support/factories";
import { fetchWithHost } from "../support/test-server";

export type StartedReservation = {
  reservation: { id: string; payment_reference: string };
  payment_url: string;
  /** The reservation's cookie as the shopper's browser sends it back (its page is theirs). */
  cookie: string;
};

export async function reserveACar(
  server: RunningServer,
  site: Site,
  authorizationKey: string,
): Promise<StartedReservation> {
  const car = await aVehicle(server, site, {
    paymentProcessors: [
      { authorization_type: "deposit", authorization_key: authorizationKey, deposit_amount: null },
    ],
  });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  const res = await fetchWithHost(server, `${site.slug}.localhost`, "/api/reservations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      car_id: car.id,
      first_name: "Ari",
      last_name: "Ng",
      email: "ari@example.com",
      phone: "0412345678",
    }),
  });
  expect(res.status).toBe(201);
  const setCookie = res.headers["set-cookie"];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? ""))!.split(";")[0]!;
  return { ...(JSON.parse(res.body) as Omit<StartedReservation, "cookie">), cookie };
}
