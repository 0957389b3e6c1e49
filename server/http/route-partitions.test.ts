import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "~/app/routes";
import { routePartitions } from "./route-partitions";

type Entry = { id: string; parentId?: string; path?: string; index?: boolean };

/** The app's route table as a build lists it (ids as React Router makes them from files). */
function manifestOf(config: RouteConfigEntry[]): Record<string, Entry> {
  const routes: Record<string, Entry> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index };
      if (entry.children) add(entry.children, id);
    }
  };
  add(config, "root");
  return routes;
}

function buildOf(routes: Record<string, Entry>): ServerBuild {
  return {
    routes,
    assets: { routes, version: "v", url: "/m.js", entry: { module: "", imports: [] } },
    basename: "/",
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The nested routes React Router matches, from a build's table. */
function routeObjects(routes: Record<string, Entry | undefined>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route): route is Entry => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path, children: routeObjects(routes, route.id) },
    );
}

/** The ids matched for a path and for "/" and each of its parent paths (the page's manifest). */
function matched(routes: RouteObject[], pathname: string): string[][] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = [pathname, "/"];
  for (let n = segments.length - 1; n > 0; n--) paths.push(`/${segments.slice(0, n).join("/")}`);
  return paths.map((path) => matchRoutes(routes, path)?.map((m) => m.route.id ?? "") ?? []);
}

const build = buildOf(manifestOf(routeConfig));
const whole = routeObjects(build.routes);
const partitions = routePartitions(build);

function expectSameMatches(url: string) {
  const partition = partitions.forUrl(url);
  const pathname = new URL(`http://localhost${url}`).pathname.replace(/\.data$/, "");
  expect(matched(routeObjects(partition.routes), pathname), url).toEqual(matched(whole, pathname));
}

describe("routes partitioned by first path segment", () => {
  it("matches every page of the route table as the whole table does", () => {
    const paths = Object.values(build.routes).flatMap((route) => {
      const path = route?.path?.replace(/:[\w-]+/g, "x").replace("*", "y/z");
      return path ? [`/${path}`, `/${path.toUpperCase()}/`, `/${path}.data`, `/${path}/extra`] : [];
    });
    for (const url of [...paths, "/", "/_root.data", "/nope", "//cars/x", "/c%61rs/x", "/%ZZ"])
      expectSameMatches(url);
  });

  it("keeps only the routes a path can match", () => {
    const ids = Object.keys(partitions.forUrl("/cars/a-car").routes);
    expect(ids).toContain("vehicle-cars");
    expect(ids).toContain("routes/home");
    expect(ids).not.toContain("search");
    expect(ids.some((id) => id.startsWith("routes/admin/"))).toBe(false);
    expect(Object.keys(partitions.forUrl("/cars/a-car").assets.routes)).toEqual(ids);
    // One build per segment, made once.
    expect(partitions.forUrl("/cars/b?x=1")).toBe(partitions.forUrl("/cars/a-car"));
    expect(partitions.forUrl("/unknown")).toBe(partitions.forUrl("/other/thing"));
  });

  it("answers the route manifest from the whole table", () => {
    expect(partitions.forUrl("/__manifest?paths=/cars/a,/admin&version=v")).toBe(build);
  });

  it("keeps the whole table where a document sends the whole manifest", () => {
    const initial = { ...build, routeDiscovery: { mode: "initial" } } as ServerBuild;
    expect(routePartitions(initial).forUrl("/cars/a-car")).toBe(initial);
  });

  it("matches any path as the whole table does", () => {
    const segments = Object.values(build.routes)
      .flatMap((route) => route?.path?.split("/") ?? [])
      .filter((segment) => segment && !segment.startsWith(":") && segment !== "*");
    const segment = fc.oneof(
      fc.constantFrom(...segments),
      fc.constantFrom(...segments).map((s) => s.toUpperCase()),
      fc.constantFrom("", ".", "..", "x", "%2F", "a%20b", "_root.data"),
      fc.stringMatching(/^[a-z0-9-]{1,8}$/),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.boolean(), (parts, data) => {
        expectSameMatches(`/${parts.join("/")}${data ? ".data" : ""}`);
      }),
      { numRuns: 1_000 },
    );
  });
});
