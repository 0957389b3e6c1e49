/**
 * Every page that takes a form answers a body that is not a form with a 4xx a person can act on:
 * JSON or text is refused with 415, an empty post and multipart data that cannot be read with
 * 400. Never a 500: the table runs every form route of the shoppers' pages, the garage and the
 * back office.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMPTY_FORM_MESSAGE,
  FORM_TYPE_MESSAGE,
  MALFORMED_FORM_MESSAGE,
} from "~/server/leads/guard";
import {
  contentPages,
  leads,
  locations,
  offers,
  reservations,
  sites,
  vehicles,
} from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { sendRaw } from "../leads/support/lead-client";
import { signInAs, PLATFORM_HOST, type StaffClient } from "../support/staff";
import { aSite, aVehicle } from "../support/factories";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
let admin: StaffClient;
const SITE = "harbour-auto-group";
const sitePaths: string[] = [];
const checkoutPaths: string[] = [];
let checkoutHost = "";
const SIGNED_OUT_TOKEN_PAGES = new Set(["/admin/forgot-password", "/admin/set-password?token=x"]);
const adminPaths: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LEAD_RATE_LIMIT: "1000" });
  const { db } = server.database;
  const [site] = await db.select().from(sites).where(eq(sites.slug, SITE));
  const siteId = site!.id;
  // One that can be reserved: its checkout reads the form instead of sending the shopper back.
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.siteId, siteId),
        eq(vehicles.status, "in_stock"),
        eq(vehicles.reserved, false),
        isNull(vehicles.soldAt),
      ),
    )
    .orderBy(asc(vehicles.id))
    .limit(1);
  const [location] = await db
    .select()
    .from(locations)
    .where(eq(locations.siteId, siteId))
    .orderBy(asc(locations.id))
    .limit(1);
  const [offer] = await db.select().from(offers).limit(1);
  const [page] = await db.select().from(contentPages).limit(1);
  const [lead] = await db.select().from(leads).limit(1);
  const [reservation] = await db.select().from(reservations).limit(1);
  sitePaths.push(
    "/contact",
    `/contact-us/${location!.slug}`,
    "/book-test-drive",
    "/service",
    "/pages/book-a-service",
    "/why-service-with-us",
    "/finance",
    "/finance-enquiry",
    "/apply-for-finance",
    "/trade-in",
    "/cars/trade-in",
    "/sell-your-car",
    "/sell-my-car",
    "/fleet",
    "/my-garage",
    "/my-garage/saved",
    "/admin/sign-in",
    "/admin/forgot-password",
    "/admin/set-password?token=x",
  );
  adminPaths.push(
    "/admin/sign-out",
    "/admin/staff",
    "/admin/routing",
    `/admin/leads/${lead?.id ?? 1}`,
    `/admin/reservations/${reservation?.id ?? 1}`,
    `/admin/settings/${siteId}`,
    `/admin/settings/${siteId}/promo-popup`,
    `/admin/settings/${siteId}/navigation`,
    `/admin/stock/${siteId}/vehicles/${vehicle!.id}`,
    `/admin/content/${siteId}/locations/${location!.id}`,
    `/admin/content/${offer?.siteId ?? siteId}/offers/${offer?.id ?? 1}`,
    `/admin/content/${page?.siteId ?? siteId}/pages/${page?.id ?? 1}`,
  );
  // Reserve Now and Buy Online read their form only for a car a site takes deposits on.
  const paying = await aSite(server, { settings: { paymentProvider: "test" } });
  const car = await aVehicle(server, paying, {
    price: 30_000,
    paymentProcessors: [
      { authorization_type: "deposit", authorization_key: "pk_test", deposit_amount: null },
    ],
  });
  checkoutHost = `${paying.slug}.localhost`;
  checkoutPaths.push(
    `/cars/${car.slug}/checkout`,
    `/cars/${car.slug}/buy-online`,
    `/checkout-journey?car_id=${car.slug}`,
  );
  admin = await signInAs(server, "platform_admin");
});
afterAll(async () => {
  await server?.close();
});

const BODIES = [
  {
    name: "JSON",
    body: JSON.stringify({ first_name: "Jo", email: "jo@example.com" }),
    type: "application/json",
    status: 415,
    message: FORM_TYPE_MESSAGE,
  },
  {
    name: "text/plain",
    body: "first_name=Jo",
    type: "text/plain;charset=UTF-8",
    status: 415,
    message: FORM_TYPE_MESSAGE,
  },
  { name: "an empty body", body: null, type: null, status: 400, message: EMPTY_FORM_MESSAGE },
  {
    name: "multipart data without a boundary",
    body: "garbage",
    type: "multipart/form-data",
    status: 400,
    message: MALFORMED_FORM_MESSAGE,
  },
  {
    name: "garbage multipart data",
    body: "this is not multipart data\r\n--",
    type: "multipart/form-data; boundary=----nothing-here",
    status: 400,
    message: null,
  },
] as const;

function send(
  host: string,
  path: string,
  body: (typeof BODIES)[number],
  headers: Record<string, string> = {},
) {
  return sendRaw(
    server,
    "POST",
    path,
    body.body,
    {
      origin: `http://${host}:${server.port}`,
      accept: "text/html",
      ...(body.type ? { "content-type": body.type } : {}),
      ...headers,
    },
    host,
  );
}

describe("a post that is not a form", () => {
  it.each(BODIES)("is refused on every shopper's form page: $name", async (body) => {
    const answers: Record<string, number> = {};
    for (const path of sitePaths) {
      const response = await send(`${SITE}.localhost`, path, body);
      answers[path] = response.status;
      if (body.message) expect(response.body, path).toContain(body.message);
    }
    expect(answers).toEqual(
      Object.fromEntries(
        sitePaths.map((p) => [
          p,
          // A signed-out page whose form cannot be read has no token to check: refused as such.
          body.name === "garbage multipart data" && SIGNED_OUT_TOKEN_PAGES.has(p)
            ? 403
            : body.status,
        ]),
      ),
    );
  });

  it.each(BODIES)("is refused on Reserve Now and Buy Online: $name", async (body) => {
    const answers: Record<string, number> = {};
    for (const path of checkoutPaths) {
      const response = await send(checkoutHost, path, body);
      answers[path] = response.status;
      if (body.message) expect(response.body, path).toContain(body.message);
    }
    expect(answers).toEqual(Object.fromEntries(checkoutPaths.map((p) => [p, body.status])));
  });

  it.each(BODIES)("is refused on every back office form, signed in: $name", async (body) => {
    const answers: Record<string, number> = {};
    const headers = {
      cookie: `staff_session=${encodeURIComponent(admin.session!)}`,
      "x-csrf-token": admin.csrf,
    };
    for (const path of adminPaths) {
      const response = await send(PLATFORM_HOST, path, body, headers);
      answers[path] = response.status;
      if (body.message) expect(response.body, path).toContain(body.message);
    }
    expect(answers).toEqual(Object.fromEntries(adminPaths.map((p) => [p, body.status])));
  });

  it("a form post still reaches its page (the contact form answers its fields)", async () => {
    const response = await sendRaw(
      server,
      "POST",
      "/contact",
      new URLSearchParams({ first_name: "" }).toString(),
      {
        origin: `http://${SITE}.localhost:${server.port}`,
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
      },
      `${SITE}.localhost`,
    );
    expect(response.status).toBe(422);
  });

  it("an empty url-encoded form is answered 400 with its message on the page", async () => {
    const response = await sendRaw(
      server,
      "POST",
      "/finance",
      "",
      {
        origin: `http://${SITE}.localhost:${server.port}`,
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
      },
      `${SITE}.localhost`,
    );
    expect(response.status).toBe(400);
    expect(response.body).toContain(EMPTY_FORM_MESSAGE);
  });
});
