/**
 * The built-in image resizer behind `/media/image?url=&w=&q=`, and `/media/image/{w}q{q}{path}` for
 * one of the site's own images (domain/image-url.ts builds these
 * URLs when a site names no image CDN template; docs/product/vehicle-card-and-page.md, "Images":
 * widths 640 to 3840, the site's quality). It fetches a photo from one of the site's photo hosts
 * (`imageSourceHosts`: never an arbitrary address), resizes it with sharp to WebP (or JPEG for
 * browsers that do not take WebP) and keeps the result in memory. The site's own images (paths) are
 * not fetched: the browser is sent to them, except the generated demo photos (demo-photos.ts),
 * which are made in-process and resized like a photo from a host.
 */
import type { Request, Response } from "express";
import sharp from "sharp";
import { z } from "zod";
import { IMAGE_WIDTHS } from "~/domain/image-url";
import { BoundedCache } from "../bounded-cache";
import { answeredStatus, outboundFetch, type OutboundFetch } from "../net/outbound-fetch";
import type { Site } from "../sites/site";

const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 8_000;
/** Resized images kept in memory by default (IMAGE_CACHE_MAX_BYTES), least recently used out first. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
const IMMUTABLE = "public, max-age=31536000, immutable";

const ImageQuery = z.object({
  url: z.string().min(1, "url is required").max(2048, "url is too long"),
  w: z.coerce
    .number()
    .refine(
      (w) => (IMAGE_WIDTHS as readonly number[]).includes(w),
      `w must be one of ${IMAGE_WIDTHS.join(", ")}`,
    ),
  q: z.coerce.number().int().min(1, "q must be 1 to 100").max(100, "q must be 1 to 100"),
});

type Resized = { type: string; body: Buffer };
/**
 * How to make one of the site's own generated images at a path (called only when the resized
 * image is not cached), or null when the path is not one.
 */
export type LocalImages = (pathname: string) => (() => Promise<Buffer>) | null;

export class ImageResizer {
  readonly #cache: BoundedCache<string, Resized>;
  #pending = new Map<string, Promise<Resized>>();

  constructor(
    /** The guarded client: a photo host is a site setting (imageSourceHosts). */
    private readonly fetchImpl: OutboundFetch = outboundFetch,
    maxBytes = CACHE_MAX_BYTES,
    private readonly localImages: LocalImages = () => null,
  ) {
    this.#cache = new BoundedCache(maxBytes);
  }

  stats() {
    return this.#cache.stats();
  }

  /** `origin`: the site's configured origin (server/sites/site-origin.ts). */
  handle = async (
    req: Request,
    res: Response,
    site: Site,
    origin: string,
    query: unknown = req.query,
  ) => {
    const parsed = ImageQuery.safeParse(query);
    if (!parsed.success) {
      res
        .status(400)
        .type("text/plain")
        .send(parsed.error.issues.map((issue) => issue.message).join("; "));
      return;
    }
    const { url, w, q } = parsed.data;
    // Read the way a browser reads it (`/\\host` and `//host` name another host), against the
    // site's origin: what lands on the site itself is one of its own images, which the browser
    // loads as it is, by path (never a URL a visitor wrote: that would be an open redirect).
    let source: URL;
    try {
      source = new URL(url, origin);
    } catch {
      res
        .status(400)
        .type("text/plain")
        .send("url must be a path on this site or an http(s) address");
      return;
    }
    const format = /image\/webp/.test(req.headers.accept ?? "") ? "webp" : "jpeg";
    if (source.origin === new URL(origin).origin) {
      const local = this.localImages(source.pathname);
      if (local) {
        const image = await this.#resized(`local:${source.pathname}`, w, q, format, local);
        res
          .status(200)
          .set({ "Content-Type": image.type, "Cache-Control": IMMUTABLE, Vary: "Accept" })
          .send(image.body);
        return;
      }
      res.redirect(302, `/${source.pathname.replace(/^\/+/, "")}${source.search}`);
      return;
    }
    if (
      (source.protocol !== "https:" && source.protocol !== "http:") ||
      source.username ||
      source.password
    ) {
      res
        .status(400)
        .type("text/plain")
        .send("url must be a path on this site or an http(s) address");
      return;
    }
    if (
      !site.settings.imageSourceHosts.some(
        (host) => host.toLowerCase() === source.host.toLowerCase(),
      )
    ) {
      res
        .status(403)
        .type("text/plain")
        .send(
          `Images from ${source.host} are not resized for this site: add the host to imageSourceHosts.`,
        );
      return;
    }
    try {
      const image = await this.#resized(source.href, w, q, format);
      res
        .status(200)
        .set({ "Content-Type": image.type, "Cache-Control": IMMUTABLE, Vary: "Accept" })
        .send(image.body);
    } catch (error) {
      req.log?.warn({ err: error, url: source.href }, "image could not be resized");
      res.status(502).type("text/plain").send("The image could not be loaded from its host.");
    }
  };

  #resized(
    url: string,
    width: number,
    quality: number,
    format: "webp" | "jpeg",
    original: () => Promise<Buffer> = () => this.#fetchOriginal(url),
  ): Promise<Resized> {
    const key = `${format}|${width}|${quality}|${url}`;
    const hit = this.#cache.get(key);
    if (hit) return Promise.resolve(hit);
    // Many cards ask for the same photo at once: one fetch and one resize.
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#load(original, width, quality, format)
        .then((image) => {
          this.#store(key, image);
          return image;
        })
        .finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    return pending;
  }

  async #fetchOriginal(url: string): Promise<Buffer> {
    const response = await this.fetchImpl(url, {
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_SOURCE_BYTES,
      maxRedirects: 0,
    });
    if (!response.ok) throw new Error(`image host ${answeredStatus(response)}`);
    if (!/^image\//.test(response.headers.get("content-type") ?? ""))
      throw new Error("not an image");
    return Buffer.from(await response.arrayBuffer());
  }

  async #load(
    source: () => Promise<Buffer>,
    width: number,
    quality: number,
    format: "webp" | "jpeg",
  ): Promise<Resized> {
    const original = await source();
    const pipeline = sharp(original, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    const body = await (
      format === "webp" ? pipeline.webp({ quality }) : pipeline.jpeg({ quality, mozjpeg: true })
    ).toBuffer();
    return { type: `image/${format}`, body };
  }

  #store(key: string, image: Resized) {
    this.#cache.set(key, image, image.body.length + key.length);
  }
}
