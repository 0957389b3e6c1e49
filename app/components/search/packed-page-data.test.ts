import { describe, expect, it } from "vitest";
import type { SlugTarget } from "~/domain/search-scope";
import type { FacetPanel } from "~/app/routes/search.server";
import { packPanels, packSlugTargets, unpackPanels, unpackSlugTargets } from "./packed-page-data";

const panels: FacetPanel[] = [
  {
    kind: "list",
    facet: "body",
    label: "Body type",
    options: [
      { value: "SUV", label: "SUV", count: 12 },
      { value: "used", label: "Used", count: 3 },
    ],
  },
  {
    kind: "makes",
    facet: "make",
    label: "Make",
    modelsFacet: true,
    options: [
      {
        value: "Toyota",
        label: "Toyota",
        count: 9,
        popular: true,
        logoUrl: null,
        models: [{ value: "Toyota Corolla", label: "Corolla", count: 4 }],
      },
      { value: "bmw", label: "BMW", count: 1, popular: false, logoUrl: "/b.svg", models: null },
    ],
  },
  { kind: "range", facet: "price", label: "Price", min: 1000, max: null, stats: null },
];

describe("the search page's packed lists", () => {
  it("unpack to the panels they were packed from, without field names", () => {
    const packed = packPanels(panels);
    expect(JSON.stringify(packed.map((p) => p.kind !== "range" && p.options))).not.toMatch(
      /"(value|label|count|popular)"/,
    );
    expect(unpackPanels(structuredClone(packed))).toEqual(panels);
  });

  it("send an option's label once when it is its value", () => {
    const [list] = packPanels(panels);
    expect(list?.kind === "list" && list.options).toEqual([
      ["SUV", 12],
      ["used", 3, "Used"],
    ]);
  });

  it("unpack the slugs they were packed from", () => {
    const targets: SlugTarget[] = [
      { slug: "harbour-ford", facet: "dealership_name", name: "Harbour Ford" },
      { slug: "penrith", facet: "location_name", name: "Penrith" },
    ];
    expect(unpackSlugTargets(structuredClone(packSlugTargets(targets)))).toEqual(targets);
  });
});
