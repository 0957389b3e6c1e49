/**
 * /feeds/ on a site's host (docs/product/feeds.md, "Paths"): the vehicle ads feeds, Google's
 * local store data and each feed's report of the vehicles it leaves out. Mounted after tenancy
 * (the site and its origin are known) and before the page cache records anything.
 */
import express from "express";
import type { Request, Response } from "express";
import type { FeedName } from "~/domain/vehicle-ads";
import type { Site } from "../sites/site";
import { FEED_FILES, isFeedName, reportPath, type FeedService } from "./feed-service";

type Locals = { site?: Site; origin?: string };

/** A feed URL needs no query; a longer one than this is refused before any work. */
export const FEED_QUERY_MAX = 256;

const KNOWN_PATHS = [
  ...FEED_FILES.map((f) => f.path),
  reportPath("google-vehicle-ads"),
  reportPath("meta-vehicles"),
];

export const UNKNOWN_FEED_MESSAGE = `No such feed. This site's feeds are ${KNOWN_PATHS.join(", ")}.`;

export function createFeedsRouter(feeds: FeedService) {
  const router = express.Router();

  router.use("/feeds", (req, res, next) => {
    const query = req.originalUrl.indexOf("?");
    if (query !== -1 && req.originalUrl.length - query - 1 > FEED_QUERY_MAX) {
      plain(res, 414, "The query string is too long: feed URLs take no query.");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      plain(res, 405, "Feeds are read with GET or HEAD.");
      return;
    }
    next();
  });

  router.get("/feeds", (_req, res) => {
    const { origin } = locals(res);
    res.set("Cache-Control", "no-cache").json({
      feeds: FEED_FILES.map((f) => ({ name: f.name, url: `${origin}${f.path}` })),
      reports: (["google-vehicle-ads", "meta-vehicles"] as const).map((feed) => ({
        feed,
        url: `${origin}${reportPath(feed)}`,
      })),
    });
  });

  router.get("/feeds/:name/report", async (req, res, next) => {
    const name = req.params.name;
    if (!isFeedName(name)) return plain(res, 404, UNKNOWN_FEED_MESSAGE);
    try {
      const { site, origin } = locals(res);
      const report = await feeds.report(site, origin, name);
      res.set("Cache-Control", "no-store").json(report);
    } catch (error) {
      next(error);
    }
  });

  router.get("/feeds/:file", async (req, res, next) => {
    const file = FEED_FILES.find((f) => f.path === `/feeds/${req.params.file}`);
    if (!file) return plain(res, 404, UNKNOWN_FEED_MESSAGE);
    const { site, origin } = locals(res);
    feeds.recordFetch(site.id, file.name);
    const { etag, lastModified } = feeds.validators(site, file.name);
    res.set({
      "Content-Type": file.type,
      "Cache-Control": "no-cache",
      ETag: etag,
      "Last-Modified": lastModified.toUTCString(),
    });
    if (notModified(req, etag, lastModified)) {
      res.status(304).end();
      return;
    }
    if (req.method === "HEAD") {
      res.status(200).end();
      return;
    }
    try {
      if (file.name === "google-stores") {
        res.status(200).send(await feeds.storeFeed(site, origin));
        return;
      }
      await stream(res, feeds.chunks(site, origin, file.name as FeedName));
    } catch (error) {
      next(error);
    }
  });

  // Anything else under /feeds/ (another name, another format): a 404 that names the feeds.
  router.all("/feeds/{*rest}", (_req, res) => plain(res, 404, UNKNOWN_FEED_MESSAGE));

  return router;
}

function locals(res: Response): { site: Site; origin: string } {
  const { site, origin } = res.locals as Locals;
  if (!site || !origin) throw new Error("feeds router mounted before tenancy");
  return { site, origin };
}

function plain(res: Response, status: number, message: string): void {
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}

/** If-None-Match first (weak comparison); If-Modified-Since only without it (RFC 9110). */
function notModified(req: Request, etag: string, lastModified: Date): boolean {
  const tags = req.headers["if-none-match"];
  if (tags !== undefined) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, "");
    return tags === "*" || tags.split(",").some((tag) => bare(tag) === bare(etag));
  }
  const since = req.headers["if-modified-since"];
  if (since === undefined) return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && Math.floor(lastModified.getTime() / 1000) * 1000 <= at;
}

/** Writes the chunks as they come, waiting while the client is slower than the build. */
async function stream(res: Response, chunks: AsyncGenerator<string>): Promise<void> {
  res.status(200);
  let closed = false;
  res.once("close", () => {
    closed = true;
  });
  for await (const chunk of chunks) {
    if (closed) {
      await chunks.return(undefined);
      return;
    }
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    }
  }
  res.end();
}
