/**
 * React Router matches a request against its whole route table several times per document (the
 * request, its data, then "/" and every parent path of the URL for the route manifest the page
 * sends), and builds route objects for the whole table on every render: with the back office's
 * routes, some ninety. A path can only ever match the routes whose first segment is the path's
 * own first segment, or a segment that matches anything (a parameter, a splat, an optional
 * segment), or no segment at all (the index). So each first segment gets a build of those routes
 * only (their parents kept), made once: it answers every path starting with that segment exactly
 * as the whole table does, and the route manifest it sends is the same.
 */
import type { ServerBuild } from "react-router";

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean };

/** The first segment of a route's whole path: null for none, "*" for one that matches any. */
function firstSegments(routes: Record<string, RouteEntry | undefined>): Map<string, string | null> {
  const fullPaths = new Map<string, string>();
  const fullPath = (route: RouteEntry): string => {
    const known = fullPaths.get(route.id);
    if (known !== undefined) return known;
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const path = own.startsWith("/") || !parent ? own : `${fullPath(parent)}/${own}`;
    fullPaths.set(route.id, path);
    return path;
  };
  const firsts = new Map<string, string | null>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const first = fullPath(route)
      .split("/")
      .find((segment) => segment !== "");
    if (first === undefined) firsts.set(route.id, null);
    else if (/^:|[*?]/.test(first)) firsts.set(route.id, "*");
    // React Router matches paths case-insensitively (a case-sensitive route is then kept too).
    else firsts.set(route.id, first.toLowerCase());
  }
  return firsts;
}

/** The routes that can match a path whose first segment is `segment` (null: no static one). */
function routesFor(
  routes: Record<string, RouteEntry | undefined>,
  firsts: Map<string, string | null>,
  segment: string | null,
): Set<string> {
  const kept = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const first = firsts.get(route.id);
    const matches =
      first === "*" ||
      (first === null && (route.index === true || route.path !== undefined)) ||
      (first !== null && first === segment);
    if (!matches && route.parentId) continue;
    // A kept route keeps its parents: the root, layouts.
    for (let id: string | undefined = route.id; id && !kept.has(id); id = routes[id]?.parentId)
      kept.add(id);
  }
  return kept;
}

function pick<T>(record: Record<string, T>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
}

export type RoutePartitions<T> = {
  /** What was made of the build that answers this request URL (path and query) as the whole would. */
  forUrl(url: string): T;
};

/**
 * The route table split by first path segment. `make` turns each partition's build (and the whole
 * build, for what the whole table answers) into what a request needs, once per partition: React
 * Router's request handler in the server, the build itself by default.
 */
export function routePartitions<T = ServerBuild>(
  build: ServerBuild,
  make: (build: ServerBuild) => T = (made) => made as T,
): RoutePartitions<T> {
  const firsts = firstSegments(build.routes);
  const statics = new Set([...firsts.values()].filter((s): s is string => s !== null && s !== "*"));
  const manifestPath =
    build.routeDiscovery?.mode === "lazy" ? build.routeDiscovery.manifestPath : null;
  let whole: { made: T } | undefined;
  const wholeMade = (): T => (whole ??= { made: make(build) }).made;
  const partitions = new Map<string | null, T>();
  const partition = (segment: string | null): T => {
    if (partitions.has(segment)) return partitions.get(segment)!;
    const ids = routesFor(build.routes, firsts, segment);
    const made = make({
      ...build,
      routes: pick(build.routes, ids),
      assets: { ...build.assets, routes: pick(build.assets.routes, ids) },
    });
    partitions.set(segment, made);
    return made;
  };
  // With a basename the paths React Router matches are not the request's, and without lazy route
  // discovery a document sends the whole route manifest: the whole table.
  if ((build.basename ?? "/") !== "/" || manifestPath === null) return { forUrl: wholeMade };
  return {
    forUrl(url) {
      // The pathname React Router reads: the request URL on an origin, as @react-router/express
      // makes it (dot segments resolved), a data request's `.data` taken off.
      let pathname: string;
      try {
        pathname = new URL(`http://localhost${url}`).pathname;
      } catch {
        return wholeMade();
      }
      // The route manifest answers for any path.
      if (pathname === manifestPath) return wholeMade();
      // The first segment that is not empty: the page's route manifest matches the parent paths
      // of the URL with empty segments left out ("//search/x" asks for "/search").
      const raw =
        pathname
          .replace(/\.data$/, "")
          .split("/")
          .find((part) => part !== "") ?? "";
      let segment: string;
      try {
        segment = decodeURIComponent(raw);
      } catch {
        segment = raw;
      }
      segment = segment.toLowerCase();
      return partition(statics.has(segment) ? segment : null);
    },
  };
}
