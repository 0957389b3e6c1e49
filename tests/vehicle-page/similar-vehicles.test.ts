/**
 * Similar vehicles (docs/product/vehicle-card-and-page.md): the vehicle page's similar block
 * shows cars near in price and age as well as model, from the site's own listed stock; far ones
 * (a new car of the same model at three times the price) only when fewer closer ones exist.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let full: Site;
let sparse: Site;

type Car = { slug: string };
type Spec = { make: string; model: string; body: string; year: number; price: number };

const rav4 = (year: number, price: number): Spec => ({
  make: "Toyota",
  model: "RAV4",
  body: "SUV",
  year,
  price,
});

/** A car on `site`; new ones rank first in the site's own order, as dealers set them. */
function car(
  site: Site,
  spec: Spec,
  extra: { carType?: string; show?: boolean; soldAt?: Date } = {},
) {
  const carType = extra.carType ?? "used";
  return aVehicle(server, site, {
    make: spec.make,
    model: spec.model,
    name: `${spec.year} ${spec.make} ${spec.model}`,
    slug: `${spec.year}-${spec.make}-${spec.model}-${Math.random().toString(36).slice(2, 10)}`
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, "-"),
    simpleBody: spec.body,
    year: spec.year,
    price: spec.price,
    carType,
    customRank: carType === "new" ? 100 : 0,
    showOnDealerWebsite: extra.show ?? true,
    ...(extra.soldAt ? { status: "sold", soldAt: extra.soldAt } : {}),
  });
}

const newRav4s = (site: Site) =>
  Promise.all(
    [39_200, 39_500, 39_800, 40_000].map((price) =>
      car(site, rav4(2026, price), { carType: "new" }),
    ),
  );

const get = (site: Site, path: string) => fetchWithHost(server, `${site.slug}.localhost`, path);

/** The vehicle page links of the similar block, in order. */
async function similarLinks(site: Site, vehicle: Car): Promise<string[]> {
  const html = (await get(site, `/cars/${vehicle.slug}`)).body;
  const start = html.indexOf('id="similar-heading"');
  if (start === -1) return [];
  const section = html.slice(start, html.indexOf("</section>", start));
  return [...section.matchAll(/<h3[^>]*><a[^>]*href="\/cars\/([^"]+)"/g)].map((m) => m[1]!);
}

let self: Car;
let nearRav4s: Car[];
let nearSuv: Car;
let fartherSuv: Car;
let hidden: Car;
let sold: Car;
let fullNew: Car[];
let sparseSelf: Car;
let sparseNear: Car[];
let sparseNew: Car[];

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" });
  full = await aSite(server);
  sparse = await aSite(server);

  self = await car(full, rav4(2017, 13_860));
  fullNew = await newRav4s(full);
  nearRav4s = [
    await car(full, rav4(2016, 12_900)),
    await car(full, rav4(2018, 15_500)),
    await car(full, rav4(2019, 17_000)),
  ];
  nearSuv = await car(full, {
    make: "Hyundai",
    model: "Tucson",
    body: "SUV",
    year: 2016,
    price: 12_000,
  });
  fartherSuv = await car(full, {
    make: "Mazda",
    model: "CX-5",
    body: "SUV",
    year: 2019,
    price: 16_500,
  });
  // The closest of all, but the site does not show it.
  hidden = await car(full, rav4(2017, 13_900), { show: false });

  sold = await car(full, rav4(2017, 13_860), { soldAt: new Date(Date.now() - 86_400_000) });

  sparseSelf = await car(sparse, rav4(2017, 13_860));
  sparseNew = await newRav4s(sparse);
  sparseNear = [
    await car(sparse, rav4(2015, 11_500)),
    await car(sparse, { make: "Kia", model: "Sportage", body: "SUV", year: 2018, price: 15_000 }),
  ];

  const shown = [
    ...[self, sold, ...fullNew, ...nearRav4s, nearSuv, fartherSuv].map((v) => [full, v] as const),
    ...[sparseSelf, ...sparseNew, ...sparseNear].map((v) => [sparse, v] as const),
  ];
  await Promise.all(
    shown.map(([site, v]) =>
      published(async () => ((await get(site, `/cars/${v.slug}`)).status === 200 ? true : null)),
    ),
  );
});
afterAll(async () => {
  await server?.close();
});

describe("Similar vehicles (vehicle-card-and-page.md): near in price and age", () => {
  it("a $13,860 2017 RAV4 shows the near-priced, near-year RAV4s, then the nearest other SUV, and no 2026 RAV4", async () => {
    await expect
      .poll(() => similarLinks(full, self))
      .toEqual([...nearRav4s.map((v) => v.slug), nearSuv.slug]);
    const links = await similarLinks(full, self);
    for (const far of [...fullNew, fartherSuv, hidden, self]) expect(links).not.toContain(far.slug);
  });

  it("the 2026 RAV4s fill the block only when fewer than four closer ones exist", async () => {
    const links = await similarLinks(sparse, sparseSelf);
    expect(links).toHaveLength(4);
    expect(links.slice(0, 2)).toEqual(sparseNear.map((v) => v.slug));
    for (const link of links.slice(2)) expect(sparseNew.map((v) => v.slug)).toContain(link);
  });
});

describe("Unavailable vehicles (vehicle-card-and-page.md): Find Me Something Similar", () => {
  it("a sold $13,860 2017 RAV4 links to a search for RAV4s near its price and year", async () => {
    const html = (await get(full, `/cars/${sold.slug}`)).body;
    const link = html.match(
      /href="([^"]+)"[^>]*>[^<]*<span[^>]*>[^<]*Find Me Something Similar/,
    )?.[1];
    expect(link?.replace(/&amp;/g, "&")).toBe(
      "/search/make/Toyota/Toyota%20RAV4?price=10395:17325&year=2014:2020",
    );
    const search = await get(full, link!.replace(/&amp;/g, "&"));
    expect(search.status).toBe(200);
    for (const near of nearRav4s) expect(search.body).toContain(near.slug);
    for (const far of fullNew) expect(search.body).not.toContain(far.slug);
  });
});
