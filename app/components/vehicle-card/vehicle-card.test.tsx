import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, it } from "vitest";
import { defaultSiteSettings, type SiteSettings } from "~/domain/site-settings";
import { aVehicle } from "~/domain/testing/vehicle-fixture";
import type { Vehicle } from "~/domain/vehicle";
import { SiteContext, siteDataOf } from "~/app/lib/site";
import type { Site } from "~/server/sites/site";
import { cardOf } from "./card-vehicle";
import { VehicleCard } from "./vehicle-card";

function aSite(settings: Partial<SiteSettings> = {}, rest: Partial<Site> = {}): Site {
  return {
    id: 7,
    slug: "test-motors",
    name: "Test Motors",
    template: "classic",
    locale: "en-AU",
    url: null,
    domainName: null,
    logo: null,
    city: null,
    state: null,
    dealershipGroup: null,
    dealershipId: 10,
    dealerships: [],
    manufacturer: null,
    searchKey: "k",
    navigation: { header: [], footer: [], social: [] },
    contactDetails: { phone: "1300 000 000", email: null, address: null },
    settings: { ...defaultSiteSettings(), paymentProvider: "stripe", ...settings },
    version: 1,
    ...rest,
  };
}

/** The card rendered on the server inside a router, with the site as the server entry gives it. */
async function render(vehicle: Vehicle, site: Site = aSite(), priority = false): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [
        {
          index: true,
          Component: () => <VehicleCard vehicle={cardOf(vehicle)} priority={priority} />,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://test.localhost/"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(
    <SiteContext value={siteDataOf(site)}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
      />
    </SiteContext>,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("Vehicle card (vehicle-card-and-page.md)", () => {
  it("shows year, make, model, badge, series, price and type, condition, transmission, odometer and fuel", async () => {
    const html = text(
      await render(aVehicle({ simple_transmission: "Automatic", simple_fuel: "Petrol" })),
    );
    for (const part of [
      "2021 Toyota Corolla",
      "Ascent Sport ZWE211R",
      "$27,990.00",
      "Drive Away",
      "Used",
      "Automatic",
      "42,000 km",
      "Petrol",
    ]) {
      expect(html).toContain(part);
    }
  });

  it("links the title to the vehicle page and the actions to the forms, as plain links", async () => {
    const html = await render(
      aVehicle({ id: 5, slug: "a-car" }),
      aSite({ vehiclePath: "motorcycles" }),
    );
    expect(html).toContain('href="/motorcycles/a-car"');
    expect(html).toContain('href="/motorcycles/a-car#enquiry"');
    expect(html).toContain('href="/book-test-drive/?car_id=5"');
    expect(html).toMatch(/href="\/finance\?[^"]*car_id=5/);
  });

  it("names an action by its own words and describes it by the card's heading, which names the car", async () => {
    const html = await render(aVehicle({ id: 5, slug: "a-car" }));
    const heading = /<h3 [^>]*id="([^"]+)"[^>]*>.*?2021 Toyota Corolla/.exec(html);
    expect(heading).not.toBeNull();
    const enquire = /<a [^>]*href="\/cars\/a-car#enquiry"[^>]*>/.exec(html)?.[0] ?? "";
    expect(enquire).toContain(`aria-describedby="${heading![1]}"`);
    expect(enquire).not.toContain("aria-label");
    // A deposit line is part of the name; the card's links navigate in the app as one block.
    expect(html).toMatch(/aria-label="Reserve Now, \$500 deposit"[^>]*>Reserve Now</);
    expect(html).toMatch(/^<article [^>]*data-app-links=""/);
  });

  it("prices: only above 10, else 'Enquire for price.' or PREORDER; the below-market indicator", async () => {
    expect(text(await render(aVehicle({ price: 10 })))).toContain("Enquire for price.");
    expect(text(await render(aVehicle({ price: 0, preorder: true })))).toContain("PREORDER");
    const cheap = aVehicle({
      price: 20_000,
      autograb_data: { average_market_price: 21_000, state_average_market_price: null },
    });
    expect(text(await render(cheap))).toContain("Below market price");
    const fair = aVehicle({
      price: 20_000,
      autograb_data: { average_market_price: 20_400, state_average_market_price: null },
    });
    expect(text(await render(fair))).not.toContain("Below market price");
  });

  it("tags and the certified dialog (a native popover: no script needed)", async () => {
    const html = await render(
      aVehicle({ reserved: true, simple_fuel: "Plug-in Hybrid", tag: "Special", certified: true }),
    );
    for (const tag of [
      "Reserved",
      "PHEV",
      "Special",
      "Certified Pre-Owned",
      "90 point inspection",
      "1 year roadside assist",
    ]) {
      expect(text(html)).toContain(tag);
    }
    const target = /popoverTarget="([^"]+)"/i.exec(html)?.[1];
    expect(target).toBeTruthy();
    expect(html).toContain(`id="${target}" popover="auto" role="dialog"`);
  });

  it("a sold vehicle: the sold tag and Find Me Something Similar instead of enquiries", async () => {
    const html = text(
      await render(aVehicle({ status: "sold", sold: true }), aSite({ soldTagName: "Sold" })),
    );
    expect(html).toContain("Sold");
    expect(html).toContain("Find Me Something Similar");
    expect(html).not.toContain("Enquire Now");
  });

  it("the dealer's number starts masked after 5 characters (revealed by <details>), or revealed where the site says", async () => {
    const masked = await render(
      aVehicle({
        location: { name: "L", phone: "02 9630 1000", slug: "l", distribution_locations: [] },
      }),
    );
    expect(text(masked)).toContain("Call 02 96XX XXXX");
    expect(masked).toMatch(/<details[^>]*>\s*<summary/);
    const revealed = await render(
      aVehicle({ location: null }),
      aSite({ phoneStartsRevealed: true }),
    );
    expect(revealed).not.toContain("<details");
    expect(revealed).toContain('href="tel:1300000000"');
  });

  it("US sites: miles, 'Inquire', US spellings; pre-owned wording where the site says", async () => {
    const us = text(
      await render(aVehicle({ km: 12_000, simple_fuel: "Petrol" }), aSite({}, { locale: "en-US" })),
    );
    expect(us).toContain("12,000 miles");
    expect(us).toContain("Inquire Now");
    expect(us).toContain("Gas");
    expect(text(await render(aVehicle(), aSite({ usedShownAsPreOwned: true })))).toContain(
      "Pre-owned",
    );
  });

  it("subscription price only on subscription sites", async () => {
    const vehicle = aVehicle({ subscription_price: 199 });
    expect(text(await render(vehicle, aSite({ offersSubscription: true })))).toContain(
      "Subscribe from $199 per week",
    );
    expect(text(await render(vehicle))).not.toContain("Subscribe");
  });

  it("image: fixed size (no layout shift), lazy unless the card has priority", async () => {
    const vehicle = aVehicle({ primary_image_url: "https://cdn.example/car.jpg" });
    const lazy = await render(vehicle);
    expect(lazy).toMatch(/<img[^>]*width="640"[^>]*height="480"[^>]*loading="lazy"/);
    expect(lazy).toContain("640w");
    expect(lazy).not.toContain("1920w");
    const eager = await render(vehicle, aSite(), true);
    expect(eager).toMatch(/loading="eager"[^>]*fetchPriority="high"/i);
  });
});
